// Time slips and buckets (SPEC §3, §5, §7): the one contract the server routes and the daily panel share.
// Times travel as "H:MM AM/PM", dates as MM/dd/yyyy (paths: MMddyyyy). Minutes are derived, never sent.
import { z } from 'zod';
import { parseDateInput } from '../format/date.js';
import { INVALID_TIME, parseTimeOfDay } from '../format/time-of-day.js';
import { apiErrorSchema } from './api-error.js';
import { recordId } from './common.js';
import { BLANK, type CodeList, optionalText, requiredRef, version } from './fields.js';
import { codeValue, refValue } from './record.js';

/** Where the work was done (DOMAIN: Where). */
export const WHERE_OPTIONS = [
  { value: 'REMOTE', label: 'Remote' },
  { value: 'ON_SITE', label: 'On Site' },
  { value: 'IN_OFFICE', label: 'In Office' },
] as const satisfies CodeList;

/** The channel of the work (DOMAIN: How). */
export const HOW_OPTIONS = [
  { value: 'PHONE', label: 'Phone' },
  { value: 'EMAIL', label: 'Email' },
  { value: 'REMOTE_SESSION', label: 'Remote Session' },
  { value: 'IN_PERSON', label: 'In Person' },
] as const satisfies CodeList;

/** Abbreviations of the read-only slip card (SPEC §2 "Daily panel"). */
export const ABBREVIATIONS: Record<string, string> = {
  REMOTE: 'Rem',
  ON_SITE: 'Site',
  IN_OFFICE: 'Ofc',
  PHONE: 'Ph',
  EMAIL: 'Em',
  REMOTE_SESSION: 'RS',
  IN_PERSON: 'IP',
};

/** Rate multiplier values as strings on the wire: '0', '1', '1.5', '2' (labels 0x … 2x). */
export const RATE_MULTIPLIER_OPTIONS = [
  { value: '0', label: '0x' },
  { value: '1', label: '1x' },
  { value: '1.5', label: '1.5x' },
  { value: '2', label: '2x' },
] as const satisfies CodeList;

export const STOP_AFTER_START = 'The end must be after the start.';
export const CLOSED_CASE = 'This case is closed: no time can be logged on it.';
export const CLOSED_TASK = 'This task is closed: no time can be logged on it.';
export const NOT_OWNER = 'Only the person who logged this slip can change it.';
export const NO_TARGET_TASK = 'No target task selected. Refresh and try again.';
export const MOVE_FAILED = 'Submission failed. Contact support.';
export const SELECT_CLIENT = 'Select a Client to see results.';

const timeOfDay = (required: boolean) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v, ctx) => {
      if (!v) {
        if (required) {
          ctx.addIssue({ code: 'custom', message: BLANK });
          return z.NEVER;
        }
        return null;
      }
      const minutes = parseTimeOfDay(v);
      if (minutes === null) {
        ctx.addIssue({ code: 'custom', message: INVALID_TIME });
        return z.NEVER;
      }
      return minutes;
    });

const workDate = z
  .string()
  .trim()
  .nullish()
  .transform((v, ctx) => {
    const d = v ? parseDateInput(v) : null;
    if (!d) {
      ctx.addIssue({ code: 'custom', message: 'Please enter a valid date (MM/DD/YYYY).' });
      return z.NEVER;
    }
    return d;
  });

const code = (list: CodeList) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z
      .enum(list.map((c) => c.value) as [string, ...string[]], {
        message: 'Please choose one of the options.',
      })
      .nullable(),
  );

/**
 * POST /api/manage/slip/{id|create}: ids/values only (SPEC §7). Parsed: startTime/stopTime in minutes of the day,
 * date as a Date. `user` (the biller) is accepted and ignored: the biller is never editable (SPEC §5).
 */
export const slipForm = z.object({
  version: version(),
  startTime: timeOfDay(true),
  stopTime: timeOfDay(false),
  date: workDate,
  task: requiredRef(),
  user: z.unknown().optional(),
  where: code(WHERE_OPTIONS),
  how: code(HOW_OPTIONS),
  rateMultiplier: z.preprocess(
    (v) => (v === '' || v == null ? '1' : String(v)),
    z.enum(['0', '1', '1.5', '2'], { message: 'Please choose one of the options.' }),
  ),
  comment: optionalText(10_000),
});
export type SlipFormInput = z.input<typeof slipForm>;

