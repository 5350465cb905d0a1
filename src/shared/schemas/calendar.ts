// The weekly / daily calendar summary (SPEC §2 "Calendar", §3 weekly summary and calendar event, §7):
// one user's slips and bucket time of the Monday..Sunday week that holds a given day.
import { z } from 'zod';
import { refValue } from './record.js';

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
  title: z.string().describe('"Organization - Task".'),
  start: z
    .string()
    .describe('Local date-time yyyy-MM-ddTHH:mm (no zone: slips hold the local work day and times of day).'),
  end: z.string().nullable().describe('Local date-time yyyy-MM-ddTHH:mm; null while the slip is unfinished.'),
  url: z.string().describe("The client path of the slip's task (case_task_basics)."),
  is_project: z.boolean(),
  task_id: z.number(),
  case_id: z.number(),
  hover: z
    .string()
    .describe('Tooltip text: organization — case — task, the time range, the comment shortened.'),
  dow: z.number().int().min(0).max(6).describe('Day of the week, zero-based from Monday.'),
  type: z.string().describe('Support or Project.'),
  minutes: z.number().int().min(0).describe('Minutes worked; 0 while unfinished.'),
});
export type CalendarSlip = z.infer<typeof calendarSlipSchema>;

export const calendarBucketSchema = z.object({
  dow: z.number().int().min(0).max(6).describe('Day of the week, zero-based from Monday.'),
  type: z.string().describe("The bucket category's name."),
  minutes: z.number().int().min(0),
});
export type CalendarBucket = z.infer<typeof calendarBucketSchema>;

/** GET /api/manage/slip/weekly-summary/{MMddyyyy}/{userId}: the Monday..Sunday week holding the day. */
export const weeklySummarySchema = z.object({
  summary: z.object({
    slips: z.array(calendarSlipSchema).describe('By day and start.'),
    buckets: z
      .array(calendarBucketSchema)
      .describe('Bucket time logged (more than 0 minutes), by day and category.'),
  }),
});
export type WeeklySummary = z.infer<typeof weeklySummarySchema>;

/** GET /api/biller/biller-options/: active staff, by name (the calendar's user picker). */
export const billerOptionsResponse = z.array(refValue);
export type BillerOption = z.infer<typeof billerOptionsResponse>[number];
