// The running timer (issue 17 "Timer from anywhere"): one per user, kept on the server so it survives reloads, other
// tabs and devices. Stopping it turns the elapsed time into slips: start floored to the minute in the app's time zone,
// duration rounded up to the user's timer rounding, one slip per local day.

import { z } from 'zod';
import { addIsoDays, isoDaysBetween } from '../format/date.js';
import type { Rounding } from '../format/duration.js';
import { stopMinutes } from '../format/time-of-day.js';
import { wallParts } from '../format/wall-clock.js';
import { recordId } from './common.js';
import { optionalText, version } from './fields.js';
import { codeValue, refValue } from './record.js';
import { HOW_OPTIONS, slipSchema, WHERE_OPTIONS } from './slip.js';

export const TIMER_ROUNDINGS = [1, 5, 30] as const satisfies readonly Rounding[];
export const DEFAULT_TIMER_ROUNDING: Rounding = 5;
export const TIMER_ROUNDING_OPTIONS: { value: number; label: string }[] = [
  { value: 1, label: '1 minute' },
  { value: 5, label: '5 minutes' },
  { value: 30, label: '30 minutes' },
];

export const NO_TIMER = 'No timer is running.';
export const TIMER_CHANGED = 'The timer was changed in another window. It now shows what is running.';
export const TIMER_SAVED = 'Slip saved';

const code = (list: readonly { value: string }[]) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z
      .enum(list.map((c) => c.value) as [string, ...string[]], {
        message: 'Please choose one of the options.',
      })
      .nullable(),
  );

/** POST /api/time/timer: start (or switch to) a task. */
export const startTimerBody = z.object({
  task: recordId(),
  comment: optionalText(10_000),
  where: code(WHERE_OPTIONS),
  how: code(HOW_OPTIONS),
});
export type StartTimerBody = {
  task: number;
  comment?: string | null;
  where?: string | null;
  how?: string | null;
};

/**
 * POST /api/time/timer/stop: the version the user saw. A comment sent (empty clears it) replaces the timer's; left out,
 * the timer's own comment goes on the slip.
 */
export const stopTimerBody = z.object({
  version: version(),
  comment: z
    .string()
    .trim()
    .max(10_000)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null)),
});
export type StopTimerBody = z.input<typeof stopTimerBody>;

/** DELETE /api/time/timer?version= : discard without a slip. */
export const discardTimerQuery = z.object({ version: version() });

/** GET /api/time/timer/tasks?q=&limit= : open tasks to time, as typeahead options with their case and client. */
export const timerTasksQuery = z.object({
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(25),
});
export const timerTaskOptionSchema = z.object({
  value: z.number().describe('The task id.'),
  label: z.string().describe("The task's title."),
  case: z.string().describe("The case's title."),
  organization: z.string(),
});
export type TimerTaskOption = z.infer<typeof timerTaskOptionSchema>;
/** GET /api/time/timer/tasks: open tasks of open, unbilled cases, newest first. */
export const timerTasksResponse = z.array(timerTaskOptionSchema);

export const timerSchema = z.object({
  taskId: z.number(),
  task: refValue,
  caseId: z.number(),
  case: refValue,
  organization: refValue,
  startedAt: z.string().describe('ISO instant.'),
  where: codeValue.nullable(),
  how: codeValue.nullable(),
  comment: z.string().nullable(),
  version: z.number(),
});
export type Timer = z.infer<typeof timerSchema>;

const serverNow = z.string().describe("The server's clock, ISO instant (the client ticks from its offset).");

/** GET /api/time/timer: the signed-in user's timer (null when none runs) and the server's clock. */
export const timerStateSchema = z.object({ timer: timerSchema.nullable(), serverNow });
export type TimerState = z.infer<typeof timerStateSchema>;
/** POST /api/time/timer: the timer started, and the slips of the one it replaced (switching tasks). */
export const startTimerResultSchema = z.object({
  timer: timerSchema,
  stopped: z.array(slipSchema).describe('The slips the timer running before became; empty when none ran.'),
  serverNow,
});
export type StartTimerResult = z.infer<typeof startTimerResultSchema>;
/** POST /api/time/timer/stop: the slips the timer became, one per local day. */
export const stopTimerResultSchema = z.object({ slips: z.array(slipSchema) });
export type StopTimerResult = z.infer<typeof stopTimerResultSchema>;
/** DELETE /api/time/timer: the timer discarded, no slip made. */
export const discardTimerResultSchema = z.object({ discarded: z.literal(true) });

/** One slip's worth of a stopped timer: a local day (yyyy-MM-dd) and minutes since its midnight (stop ≤ 1440). */
export type SlipPart = { date: string; start: number; stop: number };

