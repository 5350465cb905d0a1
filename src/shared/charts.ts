// Manage → Charts (/manage/charts, administrators): the firm's work at a glance over a period. GET
// /api/manage/charts?from=MM/dd/yyyy&to=MM/dd/yyyy answers every chart in one call; the page draws them with a
// chart library loaded only when the page is opened.
import { z } from 'zod';
import { checkPeriod } from './reports.js';
import { optionalDate } from './schemas/fields.js';

/** The period picker's presets (default: the last 12 weeks, this one included). */
export const CHART_PERIODS = [
  { value: '4w', label: 'Last 4 weeks' },
  { value: '12w', label: 'Last 12 weeks' },
  { value: '26w', label: 'Last 26 weeks' },
  { value: '52w', label: 'Last 52 weeks' },
] as const;
export const DEFAULT_CHART_WEEKS = 12;

/** from/to as the address carries them; either may be left out (to: the end of this week; from: 12 weeks before). */
export const chartsQuery = z.object({ from: optionalDate(), to: optionalDate() }).superRefine(checkPeriod);
export type ChartsQuery = z.infer<typeof chartsQuery>;

/** Minutes of one week (Monday `week`, yyyy-MM-dd) of the period. */
export type ChartWeek = {
  week: string;
  /** Case time on support tasks, and on project tasks. */
  support: number;
  project: number;
  /** Case time at a multiplier above 0; case time at 0 plus bucket time. */
  billable: number;
  nonBillable: number;
};

export type ChartsResponse = {
  /** The period shown, whole weeks Monday to Sunday, MM/dd/yyyy. */
  period: { from: string; to: string };
  weeks: ChartWeek[];
  /** The ten organizations with the most case time in the period (minutes), most first. */
  topOrganizations: { id: number; name: string; minutes: number }[];
  /** Work in progress at the end of each week: finished time on cases not billed by then (minutes). */
  wipTrend: { week: string; minutes: number }[];
  /** Active devices by age (from their purchase or first-seen date), as the device-age report bands them. */
  deviceAge: { label: string; count: number }[];
};
