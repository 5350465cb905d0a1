// Opportunities (SPEC §2 "Opportunities"): a possible sale to an organization with its stage, amount, probability
// and close date; its proposals (quotes with one-time and monthly lines, copyable, printable) and the win that turns
// an accepted proposal into an agreement.
import { z } from 'zod';
import { lineAmount, sumAmounts } from '../format/money.js';
import { listQuery, type Option } from './common.js';
import {
  type CodeList,
  codeValues,
  dateKey,
  decimalAmount,
  optionalDate,
  optionalRef,
  optionalText,
  requiredDate,
  requiredRef,
  requiredText,
  version,
} from './fields.js';
import { BLANK } from './messages.js';
import { recordBase, refValue } from './record.js';

/** Where a stage leaves the opportunity: still open, won or lost (each stage of the settings has one). */
export const OUTCOMES = [
  { value: 'OPEN', label: 'Open' },
  { value: 'WON', label: 'Won' },
  { value: 'LOST', label: 'Lost' },
] as const satisfies CodeList;
export type Outcome = (typeof OUTCOMES)[number]['value'];

export const PROPOSAL_STATUSES = [
  { value: 'DRAFT', label: 'Draft' },
  { value: 'SENT', label: 'Sent' },
  { value: 'ACCEPTED', label: 'Accepted' },
  { value: 'DECLINED', label: 'Declined' },
] as const satisfies CodeList;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number]['value'];

export const RECURRENCES = [
  { value: 'ONE_TIME', label: 'One-time' },
  { value: 'MONTHLY', label: 'Monthly' },
] as const satisfies CodeList;
export type Recurrence = (typeof RECURRENCES)[number]['value'];

// ---- Messages (shown under the field they name) ----
export const PROBABILITY_RANGE = 'Please enter a probability from 0 to 100.';
export const OWNER_NOT_SALES = 'Choose a staff member in a sales role (Sales Settings).';
export const STAGE_UNKNOWN = 'Choose a stage of the opportunity settings.';
export const NUMBER_USED = 'This number is already used.';
export const LOST_REASON_LOST_ONLY = 'A lost reason applies to a lost opportunity only.';
/** A warning, not an error: the save goes through. */
export const CLOSE_DATE_PAST_WARNING =
  'The expected close date is more than 30 days ago. Move it forward or close the opportunity.';
export const WIN_NEEDS_ACCEPTED = 'Mark a proposal of this opportunity Accepted before winning it.';
export const ALREADY_WON = 'This opportunity has already been won; its agreement exists.';
export const COPY_OTHER_OPPORTUNITY =
  'This proposal belongs to another opportunity and cannot be copied here.';
export const LINE_NEEDS_WHAT = 'Choose a service type or enter a description.';
export const PROPOSAL_NEEDS_LINES = 'Add at least one line before marking this proposal Sent or Accepted.';
/** Days past its expected close date after which an open opportunity gets the warning. */
export const CLOSE_DATE_GRACE_DAYS = 30;
export const CLOSE_RANGE_REVERSED = 'The end of the close date range cannot be before its start.';

const probability = () =>
  z.preprocess(
    (v) =>
      v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v.trim()) : v,
    z
      .number({ error: (issue) => (issue.input === undefined ? BLANK : PROBABILITY_RANGE) })
      .int(PROBABILITY_RANGE)
      .min(0, PROBABILITY_RANGE)
      .max(100, PROBABILITY_RANGE),
  );

export const opportunityForm = z.object({
  version: version(),
  organization: requiredRef(),
  /** Blank on a new opportunity: a number is assigned on save. */
  number: optionalText(40),
  title: requiredText(200),
  stage: requiredRef(),
  owner: optionalRef(),
  amount: decimalAmount({ required: true }),
  probability: probability(),
  closeDate: optionalDate(),
  source: optionalText(100),
  lostReason: optionalText(100),
  notes: optionalText(10_000),
  /** Create only: the opportunity this one copies (SPEC §2 oppCopyId) and the outage it came from. */
  oppCopyId: optionalRef(),
  outageId: optionalRef(),
});
export type OpportunityForm = z.infer<typeof opportunityForm>;

export const OPPORTUNITY_SORTS = ['number', 'title', 'closeDate', 'amount'] as const;

export const opportunityListQuery = listQuery
  .extend({
    organization: optionalRef(),
    stage: optionalRef(),
    owner: optionalRef(),
    outcome: z.enum(['all', ...codeValues(OUTCOMES)]).default('OPEN'),
    /** Expected close date range (MM/DD/YYYY). */
    closeFrom: optionalDate(),
    closeTo: optionalDate(),
    sort: z.enum(OPPORTUNITY_SORTS).default('closeDate'),
  })
  .superRefine((query, ctx) => {
    const [from, to] = [dateKey(query.closeFrom), dateKey(query.closeTo)];
    if (from && to && to < from)
      ctx.addIssue({ code: 'custom', path: ['closeTo'], message: CLOSE_RANGE_REVERSED });
  });
export type OpportunityListQuery = z.infer<typeof opportunityListQuery>;

