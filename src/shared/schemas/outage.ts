// Outages (/manage/outage): incidents hitting one or many customers. The form takes start and end as a date and a
// time of day in the company time zone; the server stores them as timestamps.
import { z } from 'zod';
import { INVALID_TIME, normalizeTimeOfDay, parseTimeOfDay } from '../format/time-of-day.js';
import { listQuery } from './common.js';
import {
  BLANK,
  type CodeList,
  codeValues,
  optionalDate,
  optionalRef,
  optionalText,
  requiredRef,
  requiredText,
  version,
} from './fields.js';
import { codeValue, recordBase, refValue } from './record.js';

export const OUTAGE_STATUSES = [
  { value: 'OPEN', label: 'Open' },
  { value: 'MONITORING', label: 'Monitoring' },
  { value: 'RESOLVED', label: 'Resolved' },
] as const satisfies CodeList;
export type OutageStatus = (typeof OUTAGE_STATUSES)[number]['value'];

/** List filter: `open` (Open or Monitoring, the default), `all`, or one status. */
export const OUTAGE_STATUS_FILTERS = [
  { value: 'open', label: 'Open & Monitoring' },
  { value: 'all', label: 'All' },
  ...OUTAGE_STATUSES,
] as const satisfies CodeList;

export const END_BEFORE_START = 'The end must be after the start.';
export const RESOLVED_NEEDS_END = 'A resolved outage needs an end.';

/** A time of day typed in any SPEC §5 form, normalised to `H:MM AM/PM`; empty is null. */
export const optionalTime = () =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v, ctx) => {
      if (!v) return null;
      const normal = normalizeTimeOfDay(v);
      if (normal === null) {
        ctx.addIssue({ code: 'custom', message: INVALID_TIME });
        return z.NEVER;
      }
      return normal;
    });

const required = <T>(schema: z.ZodType<T | null>) =>
  schema.transform((v, ctx) => {
    if (v === null) {
      ctx.addIssue({ code: 'custom', message: BLANK });
      return z.NEVER;
    }
    return v;
  });

/** Sortable wall-clock key of a date (MM/dd/yyyy) and a time (H:MM AM/PM): yyyyMMdd + minutes. */
export function wallClockKey(date: string, time: string): string {
  const [mm, dd, yyyy] = date.split('/');
  return `${yyyy}${mm}${dd}${String(parseTimeOfDay(time) ?? 0).padStart(4, '0')}`;
}

export const outageForm = z
  .object({
    version: version(),
    outageType: requiredRef(),
    /** Empty: the outage hits many customers. */
    organization: optionalRef(),
    title: requiredText(200),
    description: optionalText(10_000),
    startDate: required(optionalDate()),
    startTime: required(optionalTime()),
    endDate: optionalDate(),
    endTime: optionalTime(),
    status: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.enum(codeValues(OUTAGE_STATUSES), { error: BLANK }),
    ),
    assignedTo: optionalRef(),
  })
  // Runs even when single fields failed, so every message shows at once; failed fields hold no string then.
  .superRefine(
    (form, ctx) => {
      const given = (v: unknown) => v !== null && v !== undefined;
      const date = (v: unknown) => (typeof v === 'string' && /^\d{2}\/\d{2}\/\d{4}$/.test(v) ? v : null);
      const time = (v: unknown) => (typeof v === 'string' && parseTimeOfDay(v) !== null ? v : null);
      if (given(form.endDate) && !given(form.endTime))
        ctx.addIssue({ code: 'custom', path: ['endTime'], message: BLANK });
      if (given(form.endTime) && !given(form.endDate))
        ctx.addIssue({ code: 'custom', path: ['endDate'], message: BLANK });
      if (form.status === 'RESOLVED' && !given(form.endDate) && !given(form.endTime))
        ctx.addIssue({ code: 'custom', path: ['endDate'], message: RESOLVED_NEEDS_END });
      const [startDate, startTime] = [date(form.startDate), time(form.startTime)];
      const [endDate, endTime] = [date(form.endDate), time(form.endTime)];
      // Wall clock in one zone orders like the instants (the server checks the instants again).
      if (startDate && startTime && endDate && endTime) {
        if (wallClockKey(endDate, endTime) <= wallClockKey(startDate, startTime))
          ctx.addIssue({ code: 'custom', path: ['endTime'], message: END_BEFORE_START });
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type OutageForm = z.infer<typeof outageForm>;

export const outageListQuery = listQuery.extend({
  status: z.enum(codeValues(OUTAGE_STATUS_FILTERS)).default('open'),
  organization: optionalRef(),
  outageType: optionalRef(),
  sort: z.enum(['startsAt']).default('startsAt'),
});

/**
 * An outage as the API presents it (list rows, the basics screen, a save's answer): its start and end as instants and
 * as the form's parts (date, time of day) in the company time zone.
 */
export const outageRecord = recordBase.extend({
  outageType: refValue,
  organization: refValue.nullable(),
  title: z.string(),
  description: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  status: codeValue,
  assignedTo: refValue.nullable(),
  startDate: z.string().nullable(),
  startTime: z.string().nullable(),
  endDate: z.string().nullable(),
  endTime: z.string().nullable(),
});
export type OutageRecord = z.infer<typeof outageRecord>;
