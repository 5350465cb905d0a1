// Pure rules of the daily panel (SPEC §2 "Daily panel", §4 slip states): sort, totals, the day as intervals (gaps,
// overlaps), save rule.

import { type DayModel, dayModel, spanOf } from '../../../shared/day-intervals';
import { parseDateInput } from '../../../shared/format/date';
import { minutesToHmm } from '../../../shared/format/duration';
import { parseTimeOfDay } from '../../../shared/format/time-of-day';
import { ABBREVIATIONS, type Bucket, type Slip } from '../../../shared/schemas/slip';

export const NO_SLIPS = 'No slips entered for the selected date.';
export const OVERLAP_WARNING = 'This slip overlaps another slip of the same day';

/** The values a slip form edits; select-style values are bare (the POST body of SPEC §7). */
export type SlipValues = {
  version: number;
  startTime: string;
  stopTime: string;
  date: string;
  task: number | null;
  user: number | string | null;
  where: string | null;
  how: string | null;
  rateMultiplier: string;
  comment: string;
};

export function valuesOf(slip: Slip): SlipValues {
  return {
    version: slip.version,
    startTime: slip.startTime ?? '',
    stopTime: slip.stopTime ?? '',
    date: slip.date,
    task: slip.taskId ?? (slip.task ? Number(slip.task.value) : null),
    user: slip.user?.value ?? null,
    where: slip.where ? String(slip.where.value) : null,
    how: slip.how ? String(slip.how.value) : null,
    rateMultiplier: slip.rateMultiplier ? String(slip.rateMultiplier.value) : '1',
    comment: slip.comment ?? '',
  };
}

/**
 * The typed slip is one the server will most likely take (a task, a date, a start, and an end after it or none): the
 * card then shows it saved at once and settles when the server answers. Anything else waits for the server's word.
 */
export function looksSavable(values: SlipValues): boolean {
  const start = parseTimeOfDay(values.startTime);
  if (values.task === null || start === null || parseDateInput(values.date) === null) return false;
  if (!values.stopTime.trim()) return true;
  const stop = parseTimeOfDay(values.stopTime);
  return stop !== null && stop > start;
}

/** Sorted by start (ISO local date-time), then id: the daily list order. */
export function sortByStart<T extends Pick<Slip, 'start' | 'id'>>(slips: readonly T[]): T[] {
  return [...slips].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.id - b.id));
}

export type Totals = {
  caseMinutes: number;
  bucketMinutes: number;
  caseHours: string;
  bucketHours: string;
  totalHours: string;
};

/** Case Hours (sum of slip minutes), Bucket Hours, Total Hours, all h:mm. */
export function totals(
  slips: readonly Pick<Slip, 'minutes'>[],
  buckets: readonly Pick<Bucket, 'minutes'>[],
): Totals {
  const caseMinutes = slips.reduce((sum, s) => sum + (s.minutes ?? 0), 0);
  const bucketMinutes = buckets.reduce((sum, b) => sum + (b.minutes ?? 0), 0);
  return {
    caseMinutes,
    bucketMinutes,
    caseHours: minutesToHmm(caseMinutes),
    bucketHours: minutesToHmm(bucketMinutes),
    totalHours: minutesToHmm(caseMinutes + bucketMinutes),
  };
}

/** The daily panel's day as intervals: each slip by its id, with what it records (a duplicate records the same). */
export function dayModelOf(slips: readonly Slip[]): DayModel {
  const spans = slips
    .map((s) =>
      spanOf(
        s.id,
        s.startTime,
        s.stopTime,
        JSON.stringify([s.taskId, s.where?.value, s.how?.value, s.rateMultiplier?.value, s.comment ?? '']),
      ),
    )
    .filter((s) => s !== null);
  return dayModel(spans);
}

/**
 * Beyond the spec: slips of one day that share time, by id -> the ids they share it with. A slip without an end
 * counts as the instant of its start.
 */
export function overlaps(slips: readonly Slip[]): Map<number, number[]> {
  const found = new Map<number, number[]>();
  const add = (a: number, b: number) => found.set(a, [...(found.get(a) ?? []), b]);
  const days = new Map<string, Slip[]>();
  for (const s of slips) days.set(s.date, [...(days.get(s.date) ?? []), s]);
  for (const day of days.values()) {
    for (const o of dayModelOf(day).overlaps) {
      add(o.first, o.second);
      add(o.second, o.first);
    }
  }
  return found;
}

/** SPEC §4: after a save the slip stays only if its date is the displayed date and the signed-in user logged it. */
export function keepAfterSave(
  slip: Pick<Slip, 'date' | 'user'>,
  displayedDate: string,
  userId: number | string,
): boolean {
  return slip.date === displayedDate && String(slip.user?.value) === String(userId);
}

/** Replaces (or adds) the saved slip and re-sorts, or removes it when it no longer belongs to the displayed day. */
export function applySaved(
  slips: readonly Slip[],
  saved: Slip,
  displayedDate: string,
  userId: number | string,
  previousId: number | null = saved.id,
): Slip[] {
  const rest = slips.filter((s) => s.id !== saved.id && s.id !== previousId);
  return keepAfterSave(saved, displayedDate, userId) ? sortByStart([...rest, saved]) : rest;
}

/** Read-only how/where: the short form (SPEC §2), falling back to the label. */
export function abbreviate(option: { value: string | number; label: string } | null | undefined): string {
  if (!option) return '';
  return ABBREVIATIONS[String(option.value)] ?? option.label;
}

/**
 * A time in the compact form the one-line entry reads (`1045`, `1315`): 24-hour digits, except 1–5 AM, which
 * bare digits would read as afternoon, so they keep their `a`.
 */
export function compactTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const mm = String(minutes % 60).padStart(2, '0');
  if (h >= 1 && h <= 5) return `${h}${mm}a`;
  return `${h === 0 ? '00' : h}${mm}`;
}
