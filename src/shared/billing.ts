// Billing (the internal reports, DOMAIN "Internal reports"): a case is invoiced as a whole, so "billed" is a mark on
// the case; its slips are then locked. What the bill list, the WIP list and the weekly summary share with the screens:
// the rules in words, the messages, the billing settings (the default hourly rate) and the calls.
//
// The arithmetic (one SQL statement computes it, src/server/modules/report/queries/billing.ts):
// - Only finished slips count (a running slip has no minutes yet); multiplier 0 is no charge.
// - A slip keeps its actual minutes; its billable minutes are those rounded by the rule in force on its day (its
//   organization's agreement service, else the organization, else the default: src/shared/rounding.ts) times the
//   multiplier, to the whole minute. Hours columns show actual minutes; what is charged comes from billable minutes.
// - Each organization's block-hour services cover, per calendar month, covered hours × quantity, pro-rated by the
//   days the service (and its agreement) is in force that month, in whole minutes rounded down.
// - Covered minutes are used by the billable minutes of the month's chargeable slips (multiplier above 0) of all the
//   organization's cases in the order they were worked (date, start, slip), whether billed or not: the answer never
//   depends on who looked first or which case was billed first.
// - The rest of the billable minutes is charged at the rate of the month's block-hour service (its unit price ÷ its
//   covered hours, the one that started last) or else the default hourly rate. One rounding rule: each slip is a
//   line, rounded to the cent (half away from zero); a case's amount is the sum of its lines (bill-pricing.ts).
// - Marking a case billed stores its lines and amount (the billing snapshot): a later change of a rate, a service or
//   a rounding rule never changes a billed case; the block minutes its lines used stay used. Undo Billing deletes it.
import { z } from 'zod';
import type { RoundingSource } from './rounding.js';
import { decimalAmount, version } from './schemas/fields.js';

/** What a workday and a week of five are expected to hold (DOMAIN: about 8 hours a workday). */
export const EXPECTED_DAY_MINUTES = 480;
export const WORKDAYS_PER_WEEK = 5;
export const EXPECTED_WEEK_MINUTES = EXPECTED_DAY_MINUTES * WORKDAYS_PER_WEEK;

/** WIP ages, days since the work date (today is 0). */
export const WIP_AGES = [
  { name: 'age30', title: '0–30 Days', from: 0, to: 30 },
  { name: 'age60', title: '31–60 Days', from: 31, to: 60 },
  { name: 'age90', title: '61–90 Days', from: 61, to: 90 },
  { name: 'ageOver90', title: '90+ Days', from: 91, to: null },
] as const;

// ---- Messages ----
/** A slip of a billed case cannot be added, changed, moved or deleted. */
export const CASE_BILLED = 'This case has been billed: its time can no longer be changed.';
export const alreadyBilled = (on: string, by: string | null) =>
  `This case was already billed on ${on}${by ? ` by ${by}` : ''}.`;
export const NOT_BILLED = 'This case is not billed.';
export const billedByInvoice = (invoice: string) =>
  `This case was billed on invoice ${invoice}. Void the invoice to bill the case again.`;
export const BILL_CHANGED =
  'The time on this case changed since the list was loaded. Check its new total, then bill it.';
export const NOTHING_TO_BILL = 'This case has no finished time to bill.';
export const RUNNING_SLIP = 'A slip on this case is still running. Stop it before billing the case.';

/**
 * POST /api/report/bill-list/{caseId}/bill: the totals the list showed and the user confirmed (minutes and amount),
 * checked against the case priced now.
 */
export const billCaseBody = z.object({
  minutes: z.coerce.number().int().min(0).max(100_000_000),
  amount: decimalAmount({ required: true, maxWholeDigits: 12 }),
});
export type BillCaseBody = z.infer<typeof billCaseBody>;

/** A user as the server presents one: id, then name. */
const userValue = z.object({ value: z.number().int(), label: z.string() });

/** Answer of bill and unbill (POST /api/report/bill-list/{caseId}/unbill, no body). */
export const caseBillingSchema = z.object({
  caseId: z.number().int(),
  billedAt: z.string().nullable().describe('ISO 8601 instant of the billed mark; null once unbilled.'),
  billedBy: userValue.nullable().describe('Who marked it billed; null once unbilled.'),
});
export type CaseBilling = z.infer<typeof caseBillingSchema>;
/** POST /api/report/bill-list/{caseId}/bill and /unbill: the case's billed mark as it now is. */
export const caseBillingResponse = z.object({ billing: caseBillingSchema });

