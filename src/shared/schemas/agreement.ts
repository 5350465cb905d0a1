// Agreements (SPEC §2 "Agreements", §4 "Agreement status"): code lists, the forms of an agreement, its services and
// amendments (with their service changes), the list filters, the "as of" view and the activity timeline.
import { z } from 'zod';
import { BILLING_MONTHS, type BillingFrequency, parseDecimal } from '../format/money.js';
import { listQuery, type Option, recordId } from './common.js';
import {
  type CodeList,
  codeValues,
  dateKey,
  decimalAmount,
  optionalCount,
  optionalDate,
  optionalRef,
  optionalText,
  requiredDate,
  requiredRef,
  requiredText,
  version,
} from './fields.js';
import { BLANK } from './messages.js';
import { codeValue, recordBase, refValue } from './record.js';
import { roundingIncrementField, roundingMinimumField } from './rounding-fields.js';

export const AGREEMENT_STATUSES = [
  { value: 'OPEN', label: 'Open' },
  { value: 'CLOSED', label: 'Closed' },
] as const satisfies CodeList;

export const AGREEMENT_TYPES = [
  { value: 'MANAGED', label: 'Managed Services' },
  { value: 'BLOCK_HOURS', label: 'Block Hours' },
  { value: 'SUPPORT', label: 'Support Plan' },
  { value: 'PROJECT', label: 'Project' },
] as const satisfies CodeList;

export const BILLING_FREQUENCIES = [
  { value: 'MONTHLY', label: 'Monthly' },
  { value: 'QUARTERLY', label: 'Quarterly' },
  { value: 'ANNUAL', label: 'Annual' },
  { value: 'ONE_TIME', label: 'One-time' },
] as const satisfies CodeList<BillingFrequency>;
// Every frequency has its months (compile-time check of the two lists).
const _months: Record<(typeof BILLING_FREQUENCIES)[number]['value'], number> = BILLING_MONTHS;
void _months;

export const AMENDMENT_STATUSES = [
  { value: 'DRAFT', label: 'Draft' },
  { value: 'SENT', label: 'Sent' },
  { value: 'SIGNED', label: 'Signed' },
  { value: 'VOID', label: 'Void' },
] as const satisfies CodeList;
export type AmendmentStatus = (typeof AMENDMENT_STATUSES)[number]['value'];

export const CHANGE_KINDS = [
  { value: 'ADD', label: 'Add a service' },
  { value: 'CHANGE', label: 'Change quantity or price' },
  { value: 'END', label: 'End a service' },
] as const satisfies CodeList;
export type ChangeKind = (typeof CHANGE_KINDS)[number]['value'];

// ---- Messages (shown under the field they name) ----
export const END_BEFORE_START = 'The end date cannot be before the start date.';
export const RENEWAL_BEFORE_START = 'The renewal date cannot be before the start date.';
export const NUMBER_USED = 'This number is already used.';
export const SERVICE_TYPE_INACTIVE = 'This service type is inactive. Choose an active one.';
export const COVERED_HOURS_BLOCK_ONLY = 'Covered hours apply to block-hours services only.';
export const SERVICE_OUTSIDE_AGREEMENT = 'The service dates must fall within the agreement (start to end).';
export const EFFECTIVE_OUTSIDE_AGREEMENT =
  'The effective date must fall within the agreement (start to end).';
export const PERSON_OF_ORGANIZATION = 'Choose a person of this organization.';
export const AMENDMENT_LOCKED = 'A signed or void amendment cannot be changed.';
export const SIGN_NEEDS_DOCUMENT = 'Attach the signed document before marking this amendment Signed.';
export const SIGN_NEEDS_CHANGES = 'Add at least one service change before marking this amendment Signed.';

/** Messages about one change of an amendment name it: "Change 2: Choose a service." */
export const changeMessage = (index: number, message: string) => `Change ${index + 1}: ${message}`;

const notBefore = (
  ctx: z.RefinementCtx,
  [earlier, later]: [unknown, unknown],
  path: string,
  message: string,
) => {
  const [a, b] = [dateKey(earlier), dateKey(later)];
  if (a && b && b < a) ctx.addIssue({ code: 'custom', path: [path], message });
};
const objectValue = { when: (p: { value: unknown }) => typeof p.value === 'object' && p.value !== null };

