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
  const termTo = fromDays(toDays(firstOfMonth(monthIndex(termFrom) + months)) - 1);
  const from = [termFrom, service.start, service.agreementStart].sort().at(-1)!;
  const to = [termTo, service.end ?? termTo, service.agreementEnd ?? termTo].sort()[0]!;
  if (from > to) return null;
  const days = toDays(termTo) - toDays(termFrom) + 1;
  const first = toDays(from) - toDays(termFrom) + 1;
  const last = toDays(to) - toDays(termFrom) + 1;
  return {
    termFrom,
    termTo,
    from,
    to,
    proration: first === 1 && last === days ? null : { first, last, days },
  };
}

/** "2026-10-31" → "10/31/2026". */
export const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