/** GET /api/report/bill-list/{caseId}/lines?start&limit: a page of a case's lines (LINES_PAGE by default). */
export const LINES_PAGE = 100;
export const LINES_MAX = 500;
export const billLinesQuery = z.object({
  start: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(LINES_MAX).default(LINES_PAGE),
});

const ROUNDING_SOURCES = ['DEFAULT', 'ORGANIZATION', 'SERVICE'] as const satisfies readonly RoundingSource[];

/** One slip of a case as it is (or was) billed: actual and billable minutes, the rule, the block minutes, the amount. */
export const billLineSchema = z.object({
  slip: z.number().int().describe("The slip's id."),
  date: z.string().describe('MM/dd/yyyy'),
  startTime: z.string().describe('HH:mm'),
  stopTime: z.string().describe('HH:mm'),
  staff: z.string(),
  task: z.string(),
  minutes: z.number().int().describe('Actual minutes.'),
  billableMinutes: z.number().int().describe('Minutes rounded by the rule, times the multiplier.'),
  coveredMinutes: z.number().int().describe('Billable minutes covered by block hours.'),
  multiplier: z.string().describe('"0", "1", "1.5", "2"'),
  rate: z.string().describe('Dollars an hour, as decimal text: the rate of the minutes not covered.'),
  amount: z
    .string()
    .describe('Dollars as decimal text: (billable − covered) minutes at the rate, to the cent.'),
  rule: z.object({
    minimum: z.number().int().describe('Minutes.'),
    increment: z.number().int().describe('Minutes.'),
    source: z
      .enum(ROUNDING_SOURCES)
      .describe('Where the rule comes from: its agreement service, its organization, or the default.'),
    sourceLabel: z.string(),
  }),
  explanation: z
    .string()
    .describe('"1:07 rounded up to 1:15 (15-minute increments: Acme Corp) × 1.5 = 1:53"'),
});
export type BillLine = z.infer<typeof billLineSchema>;

/** The answer of the lines call: the page, how many lines in all, and the totals of all (the case's amount). */
export const billLinesSchema = z.object({
  caseId: z.number().int(),
  billed: z.boolean().describe('Billed: the lines are those stored when it was billed; else priced now.'),
  items: z.array(billLineSchema).describe('One page of the lines (start, limit), in work order.'),
  total: z.number().int().describe('Lines in all.'),
  totals: z
    .object({
      minutes: z.number().int(),
      billableMinutes: z.number().int(),
      coveredMinutes: z.number().int(),
      amount: z.string().describe('Dollars as decimal text.'),
    })
    .describe("Totals of all the case's lines (minutes; the amount is the case's)."),
});
export type BillLines = z.infer<typeof billLinesSchema>;
/** GET /api/report/bill-list/{caseId}/lines. */
export const billLinesResponse = z.object({ lines: billLinesSchema });

/** GET and POST /api/report/billing-settings → { billingSettings, can: { save } } (administrators). */
export const billingSettingsForm = z.object({
  version: version(),
  defaultHourlyRate: decimalAmount({ required: true, maxWholeDigits: 6 }),
});
export type BillingSettingsForm = z.infer<typeof billingSettingsForm>;

export const billingSettingsSchema = z.object({
  defaultHourlyRate: z.string().describe('Dollars an hour, as decimal text, e.g. "150.00".'),
  version: z.number().int().describe('0 while the defaults were never saved.'),
  updated: z.string().nullable().describe('ISO 8601 instant of the last save; null: never saved.'),
  updatedBy: userValue.nullable(),
});
export type BillingSettings = z.infer<typeof billingSettingsSchema>;
/** GET /api/report/billing-settings. */
export const billingSettingsResponse = z.object({
  billingSettings: billingSettingsSchema,
  can: z.object({ save: z.boolean() }),
});
/** POST /api/report/billing-settings: the settings saved. */
export const billingSettingsSavedResponse = z.object({ billingSettings: billingSettingsSchema });

export const BILLING_SETTINGS_DEFAULTS = { defaultHourlyRate: '150.00' } as const;
