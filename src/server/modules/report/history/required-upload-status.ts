// When a required upload (a document a client must receive every month, quarter or year) is due: pure period
// arithmetic on the company's calendar dates (yyyy-MM-dd), so it reads the same in any server time zone.

import { MONTH_NAMES } from '../../../../shared/format/date.js';
import type { UploadState } from '../../../../shared/reports.js';
import type { Frequency } from '../../../../shared/schemas/required-upload.js';

export type { Frequency, UploadState };

/** A period of the company calendar: its first and last day (yyyy-MM-dd) and its name. */
export type Period = { start: string; end: string; label: string };

const MONTHS_OF: Record<Frequency, number> = { MONTHLY: 1, QUARTERLY: 3, YEARLY: 12 };

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;
/** Days in a month (1-12): day 0 of the next month is its last. */
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The period of `frequency` that holds the day (yyyy-MM-dd). */
export function periodOf(frequency: Frequency, day: string): Period {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const length = MONTHS_OF[frequency];
  const first = Math.floor((month - 1) / length) * length + 1;
  const last = first + length - 1;
  const label =
    frequency === 'MONTHLY'
      ? `${MONTH_NAMES[month - 1]} ${year}`
      : frequency === 'QUARTERLY'
        ? `Q${(first + 2) / 3} ${year}`
        : String(year);
  return { start: iso(year, first, 1), end: iso(year, last, lastDay(year, last)), label };
}

/** The day before a day (yyyy-MM-dd). */
export function dayBefore(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date - 1)).toISOString().slice(0, 10);
}

/** The period before the one holding the day. */
export const previousPeriod = (frequency: Frequency, day: string): Period =>
  periodOf(frequency, dayBefore(periodOf(frequency, day).start));

export type UploadStatusInput = {
  frequency: Frequency;
  /** The company's date today. */
  today: string;
  /** The company's date of the newest document sent, or null. */
  lastSent: string | null;
  /** The company's date the requirement began (it asks nothing of periods before). */
  since: string;
};

/**
 * RECEIVED: sent within the current period. DUE: not yet, and the period is not over (the previous one was met,
 * or the requirement began in this one). OVERDUE: the previous period ended with nothing sent.
 */
export function uploadStatus(input: UploadStatusInput): {
  state: UploadState;
  period: Period;
  dueOn: string;
} {
  const period = periodOf(input.frequency, input.today);
  const due = { period, dueOn: period.end };
  if (input.lastSent && input.lastSent >= period.start) return { state: 'RECEIVED', ...due };
  const previous = previousPeriod(input.frequency, input.today);
  if (input.since > previous.end) return { state: 'DUE', ...due };
  if (input.lastSent && input.lastSent >= previous.start) return { state: 'DUE', ...due };
  return { state: 'OVERDUE', ...due };
}
