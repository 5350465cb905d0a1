// Which recurring services a month bills, for which days: pure date arithmetic on yyyy-MM-dd texts (UTC days, no
// clock, no time zone). A service is billed in advance for its term: a monthly one every month, a quarterly one
// every third month from the month it started, an annual one every twelfth. Its line is prorated by day when the
// service (or its agreement) starts or ends inside the term.
import type { BillingFrequency } from '../../../shared/format/money.js';
import type { Proration } from '../../../shared/schemas/billing-run.js';

const DAY = 86_400_000;
const TERM_MONTHS: Record<Exclude<BillingFrequency, 'ONE_TIME'>, number> = {
  MONTHLY: 1,
  QUARTERLY: 3,
  ANNUAL: 12,
};

const toDays = (iso: string) => Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / DAY;
const fromDays = (days: number) => new Date(days * DAY).toISOString().slice(0, 10);
const monthIndex = (iso: string) => +iso.slice(0, 4) * 12 + (+iso.slice(5, 7) - 1);
const firstOfMonth = (index: number) =>
  `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;

/** The first and last day of a month "YYYY-MM". */
export function monthDays(period: string): { from: string; to: string } {
  const from = `${period}-01`;
  return { from, to: fromDays(toDays(firstOfMonth(monthIndex(from) + 1)) - 1) };
}

export type ServiceDates = {
  frequency: Exclude<BillingFrequency, 'ONE_TIME'>;
  start: string;
  end: string | null;
  agreementStart: string;
  agreementEnd: string | null;
};

export type TermLine = {
  /** The term the line bills (its whole length, whatever part of it the service runs). */
  termFrom: string;
  termTo: string;
  /** The days of the term the service is in force. */
  from: string;
  to: string;
  /** Null when the service runs the whole term. */
  proration: Proration | null;
};

/**
 * The term a service bills in the month `period` ("YYYY-MM"), or null when the month bills nothing of it: not one of
 * its billing months, or no day of the term in force (its own dates and its agreement's).
 */
export function termLine(service: ServiceDates, period: string): TermLine | null {
  const months = TERM_MONTHS[service.frequency];
  const since = monthIndex(`${period}-01`) - monthIndex(service.start);
  if (since < 0 || since % months !== 0) return null;
  const termFrom = `${period}-01`;
  const termTo = termEnd(termFrom, service.frequency);
  const part = inForce(termFrom, termTo, service);
  return part && { termFrom, termTo, ...part };
}

/** The last day of the term of a service billed `frequency` that starts on `termFrom` (a month's first day). */
export const termEnd = (termFrom: string, frequency: ServiceDates['frequency']) =>
  fromDays(toDays(firstOfMonth(monthIndex(termFrom) + TERM_MONTHS[frequency])) - 1);

/**
 * The days of the term `termFrom`..`termTo` a service is in force by its dates and its agreement's, as a proration
 * of the term (null when it runs the whole term); null when it is in force on none of them.
 */
export function inForce(
  termFrom: string,
  termTo: string,
  dates: Omit<ServiceDates, 'frequency'>,
): Omit<TermLine, 'termFrom' | 'termTo'> | null {
  const from = [termFrom, dates.start, dates.agreementStart].sort().at(-1)!;
  const to = [termTo, dates.end ?? termTo, dates.agreementEnd ?? termTo].sort()[0]!;
  if (from > to) return null;
  const days = dayCount(termFrom, termTo);
  const first = dayCount(termFrom, from);
  const last = dayCount(termFrom, to);
  return { from, to, proration: first === 1 && last === days ? null : { first, last, days } };
}

/** The day `days` days after `iso` ("2026-10-01", 91 → "2026-12-31"). */
export const addDays = (iso: string, days: number) => fromDays(toDays(iso) + days);

/** How many days `from`..`to` holds, both counted. */
export const dayCount = (from: string, to: string) => toDays(to) - toDays(from) + 1;

/** "2026-10-31" → "10/31/2026". */
export const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