/** Who made or last changed a slip, and when. */
const slipStampSchema = z.object({
  at: z.string().describe('ISO instant.'),
  by: refValue.nullable().describe('The user; null when unknown.'),
});

/** A slip as the server sends it (summary rows, load, save). */
export const slipSchema = z.object({
  id: z.number(),
  number: z.number().describe('"Slip #{number}" of the info dialog.'),
  version: z.number(),
  startTime: z.string().describe('Time of day, "H:MM AM/PM".'),
  stopTime: z.string().nullable().describe('Time of day, "H:MM AM/PM"; null while unfinished.'),
  date: z.string().describe('The work day, MM/dd/yyyy.'),
  task: refValue,
  case: refValue,
  organization: refValue,
  user: refValue.describe('The biller: the user who logged the slip.'),
  where: codeValue.nullable(),
  how: codeValue.nullable(),
  rateMultiplier: codeValue
    .nullable()
    .describe("Null when the viewer may not see it (another user's slip, viewer not an administrator)."),
  comment: z.string().nullable(),
  taskId: z.number(),
  caseId: z.number(),
  isProject: z.boolean().describe('Task kind: project (green) or support (blue).'),
  start: z.string().describe('Local date-time "yyyy-MM-ddTHH:mm" (no zone).'),
  stop: z.string().nullable().describe('Local date-time "yyyy-MM-ddTHH:mm"; null while unfinished.'),
  minutes: z
    .number()
    .nullable()
    .describe('Actual minutes worked (null while unfinished); the times are never rewritten.'),
  billableMinutes: z
    .number()
    .nullable()
    .describe(
      'Minutes billed: rounded by the rule in `billing`, times the multiplier (src/shared/rounding.ts); null while unfinished.',
    ),
  billing: z
    .object({
      minimum: z.number().describe('Minutes.'),
      increment: z.number().describe('Minutes.'),
      source: z.enum(['DEFAULT', 'ORGANIZATION', 'SERVICE']),
      sourceLabel: z
        .string()
        .describe(
          'Where the rule comes from: "default", "Acme Corp", "Acme Corp agreement service Block Hours".',
        ),
      explanation: z
        .string()
        .nullable()
        .describe('"1:07 rounded up to 1:15 (…) × 1.5 = 1:53"; null while unfinished.'),
    })
    .describe("The rounding rule in force on the slip's day (a billed slip: the one its billing stored)."),
  created: slipStampSchema,
  updated: slipStampSchema,
  // Absent only on a slip this device made and the server has not seen (its own, so it may): the server always sends it.
  can: z
    .object({ edit: z.boolean(), delete: z.boolean() })
    .optional()
    .describe('What the viewer may do with the slip, by the rules its save and delete enforce.'),
  locked: z
    .string()
    .nullable()
    .optional()
    .describe(
      "Why the viewer may not change it (another user's slip, a billed case, an approved week, a closed case); null when they may.",
    ),
});
export type Slip = z.infer<typeof slipSchema>;

/**
 * GET /api/manage/slip/create: a new slip's values (defaults for a task, or a copy of a slip), not saved yet. Without
 * a task (or with an unknown one) the task, case and client are null.
 */
export const newSlipSchema = slipSchema.extend({
  id: z.literal(0),
  number: z.literal(0),
  version: z.literal(0),
  startTime: z.string().describe('Time of day, "H:MM AM/PM"; empty for a new slip, set for a copy.'),
  stopTime: z.string().describe('Time of day, "H:MM AM/PM"; empty when not known.'),
  task: refValue.nullable(),
  case: refValue.nullable(),
  organization: refValue.nullable(),
  rateMultiplier: codeValue,
  taskId: z.number().nullable(),
  caseId: z.number().nullable(),
  start: z.literal(''),
  stop: z.null(),
  minutes: z.null(),
  billableMinutes: z.null(),
  created: z.object({ at: z.literal(''), by: z.null() }),
  updated: z.object({ at: z.literal(''), by: z.null() }),
  can: z.object({ edit: z.literal(true), delete: z.literal(false) }),
  locked: z.null(),
});
export type NewSlip = z.infer<typeof newSlipSchema>;

/** formOptions of a slip: exactly these keys (SPEC §5). */
export const slipFormOptionsSchema = z.object({
  how: z.array(codeValue),
  where: z.array(codeValue),
  user: z.array(refValue).describe('Active staff: the billers.'),
  rateMultiplier: z.array(codeValue),
});
export type SlipFormOptions = z.infer<typeof slipFormOptionsSchema>;