export const agreementForm = z
  .object({
    version: version(),
    organization: requiredRef(),
    number: requiredText(40),
    title: requiredText(200),
    status: z.enum(codeValues(AGREEMENT_STATUSES)),
    type: z.enum(codeValues(AGREEMENT_TYPES)),
    startDate: requiredDate(),
    endDate: optionalDate(),
    renewalDate: optionalDate(),
    /** Renewal term in months. */
    termMonths: optionalCount(600),
    billingContact: optionalRef(),
    accountManager: optionalRef(),
    notes: optionalText(10_000),
  })
  .superRefine((form, ctx) => {
    notBefore(ctx, [form.startDate, form.endDate], 'endDate', END_BEFORE_START);
    notBefore(ctx, [form.startDate, form.renewalDate], 'renewalDate', RENEWAL_BEFORE_START);
  }, objectValue);
export type AgreementForm = z.infer<typeof agreementForm>;

export const AGREEMENT_SORTS = ['number', 'title', 'renewalDate'] as const;

export const agreementListQuery = listQuery.extend({
  organization: optionalRef(),
  /** Open/Closed; empty = both. */
  status: z.enum(['all', ...codeValues(AGREEMENT_STATUSES)]).default('OPEN'),
  /** Agreements with a service of this type (in force today or not). */
  serviceType: optionalRef(),
  /** Renewal date from today to today + N days. */
  renewalWithin: optionalCount(3650),
  sort: z.enum(AGREEMENT_SORTS).default('number'),
});
export type AgreementListQuery = z.infer<typeof agreementListQuery>;

/** GET /api/manage/agreement/totals?filters: the monthly recurring value of the whole filtered set. */
export const agreementTotalsSchema = z.object({
  count: z.number().int().describe('Agreements matching the filters.'),
  monthlyValue: z
    .string()
    .describe(
      'Monthly recurring value of their services in force today: dollars as decimal text ("1250.00").',
    ),
  coveredHours: z
    .string()
    .describe('Hours a month their block-hours services in force today cover, as decimal text ("40.00").'),
});
export type AgreementTotals = z.infer<typeof agreementTotalsSchema>;

export const serviceForm = z
  .object({
    version: version(),
    serviceType: requiredRef(),
    description: optionalText(500),
    quantity: decimalAmount({ required: true, maxWholeDigits: 8 }),
    unitPrice: decimalAmount({ required: true }),
    billingFrequency: z.enum(codeValues(BILLING_FREQUENCIES)),
    startDate: requiredDate(),
    endDate: optionalDate(),
    /** Block-hours services: the hours covered each month. */
    coveredHours: decimalAmount({ required: false, maxWholeDigits: 4 }),
    /** Billable-time rounding of the organization's slips while the service is in force (src/shared/rounding.ts). */
    roundingMinimum: roundingMinimumField(),
    roundingIncrement: roundingIncrementField(),
  })
  .superRefine((form, ctx) => {
    notBefore(ctx, [form.startDate, form.endDate], 'endDate', END_BEFORE_START);
  }, objectValue);
export type ServiceForm = z.infer<typeof serviceForm>;

export const serviceListQuery = listQuery.extend({
  /** current: in force today or later; all: ended ones too. */
  show: z.enum(['current', 'all']).default('current'),
});

/** One service change of an amendment, as typed; checked by kind in `amendmentForm`. */
export type AmendmentChangeInput = {
  kind: ChangeKind;
  service: number | null;
  serviceType: number | null;
  description: string | null;
  quantity: string | null;
  unitPrice: string | null;
  billingFrequency: BillingFrequency | null;
  coveredHours: string | null;
};

const CHANGE_KIND_VALUES = codeValues(CHANGE_KINDS);
const FREQUENCY_VALUES = codeValues(BILLING_FREQUENCIES) as readonly string[];

