// Month-end billing (/report/billing-run, administrators): a run drafts one invoice per client for a month; each
// invoice is reviewed (lines edited with the original kept, added, removed), approved and posted (numbered without
// gaps, frozen, its cases billed); a posted invoice is voided by a credit note. Money is integer cents: every line is
// rounded to the cent once (halves away from zero), and every total is the sum of its lines.
import { z } from 'zod';
import { MONTH_NAMES } from '../format/date.js';
import { fromHundredths, toHundredths } from '../format/money.js';
import { recordId, stampSchema, wholeNumber } from './common.js';
import { type CodeList, codeValues, decimalAmount, requiredText, version } from './fields.js';
import { codeValue, refValue } from './record.js';

export const RUN_STATUSES = [
  { value: 'QUEUED', label: 'Queued' },
  { value: 'RUNNING', label: 'Drafting' },
  { value: 'READY', label: 'Ready' },
  { value: 'FAILED', label: 'Failed' },
] as const satisfies CodeList;
export type RunStatus = (typeof RUN_STATUSES)[number]['value'];

export const INVOICE_STATUSES = [
  { value: 'DRAFT', label: 'Draft' },
  { value: 'APPROVED', label: 'Approved' },
  { value: 'POSTED', label: 'Posted' },
  { value: 'VOID', label: 'Void' },
] as const satisfies CodeList;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]['value'];

export const INVOICE_KINDS = [
  { value: 'INVOICE', label: 'Invoice' },
  { value: 'CREDIT_NOTE', label: 'Credit Note' },
] as const satisfies CodeList;
export type InvoiceKind = (typeof INVOICE_KINDS)[number]['value'];

/** What a line bills, in the order an invoice lists them. */
export const LINE_KINDS = [
  { value: 'RECURRING', label: 'Recurring service' },
  { value: 'DEVICES', label: 'Per device' },
  { value: 'USERS', label: 'Per user' },
  { value: 'ADJUSTMENT', label: 'Term adjustment' },
  { value: 'ONE_TIME', label: 'One-time charge' },
  { value: 'TIME', label: 'Time and materials' },
  { value: 'CHARGE', label: 'Charge' },
  { value: 'CREDIT', label: 'Credit' },
] as const satisfies CodeList;
export type LineKind = (typeof LINE_KINDS)[number]['value'];
/** The kinds a biller adds by hand. */
export const MANUAL_KINDS = ['CHARGE', 'CREDIT'] as const;

// ---- messages ----
export const PERIOD_INVALID = 'Please choose a month (YYYY-MM).';
export const PERIOD_NOT_BEGUN = 'This month has not begun yet. Choose this month or an earlier one.';
export const runInProgress = (period: string) =>
  `A billing run for ${period} is in progress. Wait for it to finish.`;
export const periodPosted = (period: string) =>
  `Every client billed for ${period} has a posted invoice. Void an invoice to bill its client again.`;
export const RUN_NOT_READY = 'The invoices are still being drafted. Wait for the run to finish.';
export const NOTHING_APPROVED = 'No invoice of this run is approved. Approve the invoices to post first.';
export const INVOICE_POSTED = 'A posted invoice cannot be changed. Void it to bill its client again.';
export const INVOICE_APPROVED = 'An approved invoice cannot be changed. Take the approval back first.';
export const INVOICE_NOT_APPROVED = 'Approve this invoice before posting it.';
export const INVOICE_NOT_POSTED = 'Only a posted invoice can be voided.';
export const INVOICE_VOID = 'This invoice is void.';
export const INVOICE_EMPTY = 'This invoice has no lines. Add a line or remove the client from the run.';
export const INVOICE_NEGATIVE = 'The total of an invoice cannot be below $0.00. Lower the credits.';
export const VOID_REASON = 'Please enter the reason for voiding this invoice.';
export const ALREADY_POSTED = (number: string) => `This invoice is posted already as ${number}.`;
export const caseChanged = (caseLabel: string) =>
  `The time of case ${caseLabel} changed since this invoice was drafted. Rebuild the invoice, check it and approve it again.`;
