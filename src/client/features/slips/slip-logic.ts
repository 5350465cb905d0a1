// Pure rules of the daily panel (SPEC §2 "Daily panel", §4 slip states): sort, gaps, totals, overlaps, save rule.
import { minutesToHmm } from '../../../shared/format/duration';
import { formatTimeOfDay, parseTimeOfDay } from '../../../shared/format/time-of-day';
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

/** Start as minutes of the day (null when it is not a time). */
const minutesOf = (time: string | null | undefined) => (time ? parseTimeOfDay(time) : null);

/** Sorted by start (ISO local date-time), then id: the daily list order. */
export function sortByStart<T extends Pick<Slip, 'start' | 'id'>>(slips: readonly T[]): T[] {
  return [...slips].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.id - b.id));
}

/**
 * Ids of slips followed by a gap marker: the slip has no end, or its end differs from the next slip's start.
 * Expects the list sorted by start.
 */
export function gapsAfter(slips: readonly Pick<Slip, 'id' | 'startTime' | 'stopTime'>[]): Set<number> {
  const gaps = new Set<number>();
  slips.forEach((slip, i) => {
    const end = minutesOf(slip.stopTime);
    if (end === null) {
      gaps.add(slip.id);
      return;
    }
    const next = slips[i + 1];
    if (next && minutesOf(next.startTime) !== end) gaps.add(slip.id);
  });
  return gaps;
}

/** The length of the gap after slip i ("0:30"), or '' when it cannot be measured (no end, overlap, last slip). */
export function gapLength(slips: readonly Pick<Slip, 'startTime' | 'stopTime'>[], i: number): string {
  const end = minutesOf(slips[i]?.stopTime);
  const next = minutesOf(slips[i + 1]?.startTime);
  if (end === null || next === null || next <= end) return '';
  return minutesToHmm(next - end);
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

/**
 * Beyond the spec: slips of one day whose time ranges overlap, by id -> the ids they overlap.
 * A slip without an end counts as the instant of its start.
 */
export function overlaps(
  slips: readonly Pick<Slip, 'id' | 'date' | 'startTime' | 'stopTime'>[],
): Map<number, number[]> {
  const ranges = slips
    .map((s) => {
      const start = minutesOf(s.startTime);
      const stop = minutesOf(s.stopTime);
      return start === null
        ? null
        : { id: s.id, date: s.date, start, stop: stop !== null && stop > start ? stop : start };
    })
    .filter((r) => r !== null);
  const found = new Map<number, number[]>();
  const add = (a: number, b: number) => found.set(a, [...(found.get(a) ?? []), b]);
  for (let i = 0; i < ranges.length; i++) {
    for (let j = i + 1; j < ranges.length; j++) {
      const a = ranges[i]!;
      const b = ranges[j]!;
      if (a.date !== b.date) continue;
      const hit = a.start === b.start || (a.start < b.stop && b.start < a.stop);
      if (hit) {
        add(a.id, b.id);
        add(b.id, a.id);
      }
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

/** A slip's times as the day-issue rules read them (minutes since midnight). */
type Timed = Pick<Slip, 'id' | 'startTime' | 'stopTime'>;

/** Time nobody logged between two slips: from the previous slip's end to the next slip's start. */
export type Gap<T extends Timed = Slip> = { kind: 'gap'; from: number; to: number; previous: T; next: T };
/** Time logged twice: from the second slip's start to the first one's end (or the second's, when sooner). */
export type Overlap<T extends Timed = Slip> = {
  kind: 'overlap';
  from: number;
  to: number;
  first: T;
  second: T;
};
export type DayIssue<T extends Timed = Slip> = Gap<T> | Overlap<T>;

/**
 * The gap or overlap between each slip and the one after it (expects the list sorted by start), keyed by the
 * earlier slip's id. The earlier slip needs an end; the later one a start (its end, when missing, bounds nothing).
 */
export function dayIssues<T extends Timed>(slips: readonly T[]): Map<number, DayIssue<T>> {
  const found = new Map<number, DayIssue<T>>();
  slips.forEach((previous, i) => {
    const next = slips[i + 1];
    const stop = minutesOf(previous.stopTime);
    const start = minutesOf(next?.startTime);
    if (!next || stop === null || start === null) return;
    if (stop < start) found.set(previous.id, { kind: 'gap', from: stop, to: start, previous, next });
    if (stop > start) {
      const nextStop = minutesOf(next.stopTime);
      const to = nextStop !== null && nextStop > start ? Math.min(stop, nextStop) : stop;
      found.set(previous.id, { kind: 'overlap', from: start, to, first: previous, second: next });
    }
  });
  return found;
}

/** The one key that applies a fix while its marker has focus. */
export type FixKey = 'e' | 's' | 'p' | 'f';
/** A fix as the new times of one slip (minutes since midnight; stop null when the slip has none). */
export type DayFix<T extends Timed = Slip> = {
  key: FixKey;
  label: string;
  slip: T;
  start: number;
  stop: number | null;
};

export const FIX_LABELS: Record<FixKey, string> = {
  e: 'Extend previous',
  s: 'Start next earlier',
  p: 'Trim previous',
  f: 'Trim following',
};

/** A slip with new times, or null when they would leave its end at or before its start. */
function moved<T extends Timed>(key: FixKey, slip: T, start: number, stop: number | null): DayFix<T> | null {
  if (stop !== null && stop <= start) return null;
  return { key, label: FIX_LABELS[key], slip, start, stop };
}

/**
 * The fixes an issue offers: a gap extends the previous slip to the next start or starts the next one at the
 * previous end; an overlap trims the previous slip's end or the following slip's start. Never stop ≤ start.
 */
export function fixesOf<T extends Timed>(issue: DayIssue<T>): DayFix<T>[] {
  const startOf = (s: T) => minutesOf(s.startTime) as number;
  const stopOf = (s: T) => minutesOf(s.stopTime);
  const fixes =
    issue.kind === 'gap'
      ? [
          moved('e', issue.previous, startOf(issue.previous), issue.to),
          moved('s', issue.next, issue.from, stopOf(issue.next)),
        ]
      : [
          moved('p', issue.first, startOf(issue.first), startOf(issue.second)),
          moved('f', issue.second, stopOf(issue.first) as number, stopOf(issue.second)),
        ];
  return fixes.filter((f) => f !== null);
}

/** `10:45 AM – 11:00 AM (0:15)`: an issue's span as the marker names it. */
export function issueSpan(issue: Pick<DayIssue, 'from' | 'to'>): string {
  return `${formatTimeOfDay(issue.from)} – ${formatTimeOfDay(issue.to)} (${minutesToHmm(issue.to - issue.from)})`;
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
