// Time slips and buckets (SPEC §3, §5, §7): the one contract the server routes and the daily panel share.
// Times travel as "H:MM AM/PM", dates as MM/dd/yyyy (paths: MMddyyyy). Minutes are derived, never sent.
import { z } from 'zod';
import { parseDateInput } from '../format/date.js';
import { INVALID_TIME, parseTimeOfDay } from '../format/time-of-day.js';
import { type Option, optionSchema, recordId, stampSchema } from './common.js';
import { BLANK, type CodeList, optionalText, requiredRef, version } from './fields.js';

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

/** A slip as the server sends it (summary rows, load, save). */
export const slipSchema = z.object({
  id: z.number(),
  /** "Slip #{number}" of the info dialog. */
  number: z.number(),
  version: z.number(),
  startTime: z.string(),
  stopTime: z.string().nullable(),
  date: z.string(),
  task: optionSchema,
  case: optionSchema,
  organization: optionSchema,
  user: optionSchema,
  where: optionSchema.nullable(),
  how: optionSchema.nullable(),
  /** Null when the viewer may not see it (another user's slip, viewer not an administrator). */
  rateMultiplier: optionSchema.nullable(),
  comment: z.string().nullable(),
  taskId: z.number(),
  caseId: z.number(),
  /** Task kind: project (green) or support (blue). */
  isProject: z.boolean(),
  /** ISO local date-times "yyyy-MM-ddTHH:mm" (stop null while unfinished). */
  start: z.string(),
  stop: z.string().nullable(),
  /** Actual minutes worked (null while unfinished); the times are never rewritten. */
  minutes: z.number().nullable(),
  /** Minutes billed: rounded by the rule in `billing`, times the multiplier (src/shared/rounding.ts); null while unfinished. */
  billableMinutes: z.number().nullable(),
  billing: z.object({
    minimum: z.number(),
    increment: z.number(),
    source: z.enum(['DEFAULT', 'ORGANIZATION', 'SERVICE']),
    /** Where the rule comes from: "default", "Acme Corp", "Acme Corp agreement service Block Hours". */
    sourceLabel: z.string(),
    /** "1:07 rounded up to 1:15 (…) × 1.5 = 1:53"; null while unfinished. */
    explanation: z.string().nullable(),
  }),
  created: stampSchema,
  updated: stampSchema,
  /**
   * What the viewer may do with the slip, by the rules its save and delete enforce (the server's one source). Absent
   * only on a slip this device made and the server has not seen: its own, so it may.
   */
  can: z.object({ edit: z.boolean(), delete: z.boolean() }).optional(),
  /** Why the viewer may not change it (another user's slip, a billed case, an approved week, a closed case). */
  locked: z.string().nullable().optional(),
});
export type Slip = z.infer<typeof slipSchema>;

/** formOptions of a slip: exactly these keys (SPEC §5). */
export type SlipFormOptions = { how: Option[]; where: Option[]; user: Option[]; rateMultiplier: Option[] };

export type Bucket = {
  category: { id: number; title: string };
  /** h:mm */
  time: string;
  minutes: number;
  comment: string | null;
  version: number;
};

/** GET /api/manage/slip/summary/{MMddyyyy}: the signed-in user's day. */
export type SlipSummary = {
  slips: Slip[];
  buckets: Bucket[];
  whereOptions: Option[];
  howOptions: Option[];
  rateMultiplierOptions: Option[];
  billerOptions: Option[];
};

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
export type AvailableTask = {
  id: number;
  title: string;
  caseId: number;
  caseTitle: string;
  organization: string;
  department: string | null;
};
export type AvailableForSlip = {
  tasks: AvailableTask[];
  departments: Option[];
  default_department: number | null;
  default_client: Option | null;
};

/** POST /api/manage/task/{taskId}/move-slip/{slipId} */
export const moveSlipBody = z.object({ targetTask: recordId().nullish() });
export type MoveSlipResult = { caseId: number; taskId: number; errors?: string[] };

/** POST /api/manage/task/card-print/{taskId}: no printer is configured, so the card is offered as a preview (SPEC §8). */
export const PRINT_NOT_SET_UP = 'This environment is not set up for printing. Preview the card to print it.';
export type CardPrintResult = { printed: boolean; message: string; previewUrl: string };
