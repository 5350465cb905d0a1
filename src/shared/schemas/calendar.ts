// The weekly / daily calendar summary (SPEC §2 "Calendar", §3 weekly summary and calendar event, §7):
// one user's slips and bucket time of the Monday..Sunday week that holds a given day.
import { z } from 'zod';

/** The task kind labels a slip item carries as its type (SPEC §3; legend of SPEC §2 "Shell panels"). */
export const SUPPORT = 'Support';
export const PROJECT = 'Project';
/** Event colors (SPEC §3 "Calendar event"): project work green, support blue. */
export const PROJECT_COLOR = '#47AA42';
export const SUPPORT_COLOR = '#3788d8';

export const slipKind = (isProject: boolean) => (isProject ? PROJECT : SUPPORT);
export const slipColor = (isProject: boolean) => (isProject ? PROJECT_COLOR : SUPPORT_COLOR);

export const calendarSlipSchema = z.object({
  slip_id: z.number(),
  title: z.string(),
  /** Local date-time yyyy-MM-ddTHH:mm (no zone: slips hold the local work day and times of day). */
  start: z.string(),
  /** Null while the slip is unfinished. */
  end: z.string().nullable(),
  /** The task's client route (case_task_basics). */
  url: z.string(),
  is_project: z.boolean(),
  task_id: z.number(),
  case_id: z.number(),
  /** Tooltip text: organization — case — task, the time range, the comment shortened. */
  hover: z.string(),
  /** Day of the week, zero-based from Monday. */
  dow: z.number().int().min(0).max(6),
  /** Support or Project. */
  type: z.string(),
  /** 0 while unfinished. */
  minutes: z.number().int().min(0),
});
export type CalendarSlip = z.infer<typeof calendarSlipSchema>;

export const calendarBucketSchema = z.object({
  dow: z.number().int().min(0).max(6),
  /** The bucket category's name. */
  type: z.string(),
  minutes: z.number().int().min(0),
});
export type CalendarBucket = z.infer<typeof calendarBucketSchema>;

export const weeklySummarySchema = z.object({
  summary: z.object({ slips: z.array(calendarSlipSchema), buckets: z.array(calendarBucketSchema) }),
});
export type WeeklySummary = z.infer<typeof weeklySummarySchema>;