/** Reads one change row; every problem is reported with the row's number. */
function parseChange(row: Record<string, unknown>, index: number, ctx: z.RefinementCtx) {
  const problems: string[] = [];
  const say = (message: string) => problems.push(message);
  // Select-style values may come as {label, value} (a form row) or bare.
  const bare = (v: unknown) =>
    typeof v === 'object' && v !== null && 'value' in v ? (v as Option).value : v;
  const text = (v: unknown) => {
    const b = bare(v);
    return b === null || b === undefined ? '' : String(b).trim();
  };
  const kind = text(row.kind) as ChangeKind;
  if (!CHANGE_KIND_VALUES.includes(kind)) say('Choose what the change does.');
  const ref = (v: unknown, missing: string | null) => {
    const t = text(v);
    if (t === '') {
      if (missing) say(missing);
      return null;
    }
    const parsed = recordId().safeParse(t);
    if (!parsed.success) {
      say('This value is not valid.');
      return null;
    }
    return parsed.data;
  };
  const amount = (v: unknown, label: string, required: boolean, maxWholeDigits?: number) => {
    const t = text(v);
    const parsed = t === '' ? null : parseDecimal(t, maxWholeDigits);
    if (parsed === null) {
      if (required) say(`${label}: ${BLANK}`);
      return null;
    }
    if (!parsed.ok) {
      say(`${label}: ${parsed.error}`);
      return null;
    }
    return parsed.value;
  };
  const description = text(row.description).slice(0, 500) || null;
  const change: AmendmentChangeInput = {
    kind,
    service: null,
    serviceType: null,
    description: null,
    quantity: null,
    unitPrice: null,
    billingFrequency: null,
    coveredHours: null,
  };
  if (kind === 'ADD') {
    change.serviceType = ref(row.serviceType, 'Choose a service type.');
    change.description = description;
    change.quantity = amount(row.quantity, 'Quantity', true, 8);
    change.unitPrice = amount(row.unitPrice, 'Unit price', true);
    const frequency = text(row.billingFrequency);
    if (!FREQUENCY_VALUES.includes(frequency)) say('Choose a billing frequency.');
    else change.billingFrequency = frequency as BillingFrequency;
    change.coveredHours = amount(row.coveredHours, 'Covered hours', false, 4);
  } else if (kind === 'CHANGE') {
    change.service = ref(row.service, 'Choose a service.');
    change.quantity = amount(row.quantity, 'Quantity', false, 8);
    change.unitPrice = amount(row.unitPrice, 'Unit price', false);
    if (change.quantity === null && change.unitPrice === null && !problems.length)
      say('Enter the new quantity, the new unit price or both.');
  } else if (kind === 'END') {
    change.service = ref(row.service, 'Choose a service.');
  }
  for (const message of problems)
    ctx.addIssue({ code: 'custom', path: ['changes'], message: changeMessage(index, message) });
  return change;
}

export const amendmentForm = z
  .object({
    version: version(),
    /** Blank on a new amendment: the next number of the sales settings is assigned on save. */
    number: optionalText(40),
    amendmentType: requiredRef(),
    effectiveDate: requiredDate(),
    status: z.enum(codeValues(AMENDMENT_STATUSES)),
    description: optionalText(5000),
    /** The signed copy among the agreement's documents. */
    document: optionalRef(),
    changes: z
      .array(z.record(z.string(), z.unknown()))
      .max(100, 'An amendment holds at most 100 changes.')
      .default([]),
  })
  .transform((form, ctx) => ({
    ...form,
    changes: form.changes.map((row, i) => parseChange(row, i, ctx)),
  }));
export type AmendmentForm = z.infer<typeof amendmentForm>;

export const amendmentListQuery = listQuery.extend({
  status: z.enum(['all', ...codeValues(AMENDMENT_STATUSES)]).default('all'),
});

/** One row of an amendment's before/after table. */
export type ChangeRow = {
  kind: Option;
  service: Option | null;
  serviceType: Option | null;
  description: string | null;
  billingFrequency: Option | null;
  before: { quantity: string; unitPrice: string; monthly: string } | null;
  after: { quantity: string; unitPrice: string; monthly: string } | null;
  coveredHours: string | null;
};

/** GET /api/manage/agreement/{id}/as-of?date=: what is in force on one day. */
export const asOfQuery = z.object({ date: optionalDate() });
const asOfServiceSchema = z.object({
  id: z.number().int(),
  serviceType: refValue,
  description: z.string().nullable(),
  quantity: z.string().describe('Decimal text.'),
  unitPrice: z.string().describe('Dollars as decimal text.'),
  billingFrequency: z.object({ value: z.enum(codeValues(BILLING_FREQUENCIES)), label: z.string() }),
  startDate: z.string().describe('MM/dd/yyyy'),
  endDate: z.string().nullable().describe('MM/dd/yyyy; null: runs until the agreement ends.'),
  coveredHours: z
    .string()
    .nullable()
    .describe('Block-hours services: hours covered each month (decimal text).'),
  monthly: z
    .string()
    .describe('What it adds to the monthly value, dollars as decimal text ("0.00" for a one-time charge).'),
  amount: z
    .string()
    .describe('Quantity × unit price, dollars as decimal text: what a one-time charge bills, once.'),
});
export type AsOfService = z.infer<typeof asOfServiceSchema>;
export const asOfSchema = z.object({
  date: z.string().describe('The day, MM/dd/yyyy.'),
  services: z.array(asOfServiceSchema).describe('Recurring services in force on the day.'),
  monthlyValue: z.string().describe('Their monthly value, dollars as decimal text.'),
  coveredHours: z.string().describe('Their covered hours a month, decimal text.'),
  oneTimeCharges: z
    .array(asOfServiceSchema)
    .describe("One-time charges dated in the day's month (each counted once, in its month)."),
  oneTime: z.string().describe('Their total, dollars as decimal text.'),
});
export type AsOf = z.infer<typeof asOfSchema>;

