// The charts' period in the address: a preset (`?weeks=26w`, default the last 12 weeks) or chosen days
// (`?from=&to=`, MM/dd/yyyy, either may be left out), and the query the server is asked with for it.
import { CHART_PERIODS, DEFAULT_CHART_WEEKS } from '../../../shared/charts';
import type { Query } from '../../api/http';
import { readTimeZone } from '../../shell/environment';

export type ChartPreset = (typeof CHART_PERIODS)[number]['value'];
export const DEFAULT_PRESET: ChartPreset = `${DEFAULT_CHART_WEEKS}w` as ChartPreset;
/** The picker's choice while days are chosen. */
export const CUSTOM = 'custom';

export type ChartParams = { weeks: string; from: string; to: string };

/** The preset the address names (an unknown one is the default), or custom when days are chosen. */
export function presetOf(params: ChartParams): ChartPreset | typeof CUSTOM {
  if (params.from || params.to) return CUSTOM;
  return CHART_PERIODS.find((p) => p.value === params.weeks)?.value ?? DEFAULT_PRESET;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The MM/dd/yyyy `days` after a MM/dd/yyyy day (calendar arithmetic, no time zone). */
export function shiftDay(day: string, days: number): string {
  const [mm, dd, yyyy] = day.split('/').map(Number) as [number, number, number];
  const d = new Date(Date.UTC(yyyy, mm - 1, dd + days));
  return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;
}

/** Today in the company's calendar (the server's time zone), MM/dd/yyyy; the browser's when not served by it. */
export function companyToday(timeZone: string | null = readTimeZone(), now = new Date()): string {
  const f = new Intl.DateTimeFormat('en-US', {
    ...(timeZone ? { timeZone } : {}),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return f.format(now);
}

/**
 * What the server is asked: the days chosen as they are (it snaps them to whole weeks and judges them); a preset of
 * N weeks as the days from N - 1 weeks ago to today; the default preset as nothing (the server's own default).
 */
export function chartsApiQuery(params: ChartParams, today: string): Query {
  if (presetOf(params) === CUSTOM) return { from: params.from || undefined, to: params.to || undefined };
  const weeks = Number.parseInt(presetOf(params), 10);
  if (weeks === DEFAULT_CHART_WEEKS) return {};
  return { from: shiftDay(today, -7 * (weeks - 1)), to: today };
}

/** yyyy-MM-dd → MM/dd/yyyy, and the short MM/dd an axis shows. */
export const displayDay = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
export const axisDay = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}`;