export const caseBilledElsewhere = (caseLabel: string) =>
  `Case ${caseLabel} is billed already. Rebuild the invoice, check it and approve it again.`;
export const caseRunning = (caseLabel: string) =>
  `A timer is still running on case ${caseLabel}. Stop it, then rebuild the invoice.`;
export const LINE_NOT_ON_INVOICE = 'This line is not on this invoice. Reload the page.';
export const NO_CONTACT =
  'No billing contact: choose one on the agreement, or a primary contact on the organization.';
export const noPrice = (service: string) =>
  `No price: ${service} has a unit price of $0.00 on the agreement.`;
export const noDevices = (date: string) => `No devices counted as of ${date}: the line bills nothing.`;
export const noUsers = (date: string) => `No users counted as of ${date}: the line bills nothing.`;

// ---- money: one rounding rule ----

/** A prorated line bills days `first`..`last` (1-based) of a term of `days` days. */
export type Proration = { first: number; last: number; days: number };

/** a/b rounded to the nearest whole, halves away from zero (PostgreSQL's round of numeric). */
function divideRounded(a: bigint, b: bigint): bigint {
  const negative = a < 0n !== b < 0n;
  const [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  const q = (x * 2n + y) / (y * 2n);
  return negative ? -q : q;
}

/**
 * A line's amount in cents: quantity × unit price, rounded to the cent. A prorated line bills the term's amount up to
 * its last day less the amount up to the day before its first, each rounded: so lines that split a term between them
 * (an amendment changing a price mid-month) add up to exactly the whole term's amount. A credit is negative.
 */
export function lineCents(
  quantity: string,
  unitPrice: string,
  proration: Proration | null,
  credit = false,
): bigint {
  const full = toHundredths(quantity) * toHundredths(unitPrice); // ten-thousandths of a currency unit
  const upTo = (day: number, days: number) => divideRounded(full * BigInt(day), 100n * BigInt(days));
  const cents = proration
    ? upTo(proration.last, proration.days) - upTo(proration.first - 1, proration.days)
    : divideRounded(full, 100n);
  return credit ? -cents : cents;
}

/** Cents as decimal text: -1234n → "-12.34". */
export const centsText = (cents: bigint | string | number): string => fromHundredths(BigInt(cents));

// ---- periods ----

/** "2026-10" → "October 2026". */
export const periodLabel = (period: string) =>
  `${MONTH_NAMES[Number(period.slice(5, 7)) - 1]} ${period.slice(0, 4)}`;

/** "INV-00012", "CN-00003". */
export const invoiceNumberText = (kind: InvoiceKind, number: number | null) =>
  number === null ? null : `${kind === 'CREDIT_NOTE' ? 'CN' : 'INV'}-${String(number).padStart(5, '0')}`;

/** Days after the issue date an invoice is due. */
export const PAYMENT_TERMS_DAYS = 30;
export const PAYMENT_TERMS = `Net ${PAYMENT_TERMS_DAYS}: payment is due ${PAYMENT_TERMS_DAYS} days after the invoice date.`;

// ---- requests ----

export const periodField = z
  .string({ error: PERIOD_INVALID })
  .trim()
  .refine((p) => /^\d{4}-(0[1-9]|1[0-2])$/.test(p) && Number(p.slice(0, 4)) >= 2000, PERIOD_INVALID);

export const startRunBody = z.object({ period: periodField });
export const versionBody = z.object({ version: version() });
export const voidBody = z.object({ reason: requiredText(500).optional(), version: version() });

const lineFields = {
  description: requiredText(500),
  quantity: decimalAmount({ required: true, maxWholeDigits: 8 }),
  unitPrice: decimalAmount({ required: true }),
  version: version(),
};
export const addLineBody = z.object({ kind: z.enum(MANUAL_KINDS), ...lineFields });
export const editLineBody = z.object(lineFields);
export type AddLineBody = z.infer<typeof addLineBody>;
export type EditLineBody = z.infer<typeof editLineBody>;

export const invoiceListQuery = z.object({
  status: z.enum(codeValues(INVOICE_STATUSES)).optional(),
  start: wholeNumber().default(0),
  limit: wholeNumber(1)
    .default(100)
    .transform((n) => Math.min(n, 200)),
});
export const runParams = z.object({ id: recordId() });
export const lineParams = z.object({ id: recordId(), lineId: recordId() });

// ---- answers ----

export const billingRunSchema = z.object({
  id: z.number(),
  period: z.string(),
  periodLabel: z.string(),
  status: codeValue,
  clients: z.number(),
  done: z.number(),
  skipped: z.array(z.object({ id: z.number(), title: z.string() })),
  error: z.string().nullable(),
  invoices: z.object({
    draft: z.number(),
    approved: z.number(),
    posted: z.number(),
    void: z.number(),
    warnings: z.number(),
  }),
  /** The sum of the run's invoices that are not void. */
  total: z.string(),
  started: stampSchema,
  finishedAt: z.string().nullable(),
  version: z.number(),
});
export type BillingRun = z.infer<typeof billingRunSchema>;

export const billingRunResponse = z.object({ run: billingRunSchema });
export const billingRunsResponse = z.object({ runs: z.array(billingRunSchema) });

export const invoiceSummarySchema = z.object({
  id: z.number(),
  number: z.string().nullable(),
  kind: codeValue,
  status: codeValue,
  organization: refValue,
  contact: z.string().nullable(),
  lines: z.number(),
  warnings: z.number(),
  total: z.string(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;
export const invoiceListResponse = z.object({ items: z.array(invoiceSummarySchema), total: z.number() });

const originalSchema = z.object({
  description: z.string(),
  quantity: z.string(),
  unitPrice: z.string(),
  amount: z.string(),
});

export const invoiceLineSchema = z.object({
  id: z.number(),
  position: z.number(),
  kind: codeValue,
  description: z.string(),
  quantity: z.string(),
  unitPrice: z.string(),
  amount: z.string(),
  proration: z.object({ first: z.number(), last: z.number(), days: z.number() }).nullable(),
  detail: z.string().nullable(),
  warning: z.string().nullable(),
  /** Where the line comes from, and the page that shows it (the agreement, the case, the devices or people). */
  source: z.object({ label: z.string(), href: z.string().nullable() }).nullable(),
  original: originalSchema.nullable(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

const stampOrNull = stampSchema.nullable();

export const invoiceSchema = invoiceSummarySchema.extend({
  run: z.object({ id: z.number(), period: z.string(), periodLabel: z.string() }).nullable(),
  periodFrom: z.string(),
  periodTo: z.string(),
  issueDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  billTo: z.string(),
  address: z.string().nullable(),
  contactEmail: z.string().nullable(),
  creditOf: refValue.nullable(),
  creditNote: refValue.nullable(),
  voidReason: z.string().nullable(),
  approved: stampOrNull,
  posted: stampOrNull,
  voided: stampOrNull,
  items: z.array(invoiceLineSchema),
  warningsText: z.array(z.string()),
  version: z.number(),
  can: z.object({
    edit: z.boolean(),
    approve: z.boolean(),
    unapprove: z.boolean(),
    post: z.boolean(),
    void: z.boolean(),
    rebuild: z.boolean(),
  }),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceResponse = z.object({ invoice: invoiceSchema });
export const postRunResponse = z.object({
  run: billingRunSchema,
  posted: z.number(),
  /** Approved invoices that could not be posted, and why (their time changed, a case was billed meanwhile). */
  failed: z.array(z.object({ invoice: refValue, message: z.string() })),
});

export const INVOICE_HISTORY_KEY = 'invoice';
export const INVOICE_FIELD_LABELS: Record<string, string> = {
  status: 'Status',
  number: 'Number',
  voidReason: 'Void Reason',
};

/** "Line 3 Quantity": the history field of one line's value. */
export const lineField = (position: number, field: 'Description' | 'Quantity' | 'Unit Price' | 'Line') =>
  field === 'Line' ? `Line ${position}` : `Line ${position} ${field}`;
