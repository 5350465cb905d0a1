// Timesheet weeks (issue 17): a user submits a Monday..Sunday week, their approver approves or rejects it, an
// approved week locks its time until an approver reopens it. Statuses, messages, bodies, answers and the warnings
// shown before a submit, shared by the API and the screens.
import { z } from 'zod';
import { EXPECTED_DAY_MINUTES, WORKDAYS_PER_WEEK } from '../billing.js';
import { minutesToHmm } from '../format/duration.js';
import { version } from './fields.js';
import { refValue } from './record.js';

export const WEEK_STATUSES = [
  { value: 'OPEN', label: 'Open' },
  { value: 'SUBMITTED', label: 'Submitted' },
  { value: 'APPROVED', label: 'Approved' },
  { value: 'REJECTED', label: 'Rejected' },
] as const;
export type WeekStatus = (typeof WEEK_STATUSES)[number]['value'];
export const weekStatusLabel = (status: WeekStatus) => WEEK_STATUSES.find((s) => s.value === status)!.label;

export const WEEK_ACTIONS = ['submit', 'approve', 'reject', 'reopen'] as const;
export type WeekAction = (typeof WEEK_ACTIONS)[number];

// ---- Messages ----
export const WEEK_LOCKED =
  'This week is approved: its time can no longer be changed. Ask your approver to reopen it.';
export const REJECT_NEEDS_COMMENT = 'Give a reason for rejecting the week.';
export const NOT_APPROVER = "Only this person's approver can approve their weeks.";
export const NOT_OWN_WEEK = 'Only the person whose week it is can submit it.';
export const CANNOT_SUBMIT = 'Only an open or rejected week can be submitted.';
export const NOT_SUBMITTED = 'Only a submitted week can be approved or rejected.';
export const CANNOT_REOPEN = 'Only an approved week can be reopened, or a submitted one withdrawn.';
export const COMMENT_TOO_LONG = 'Keep the comment under 2,000 characters.';
export const WEEK_CHANGED = 'This week was changed by someone else. Look at its new state, then try again.';
export const APPROVER_SELF = 'A person cannot approve their own weeks. Choose someone else.';

export const WEEK_COMMENT_MAX = 2000;

/** The body of every transition: the version the user saw (0 for a week never written) and an optional comment. */
export const weekActionBody = z.object({
  version: version(),
  comment: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string({ error: 'Please enter text.' })
      .trim()
      .max(WEEK_COMMENT_MAX, COMMENT_TOO_LONG)
      .nullable()
      .optional(),
  ),
});
export type WeekActionBody = z.infer<typeof weekActionBody>;

// ---- Answers ----
export const weekDaySchema = z.object({
  date: z.string().describe('MM/dd/yyyy.'),
  slipMinutes: z.number().describe("Finished slips' minutes."),
  gaps: z.number().describe("Breaks between one slip's stop and the next slip's start."),
  unfinished: z.number().describe('Slips without a stop time.'),
  bucketMinutes: z.number(),
});
export type WeekDay = z.infer<typeof weekDaySchema>;

const weekStatus = z.enum(WEEK_STATUSES.map((s) => s.value));

export const timesheetWeekSchema = z.object({
  id: z.number().nullable().describe('Null for a week never written (open, version 0).'),
  userId: z.number(),
  user: refValue,
  weekStart: z.string().describe('The Monday, MM/dd/yyyy.'),
  status: weekStatus,
  statusLabel: z.string(),
  submittedAt: z.string().nullable().describe('ISO instant.'),
  submittedBy: refValue.nullable(),
  decidedAt: z.string().nullable().describe('ISO instant of the last approval, rejection or reopening.'),
  decidedBy: refValue.nullable(),
  comment: z.string().nullable(),
  version: z.number().describe('0 for a week never written.'),
});
export type TimesheetWeek = z.infer<typeof timesheetWeekSchema>;

export const weekCanSchema = z
  .object({ submit: z.boolean(), approve: z.boolean(), reject: z.boolean(), reopen: z.boolean() })
  .describe('The actions the signed-in user may take on the week now.');
export type WeekCan = z.infer<typeof weekCanSchema>;

/** GET /api/time/week/{MMddyyyy}/{userId} and every transition: the week, its days Monday..Sunday, its warnings. */
export const weekAnswerSchema = z.object({
  week: timesheetWeekSchema,
  days: z.array(weekDaySchema).describe('Monday..Sunday.'),
  warnings: z.array(z.string()),
  can: weekCanSchema,
});
export type WeekAnswer = z.infer<typeof weekAnswerSchema>;

export const weekToApproveSchema = z.object({
  id: z.number(),
  userId: z.number(),
  user: refValue,
  weekStart: z.string().describe('The Monday, MM/dd/yyyy.'),
  submittedAt: z.string().describe('ISO instant.'),
  version: z.number(),
});
export type WeekToApprove = z.infer<typeof weekToApproveSchema>;
/** GET /api/time/weeks/to-approve: submitted weeks the signed-in user may approve, oldest submission first (≤ 100). */
export const weeksToApproveSchema = z.object({ items: z.array(weekToApproveSchema) });
export type WeeksToApprove = z.infer<typeof weeksToApproveSchema>;

// ---- The day figures and the warnings (pure) ----
export type DaySlip = { start: number; stop: number | null };

/** Minutes, gaps and unfinished slips of one day's slips (times in minutes after midnight, any order). */
export function dayFigures(slips: readonly DaySlip[]): Pick<WeekDay, 'slipMinutes' | 'gaps' | 'unfinished'> {
  const sorted = [...slips].sort((a, b) => a.start - b.start);
  let slipMinutes = 0;
  let gaps = 0;
  let unfinished = 0;
  let reach: number | null = null;
  for (const s of sorted) {
    if (s.stop === null || s.stop <= s.start) {
      if (s.stop === null) unfinished += 1;
      // An unfinished slip runs on: what follows it is no gap.
      reach = s.stop === null ? Number.POSITIVE_INFINITY : Math.max(reach ?? s.start, s.start);
      continue;
    }
    slipMinutes += s.stop - s.start;
    if (reach !== null && s.start > reach) gaps += 1;
    reach = Math.max(reach ?? s.stop, s.stop);
  }
  return { slipMinutes, gaps, unfinished };
}

export const WEEKDAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Warnings about a week's days, Monday first: workdays under the expected hours, gaps, unfinished slips. */
export function weekWarnings(days: readonly WeekDay[]): string[] {
  const warnings: string[] = [];
  days.forEach((day, i) => {
    const name = `${WEEKDAY_NAMES[i] ?? ''} ${day.date.slice(0, 5)}`.trim();
    const total = day.slipMinutes + day.bucketMinutes;
    if (i < WORKDAYS_PER_WEEK && total < EXPECTED_DAY_MINUTES) {
      warnings.push(
        `${name}: ${minutesToHmm(total)} logged, under the expected ${minutesToHmm(EXPECTED_DAY_MINUTES)}.`,
      );
    }
    if (day.gaps > 0) warnings.push(`${name}: ${plural(day.gaps, 'gap', 'gaps')} between slips.`);
    if (day.unfinished > 0) {
      warnings.push(
        `${name}: ${plural(day.unfinished, 'unfinished slip', 'unfinished slips')} (no stop time).`,
      );
    }
  });
  return warnings;
}