/** GET /api/manage/slip/{id|create}: a slip (or a new slip's values) with its form options. */
export const slipLoadResponse = z.object({
  slip: z.union([newSlipSchema, slipSchema]),
  formOptions: slipFormOptionsSchema,
});

/** POST /api/manage/slip/{id|create}: the saved slip. */
export const slipSavedResponse = z.object({ slip: slipSchema });

/** GET /api/manage/slip?task=: one page of a task's slips, newest first. */
export const taskSlipsResponse = z.object({
  items: z.array(slipSchema),
  next: z.string().nullable().describe('The cursor of the next page (`after`); null on the last page.'),
  totalMinutes: z
    .number()
    .optional()
    .describe('First page only: minutes logged on the task by every slip (unfinished slips count 0).'),
});

export const bucketSchema = z.object({
  category: z.object({ id: z.number(), title: z.string() }),
  time: z.string().describe('The minutes as h:mm.'),
  minutes: z.number(),
  comment: z.string().nullable(),
  version: z.number().describe('0 when the user has no time in the category that day yet.'),
});
export type Bucket = z.infer<typeof bucketSchema>;

/** POST /api/manage/bucket/{categoryId}/{MMddyyyy}: the saved bucket. */
export const bucketSavedResponse = z.object({ bucket: bucketSchema });

/** GET /api/manage/slip/summary/{MMddyyyy}: the signed-in user's day. */
export const slipSummarySchema = z.object({
  slips: z.array(slipSchema).describe("The day's slips, by start."),
  buckets: z.array(bucketSchema).describe("One per active bucket category, with the user's time that day."),
  whereOptions: z.array(codeValue),
  howOptions: z.array(codeValue),
  rateMultiplierOptions: z.array(codeValue),
  billerOptions: z.array(refValue),
});
export type SlipSummary = z.infer<typeof slipSummarySchema>;

/** POST /api/manage/bucket/{categoryId}/{MMddyyyy}: time as a duration ("1:30", "1.5", "90m"…); empty is 0. */
export const bucketForm = z.object({
  version: version(),
  time: z.string().trim().max(20).nullish(),
  comment: optionalText(2000),
});

/** GET /api/manage/task/available-for-slip */
export const availableForSlipQuery = z.object({
  slipId: recordId().optional(),
  client: recordId().optional(),
  department: recordId().optional(),
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export const availableTaskSchema = z.object({
  id: z.number(),
  title: z.string(),
  caseId: z.number(),
  caseTitle: z.string(),
  organization: z.string(),
  department: z.string().nullable(),
});
export type AvailableTask = z.infer<typeof availableTaskSchema>;
export const availableForSlipSchema = z.object({
  tasks: z
    .array(availableTaskSchema)
    .describe("Open tasks of the client's open cases, newest case first; empty until a client is given."),
  departments: z.array(refValue).describe('Active departments.'),
  default_department: z
    .number()
    .nullable()
    .describe("The department of the slip's task; null without a slip."),
  default_client: refValue.nullable().describe("The slip's client; null without a slip."),
});
export type AvailableForSlip = z.infer<typeof availableForSlipSchema>;

/** POST /api/manage/task/{taskId}/move-slip/{slipId} */
export const moveSlipBody = z.object({ targetTask: recordId().nullish() });
/** Where the slip went: the target task and its case. */
export const moveSlipResultSchema = z.object({ caseId: z.number(), taskId: z.number() });
export type MoveSlipResult = z.infer<typeof moveSlipResultSchema>;
/** A refused move: the one error shape, its messages also listed as `errors` (the dialog's list). */
export const moveSlipRefusedSchema = apiErrorSchema.extend({
  errors: z
    .array(z.string())
    .optional()
    .describe('Why the move was refused (the same messages as form.errors); absent on other bad requests.'),
});

/** POST /api/manage/task/card-print/{taskId}: no printer is configured, so the card is offered as a preview (SPEC §8). */
export const PRINT_NOT_SET_UP = 'This environment is not set up for printing. Preview the card to print it.';
export const cardPrintResultSchema = z.object({
  printed: z.boolean().describe('Whether a printer printed the card: false while no printer is configured.'),
  message: z.string(),
  previewUrl: z.string().describe('Where the card opens as a PDF to print it from the browser.'),
});
export type CardPrintResult = z.infer<typeof cardPrintResultSchema>;