/** GET /api/manage/opportunity/totals?filters: the whole filtered set's amount and probability-weighted amount. */
export const opportunityTotalsSchema = z.object({
  count: z.number().int().describe('Opportunities matching the filters.'),
  amount: z.string().describe('Their amounts summed: dollars as decimal text ("12500.00").'),
  weighted: z
    .string()
    .describe(
      'Their amounts weighted by their probability (each to the cent), summed: dollars as decimal text.',
    ),
});
export type OpportunityTotals = z.infer<typeof opportunityTotalsSchema>;

/** One proposal line as stored and shown; `amount` is quantity × unit price. */
export type ProposalLine = {
  serviceType: Option | null;
  description: string | null;
  quantity: string;
  unitPrice: string;
  recurrence: Option;
  amount: string;
};

export type ProposalTotals = { oneTime: string; monthly: string; firstYear: string };

/** One-time, monthly and first-year totals (first year = one-time + 12 months), exact to the cent. */
export function proposalTotals(
  lines: readonly { quantity: string; unitPrice: string; recurrence: string }[],
): ProposalTotals {
  const sum = (recurrence: string) =>
    sumAmounts(
      lines.filter((l) => l.recurrence === recurrence).map((l) => lineAmount(l.quantity, l.unitPrice)),
    );
  const oneTime = sum('ONE_TIME');
  const monthly = sum('MONTHLY');
  return { oneTime, monthly, firstYear: sumAmounts([oneTime, ...Array(12).fill(monthly)]) };
}

/** "Line 2: Choose a service type or enter a description." */
export const lineMessage = (index: number, message: string) => `Line ${index + 1}: ${message}`;

const RECURRENCE_VALUES = codeValues(RECURRENCES) as readonly string[];

/** Reads one line row; every problem is reported with the line's number under `lines`. */
function parseLine(row: Record<string, unknown>, index: number, ctx: z.RefinementCtx) {
  const say = (message: string) =>
    ctx.addIssue({ code: 'custom', path: ['lines'], message: lineMessage(index, message) });
  const bare = (v: unknown) =>
    typeof v === 'object' && v !== null && 'value' in v ? (v as Option).value : v;
  const text = (v: unknown) => {
    const b = bare(v);
    return b === null || b === undefined ? '' : String(b).trim();
  };
  const serviceTypeText = text(row.serviceType);
  let serviceType: number | null = null;
  if (serviceTypeText !== '') {
    const n = Number(serviceTypeText);
    if (/^\d{1,10}$/.test(serviceTypeText) && n >= 1 && n <= 2_147_483_647) serviceType = n;
    else say('This service type is not valid.');
  }
  const description = text(row.description).slice(0, 500) || null;
  if (serviceType === null && description === null && serviceTypeText === '') say(LINE_NEEDS_WHAT);
  const amount = (v: unknown, label: string, maxWholeDigits?: number) => {
    const t = text(v);
    const parsed = t === '' ? null : decimalAmount({ required: true, maxWholeDigits }).safeParse(t);
    if (parsed === null) {
      say(`${label}: ${BLANK}`);
      return '0.00';
    }
    if (!parsed.success || parsed.data === null) {
      say(`${label}: ${parsed.success ? BLANK : parsed.error.issues[0]?.message}`);
      return '0.00';
    }
    return parsed.data;
  };
  const quantity = amount(row.quantity, 'Quantity', 8);
  const unitPrice = amount(row.unitPrice, 'Unit price');
  const recurrence = text(row.recurrence);
  if (!RECURRENCE_VALUES.includes(recurrence)) say('Choose one-time or monthly.');
  return { serviceType, description, quantity, unitPrice, recurrence: recurrence as Recurrence };
}

export const proposalForm = z
  .object({
    version: version(),
    /** Blank on a new proposal: a number is assigned on save. */
    number: optionalText(40),
    title: requiredText(200),
    status: z.enum(codeValues(PROPOSAL_STATUSES)),
    validUntil: optionalDate(),
    /** Rich text (SPEC §9 formats); sanitized on the server before it is stored. */
    terms: optionalText(50_000),
    lines: z
      .array(z.record(z.string(), z.unknown()))
      .max(200, 'A proposal holds at most 200 lines.')
      .default([]),
    /** Create only: the proposal of this opportunity this one copies (SPEC §2 proposalCopyId). */
    proposalCopyId: optionalRef(),
  })
  .transform((form, ctx) => ({ ...form, lines: form.lines.map((row, i) => parseLine(row, i, ctx)) }));
export type ProposalForm = z.infer<typeof proposalForm>;

export const proposalListQuery = listQuery.extend({
  status: z.enum(['all', ...codeValues(PROPOSAL_STATUSES)]).default('all'),
});

/**
 * POST /api/manage/opportunity/{id}/win: which accepted proposal becomes the agreement, its first day, and the day the
 * sale closed (the opportunity's close date from then on).
 */
export const winForm = z.object({
  version: version(),
  proposal: requiredRef(),
  agreementNumber: optionalText(40),
  startDate: requiredDate(),
  closeDate: requiredDate(),
});
export type WinForm = z.infer<typeof winForm>;

