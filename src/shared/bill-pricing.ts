// The billing arithmetic of one organization-month in TypeScript, the rule the SQL of the bill list, the WIP list
// and Mark Billed applies (src/server/modules/report/queries/billing.ts; the API tests hold the two together):
// each finished slip is a line; its billable minutes (src/shared/rounding.ts) are covered by the month's block
// minutes in the order the work was done, the rest is charged at the rate, rounded to the cent (half away from zero);
// a case's amount is the sum of its lines. Money is carried as decimal text and computed in integer cents.
import { fromHundredths, sumAmounts, toHundredths } from './format/money.js';
import { billable, type RoundingRule } from './rounding.js';

/** A finished slip to price: actual minutes, multiplier and the rule of its day. */
export type SlipToPrice = { id: number; minutes: number; multiplier: number; rule: RoundingRule };

export type PricedLine = { id: number; billable: number; covered: number; amount: string };

/** (billable − covered) minutes at `rate` an hour (decimal text), to the cent, half away from zero. */
export function slipAmount(billableMinutes: number, covered: number, rate: string): string {
  const charged = BigInt(billableMinutes - covered);
  if (charged < 0n) throw new RangeError('covered minutes exceed billable minutes');
  // Cents = charged × rate in cents / 60, rounded half up (never negative).
  return fromHundredths((charged * toHundredths(rate) * 2n + 60n) / 120n);
}

/**
 * The lines of one organization-month: its finished slips in the order they were worked (date, start, slip), the
 * block minutes the month has left for them (after what billed cases used), and the hourly rate of the rest.
 */
export function priceMonth(slips: SlipToPrice[], available: number, rate: string): PricedLine[] {
  let before = 0;
  return slips.map((s) => {
    const b = billable(s.minutes, s.rule, s.multiplier);
    const covered = Math.min(b, Math.max(0, available - before));
    before += b;
    return { id: s.id, billable: b, covered, amount: slipAmount(b, covered, rate) };
  });
}

/** A case's (or any set of lines') amount: the sum of the lines, exact. */
export const linesAmount = (lines: readonly { amount: string }[]): string =>
  sumAmounts(lines.map((l) => l.amount));