/** An agreement as the API presents it (list rows, the basics screen, a save's answer). */
export const agreementRecord = recordBase.extend({
  organization: refValue,
  number: z.string(),
  title: z.string(),
  status: codeValue,
  type: codeValue,
  startDate: z.string(),
  endDate: z.string().nullable(),
  renewalDate: z.string().nullable(),
  termMonths: z.number().nullable(),
  billingContact: refValue.nullable(),
  accountManager: refValue.nullable(),
  notes: z.string().nullable(),
  /** The won opportunity the agreement was created from. */
  opportunity: refValue.nullable(),
  /** List rows: the services in force today, their monthly value and covered hours (decimals as text). */
  monthlyValue: z.string().optional(),
  coveredHours: z.string().optional(),
});
export type AgreementRecord = z.infer<typeof agreementRecord>;

/** A service of an agreement as the API presents it; decimals as text. */
export const agreementServiceRecord = recordBase.extend({
  agreement: refValue,
  serviceType: refValue,
  description: z.string().nullable(),
  quantity: z.string(),
  unitPrice: z.string(),
  billingFrequency: z.object({ value: z.enum(codeValues(BILLING_FREQUENCIES)), label: z.string() }),
  startDate: z.string(),
  endDate: z.string().nullable(),
  coveredHours: z.string().nullable(),
  roundingMinimum: z.number().nullable(),
  roundingIncrement: z.number().nullable(),
  /** The service this one continues (set by a signed amendment). */
  replaces: z.number().nullable(),
  /** What it adds to the monthly value (nothing for a one-time charge). */
  monthly: z.string(),
  /** Quantity × unit price: what a one-time charge bills, once. */
  amount: z.string(),
});
export type AgreementServiceRecord = z.infer<typeof agreementServiceRecord>;

/** A choice as the server presents it: its value, then its label. */
const presentedOption = z.object({ value: z.union([z.string(), z.number()]), label: z.string() });

const changeSide = z.object({ quantity: z.string(), unitPrice: z.string(), monthly: z.string() }).nullable();

/** One service change of an amendment as its form holds it. */
export const amendmentChangeValue = z.object({
  kind: presentedOption,
  service: presentedOption.nullable(),
  serviceType: presentedOption.nullable(),
  description: z.string().nullable(),
  quantity: z.string().nullable(),
  unitPrice: z.string().nullable(),
  billingFrequency: presentedOption.nullable(),
  coveredHours: z.string().nullable(),
});
export type AmendmentChangeValue = z.infer<typeof amendmentChangeValue>;

/** One row of an amendment's before/after table (ChangeRow). */
export const changeRowSchema = z.object({
  kind: presentedOption,
  service: presentedOption.nullable(),
  serviceType: presentedOption.nullable(),
  description: z.string().nullable(),
  billingFrequency: presentedOption.nullable(),
  before: changeSide,
  after: changeSide,
  coveredHours: z.string().nullable(),
});

/**
 * An amendment as the API presents it (list rows, the basics screen, a save's answer); one amendment's screen and a
 * save's answer also carry its service changes, as the form holds them and as the before/after table shows them.
 */
export const amendmentRecord = recordBase.extend({
  agreement: refValue,
  number: z.string(),
  amendmentType: refValue,
  effectiveDate: z.string(),
  status: z.object({ value: z.enum(codeValues(AMENDMENT_STATUSES)), label: z.string() }),
  description: z.string().nullable(),
  document: refValue.nullable(),
  signedAt: z.string().nullable(),
  signedBy: refValue.nullable(),
  changes: z.array(amendmentChangeValue).optional(),
  changeRows: z.array(changeRowSchema).optional(),
});
export type AmendmentRecord = z.infer<typeof amendmentRecord>;