/** A line the win cannot carry over: every agreement service has a type (its billing and reports group by it). */
export const untypedLineMessage = (position: number, description: string | null, recurrence: string) =>
  `Line ${position + 1} (${description ?? 'no description'}) is ${recurrence === 'ONE_TIME' ? 'one-time' : 'monthly'} but has no service type. Choose one on the proposal first.`;
export const FIRST_YEAR_TOO_BIG =
  "This proposal's first-year value is larger than an opportunity amount can hold (9,999,999,999.99).";

/** True when an open opportunity's close date lies more than the grace days before today (both yyyyMMdd keys). */
export function closeDateLongPast(closeDate: string | null, todayDisplay: string): boolean {
  const close = dateKey(closeDate);
  const today = dateKey(todayDisplay);
  if (!close || !today) return false;
  const toDate = (k: string) =>
    Date.UTC(Number(k.slice(0, 4)), Number(k.slice(4, 6)) - 1, Number(k.slice(6, 8)));
  return (toDate(today) - toDate(close)) / 86_400_000 > CLOSE_DATE_GRACE_DAYS;
}

/** An opportunity as the API presents it (list rows, the basics screen, a save's answer); amounts as text. */
export const opportunityRecord = recordBase.extend({
  organization: refValue,
  number: z.string(),
  title: z.string(),
  stage: refValue,
  outcome: z.object({ value: z.enum(codeValues(OUTCOMES)), label: z.string() }),
  owner: refValue.nullable(),
  amount: z.string(),
  probability: z.number(),
  closeDate: z.string().nullable(),
  source: z.string().nullable(),
  lostReason: z.string().nullable(),
  notes: z.string().nullable(),
  /** The outage it was created from. */
  outage: refValue.nullable(),
  /** The agreement winning it created. */
  agreement: refValue.nullable(),
  /** The amount weighted by the probability, to the cent. */
  weighted: z.string(),
  /** One opportunity's screen and a save's answer: warnings per field (the save still went through). */
  warnings: z.record(z.string(), z.array(z.string())).optional(),
});
export type OpportunityRecord = z.infer<typeof opportunityRecord>;

/** A choice as the server presents it: its value, then its label. */
const presentedOption = z.object({ value: z.union([z.string(), z.number()]), label: z.string() });

/** One line of a proposal as the API presents it (ProposalLine). */
export const proposalLineValue = z.object({
  serviceType: presentedOption.nullable(),
  description: z.string().nullable(),
  quantity: z.string(),
  unitPrice: z.string(),
  recurrence: presentedOption,
  amount: z.string(),
});

/** One-time, monthly and first-year totals (ProposalTotals). */
export const proposalTotalsValue = z.object({
  oneTime: z.string(),
  monthly: z.string(),
  firstYear: z.string(),
});

/**
 * A proposal as the API presents it (list rows with their totals; one proposal's screen and a save's answer with its
 * lines and totals too).
 */
export const proposalRecord = recordBase.extend({
  opportunity: refValue,
  number: z.string(),
  title: z.string(),
  status: z.object({ value: z.enum(codeValues(PROPOSAL_STATUSES)), label: z.string() }),
  validUntil: z.string().nullable(),
  /** Rich text (sanitised on save). */
  terms: z.string().nullable(),
  /** The proposal this one was copied from. */
  copiedFrom: refValue.nullable(),
  lines: z.array(proposalLineValue).optional(),
  totals: proposalTotalsValue.optional(),
  /** A new proposal's source (one proposal's screen: always null). */
  proposalCopyId: z.number().nullable().optional(),
});
export type ProposalRecord = z.infer<typeof proposalRecord>;

/** POST /api/manage/opportunity/{id}/win: the agreement created, and the opportunity's new version. */
export const winResultSchema = z.object({
  agreement: z.object({ id: z.number().int(), number: z.string() }),
  opportunity: z.object({ id: z.number().int(), version: z.number().int() }),
});
export type WinResult = z.infer<typeof winResultSchema>;

/** An accepted proposal as the win will carry it over: what it creates, its first-year value, what blocks it. */
export const winProposalSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  title: z.string(),
  totals: proposalTotalsValue.describe('One-time, monthly and first-year totals: dollars as decimal text.'),
  monthlyLines: z.number().int().describe('Monthly lines: each becomes a monthly service of the agreement.'),
  oneTimeLines: z
    .number()
    .int()
    .describe('One-time lines: each becomes a one-time charge of the agreement on its start date.'),
  problems: z
    .array(z.string())
    .describe('Why this proposal cannot be won as it is (lines without a service type); empty when it can.'),
});
export type WinProposal = z.infer<typeof winProposalSchema>;

/** GET /api/manage/opportunity/{id}/win: the dialog's defaults (the company's today) and the accepted proposals. */
export const winPreviewSchema = z.object({
  closeDate: z.string().describe("The dialog's default close date: the company's today, MM/dd/yyyy."),
  startDate: z.string().describe("The dialog's default agreement start: the company's today, MM/dd/yyyy."),
  proposals: z.array(winProposalSchema).describe('The accepted proposals, newest first (at most 25).'),
});
export type WinPreview = z.infer<typeof winPreviewSchema>;
