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
export const chartWeekSchema = z.object({
  week: z.string().describe('The Monday the week starts on, yyyy-MM-dd.'),
  support: z.number().int().describe('Minutes of case time on support tasks.'),
  project: z.number().int().describe('Minutes of case time on project tasks.'),
  billable: z.number().int().describe('Minutes of case time at a multiplier above 0.'),
  nonBillable: z.number().int().describe('Minutes of case time at multiplier 0, plus bucket time.'),
});
export type ChartWeek = z.infer<typeof chartWeekSchema>;

/** GET /api/manage/charts: every chart of the page for one period. */
export const chartsResponseSchema = z.object({
  period: z
    .object({ from: z.string(), to: z.string() })
    .describe('The period shown: whole weeks, Monday to Sunday, MM/dd/yyyy.'),
  weeks: z.array(chartWeekSchema),
  topOrganizations: z
    .array(z.object({ id: z.number().int(), name: z.string(), minutes: z.number().int() }))
    .describe('The ten organizations with the most case time in the period (minutes), most first.'),
  wipTrend: z
    .array(z.object({ week: z.string(), minutes: z.number().int() }))
    .describe(
      'Work in progress at the end of each week (Monday yyyy-MM-dd): minutes of finished time on cases not billed by then.',
    ),
  deviceAge: z
    .array(z.object({ label: z.string(), count: z.number().int() }))
    .describe(
      'Active devices by age of their purchase date, in the device-age report\'s bands ("< 1 year" … "5+ years", then "Unknown": no purchase date).',
    ),
});
export type ChartsResponse = z.infer<typeof chartsResponseSchema>;
