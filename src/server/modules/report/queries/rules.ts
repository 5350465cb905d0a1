// The rules the client reports judge devices by (age bands, patch compliance, warranty windows, the tone of a
// percentage) and the default period. Pure: the rows are labelled with these; the summaries count with the SQL
// written beside each rule, which says the same thing.
import { addIsoDays, isoDaysBetween } from '../../../../shared/format/date.js';
import { formatShare } from '../../../../shared/format/figures.js';
import type { ReportFigure } from '../../../../shared/reports.js';
import { dateLiteral } from './plan.js';

/** yyyy-MM-dd of a calendar date; arithmetic in UTC so no time zone shifts a day. */
const iso = (d: Date) => d.toISOString().slice(0, 10);

export const addDays = addIsoDays;
export const daysBetween = isoDaysBetween;

/** The same day `years` earlier; 29 February becomes 28 February, as PostgreSQL's `date - interval` does. */
export function minusYears(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y - years, m, 0)).getUTCDate();
  return iso(new Date(Date.UTC(y - years, m - 1, Math.min(d, last))));
}

// ---- age by purchase date ----

export const AGE_BANDS = [
  '< 1 year',
  '1–2 years',
  '2–3 years',
  '3–4 years',
  '4–5 years',
  '5+ years',
  'Unknown',
] as const;
export const UNKNOWN_AGE = 6;

/** The band of a device bought on `purchase` (yyyy-MM-dd or null), seen on `today`: whole years of age. */
export function ageBand(purchase: string | null, today: string): number {
  if (!purchase) return UNKNOWN_AGE;
  for (let years = 1; years <= 5; years++) if (purchase > minusYears(today, years)) return years - 1;
  return 5;
}

/**
 * The same bands in SQL: for date column `column` seen on `today` (yyyy-MM-dd), the condition of each band, in
 * AGE_BANDS order; dates against dates, no arithmetic per row.
 */
export function ageBandConditions(column: string, today: string): string[] {
  const before = [1, 2, 3, 4, 5].map((y) => dateLiteral(minusYears(today, y)));
  return [
    `${column} > ${before[0]}`,
    ...[1, 2, 3, 4].map((i) => `${column} <= ${before[i - 1]} AND ${column} > ${before[i]}`),
    `${column} <= ${before[4]}`,
    `${column} IS NULL`,
  ];
}

// ---- patches ----

export const PATCH_STATUSES = {
  COMPLIANT: 'Compliant',
  MISSING: 'Missing patches',
  STALE: 'Not patched in 30 days',
  NO_DATA: 'No patch data',
} as const;
export type PatchStatus = keyof typeof PATCH_STATUSES;
export const PATCH_MAX_AGE_DAYS = 30;

/**
 * A device's patch state: its problems, missing patches and a last patch older than 30 days (either, both); neither,
 * compliant; nothing reported, no data. Each problem is counted on its own, as its figure says.
 */
export function patchStatus(missing: number | null, lastPatch: string | null, today: string): PatchStatus[] {
  if (missing === null && lastPatch === null) return ['NO_DATA'];
  const problems: PatchStatus[] = [];
  if ((missing ?? 0) > 0) problems.push('MISSING');
  if (lastPatch !== null && lastPatch < addDays(today, -PATCH_MAX_AGE_DAYS)) problems.push('STALE');
  return problems.length ? problems : ['COMPLIANT'];
}

/** The state in words: "Missing patches · Not patched in 30 days". */
export const patchStatusText = (status: PatchStatus[]) => status.map((s) => PATCH_STATUSES[s]).join(' · ');

/**
 * The same rule in SQL: the condition of each state for the missing count `missing` and the last patch date `last`
 * (SQL expressions) on the day `today` (a date literal).
 */
export const patchSql = (today: string, missing: string, last: string) => {
  const noData = `${missing} IS NULL AND ${last} IS NULL`;
  const missingSql = `${missing} > 0`;
  const stale = `${last} < ${today} - ${PATCH_MAX_AGE_DAYS}`;
  return {
    noData,
    missing: missingSql,
    stale,
    compliant: `NOT (${noData}) AND (${missingSql}) IS NOT TRUE AND (${stale}) IS NOT TRUE`,
  };
};

// ---- warranty ----

export const WARRANTY_STATUSES = {
  EXPIRED: 'Expired',
  DAYS_30: 'Ending within 30 days',
  DAYS_60: 'Ending in 31–60 days',
  DAYS_90: 'Ending in 61–90 days',
  COVERED: 'Covered',
  NONE: 'No warranty date',
} as const;
export type WarrantyStatus = keyof typeof WARRANTY_STATUSES;

/** The states of the warranty windows in order, and how many days left each reaches (expired: below 0). */
export const WARRANTY_WINDOW_STATES = [
  { status: 'EXPIRED', upTo: -1 },
  { status: 'DAYS_30', upTo: 30 },
  { status: 'DAYS_60', upTo: 60 },
  { status: 'DAYS_90', upTo: 90 },
] as const satisfies readonly { status: WarrantyStatus; upTo: number }[];

/** The last day (days left) a warranty window lists: 'expired', or ending within 30/60/90 days. */
export const warrantyWindowEnd = (within: string) => (within === 'expired' ? -1 : Number(within));

export function warrantyStatus(end: string | null, today: string): WarrantyStatus {
  if (!end) return 'NONE';
  const left = daysBetween(today, end);
  if (left < 0) return 'EXPIRED';
  if (left <= 30) return 'DAYS_30';
  if (left <= 60) return 'DAYS_60';
  if (left <= 90) return 'DAYS_90';
  return 'COVERED';
}

// ---- figures ----

/** part / whole as a percentage with one decimal, or null when there is nothing to divide. */
export const percentOf = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part * 1000) / whole) / 10 : null;

/** A percentage figure (15.7 for 15.7 %) as every report writes a share: "15.7%", "2.0%"; nothing to divide, "—". */
export const percentText = (p: number | null) => (p === null ? '—' : formatShare(p / 100));

/** How good a compliance percentage is: 90% and up good, 75% and up warning, below that bad. */
export function complianceTone(p: number | null): ReportFigure['tone'] {
  if (p === null) return undefined;
  return p >= 90 ? 'good' : p >= 75 ? 'warning' : 'bad';
}

/** A count that is a problem when there is any: bad (or warning) above zero, good at zero. */
export const problemTone = (n: number, when: 'bad' | 'warning' = 'bad'): ReportFigure['tone'] =>
  n > 0 ? when : 'good';

/** The calendar month before `today`'s (yyyy-MM-dd both ends): the default period. */
export function defaultPeriod(today: string): { from: string; to: string } {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 2, 1));
  const last = new Date(Date.UTC(y, m - 1, 0));
  return { from: iso(first), to: iso(last) };
}

/** The month of `day`: its first and last days. */
export function monthOf(day: string): { from: string; to: string } {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return { from: iso(new Date(Date.UTC(y, m - 1, 1))), to: iso(new Date(Date.UTC(y, m, 0))) };
}