const DAY_MINUTES = 1440;
const MINUTE = 60_000;
/** The calendar day and minute of the day an instant shows in the zone. */
export function wallMinute(at: Date, timeZone: string): { date: string; minute: number } {
  const p = wallParts(at.getTime(), timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { date: `${p.year}-${pad(p.month)}-${pad(p.day)}`, minute: p.hour * 60 + p.minute };
}

const nextDay = (iso: string) => addIsoDays(iso, 1);

/** Whole minutes a stopped timer logs: elapsed time rounded up to the increment, at least one increment. */
export function timerMinutes(startedAt: Date, stoppedAt: Date, rounding: Rounding): number {
  const elapsed = Math.max(0, Math.ceil((stoppedAt.getTime() - startedAt.getTime()) / MINUTE));
  return Math.max(rounding, Math.ceil(elapsed / rounding) * rounding);
}

/** Another slip of the user on a day the timer's slips touch: its local day and minutes since that midnight. */
export type TakenSlip = { date: string; start: number; stop: number | null };
/** What a stopped timer becomes: its slips, and the instant they end (where a switched-to timer starts). */
export type TimerRun = { parts: SlipPart[]; endsAt: Date };

/** [from, to), minutes after `date`'s midnight, cut at each local midnight. */
function byDay(date: string, from: number, to: number): SlipPart[] {
  const parts: SlipPart[] = [];
  let day = date;
  let midnight = 0;
  for (; from >= midnight + DAY_MINUTES; midnight += DAY_MINUTES) day = nextDay(day);
  for (let at = from; at < to; midnight += DAY_MINUTES, day = nextDay(day)) {
    const end = Math.min(midnight + DAY_MINUTES, to);
    parts.push({ date: day, start: at - midnight, stop: end - midnight });
    at = end;
  }
  return parts;
}

/** The start's day and minute, the minutes worked (at least one) and the minutes the rounding makes of them. */
function measure(startedAt: Date, stoppedAt: Date, timeZone: string, rounding: Rounding) {
  const { date, minute } = wallMinute(startedAt, timeZone);
  const worked = Math.max(1, Math.ceil((stoppedAt.getTime() - startedAt.getTime()) / MINUTE));
  return { date, minute, worked, rounded: timerMinutes(startedAt, stoppedAt, rounding) };
}

/**
 * The stretch the rounding adds after the worked minutes, by local day: the only time where the rounding could meet
 * another slip of the user (the server reads the slips there before it stops the timer).
 */
export function roundingWindow(
  startedAt: Date,
  stoppedAt: Date,
  timeZone: string,
  rounding: Rounding,
): SlipPart[] {
  const m = measure(startedAt, stoppedAt, timeZone, rounding);
  return byDay(m.date, m.minute + m.worked, m.minute + m.rounded);
}

/**
 * The slips a timer stopped at `stoppedAt` becomes: it starts at `startedAt` floored to the minute (in the zone's wall
 * clock), lasts timerMinutes, and is cut at each local midnight. The rounding never makes two slips overlap: it gives
 * way to (ends at) the first of the user's `taken` slips it would meet, never cutting the minutes worked. Wall-clock
 * arithmetic keeps every part's stop after its start, also on a day the clocks change.
 */
export function timerRun(
  startedAt: Date,
  stoppedAt: Date,
  timeZone: string,
  rounding: Rounding,
  taken: readonly TakenSlip[] = [],
): TimerRun {
  const { date, minute, worked, rounded } = measure(startedAt, stoppedAt, timeZone, rounding);
  const from = minute + worked;
  let end = minute + rounded;
  for (const t of taken) {
    const shift = isoDaysBetween(date, t.date) * DAY_MINUTES;
    const start = shift + t.start;
    const stop = t.stop === null ? null : shift + (stopMinutes(t.start, t.stop) ?? t.start);
    // A slip with time meets the rounding when they share a minute; an unfinished one when it starts inside it.
    const meets = stop !== null && stop > start ? start < end && stop > from : start >= from && start < end;
    if (meets) end = Math.max(from, Math.min(end, start));
  }
  // The instant the wall clock shows the end: on a day the clocks go back it shows an hour twice, so wait for it.
  let endsAt = Math.floor(startedAt.getTime() / MINUTE) * MINUTE + (end - minute) * MINUTE;
  for (let i = 0; i < 3; i++) {
    const wall = wallMinute(new Date(endsAt), timeZone);
    const behind = end - (isoDaysBetween(date, wall.date) * DAY_MINUTES + wall.minute);
    if (behind <= 0) break;
    endsAt += behind * MINUTE;
  }
  return { parts: byDay(date, minute, end), endsAt: new Date(endsAt) };
}
