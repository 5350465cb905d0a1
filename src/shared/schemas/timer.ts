// The running timer (issue 17 "Timer from anywhere"): one per user, kept on the server so it survives reloads, other
// tabs and devices. Stopping it turns the elapsed time into slips: start floored to the minute in the app's time zone,
// duration rounded up to the user's timer rounding, one slip per local day.

import { z } from 'zod';
import type { Rounding } from '../format/duration.js';
import { wallParts } from '../format/wall-clock.js';
import { type Option, optionSchema, recordId } from './common.js';
import { optionalText, version } from './fields.js';
import { HOW_OPTIONS, type Slip, WHERE_OPTIONS } from './slip.js';

export const TIMER_ROUNDINGS = [1, 5, 30] as const satisfies readonly Rounding[];
export const DEFAULT_TIMER_ROUNDING: Rounding = 5;
export const TIMER_ROUNDING_OPTIONS: Option[] = [
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
export type TimerTaskOption = Option & { case: string; organization: string };

export const timerSchema = z.object({
  taskId: z.number(),
  task: optionSchema,
  caseId: z.number(),
  case: optionSchema,
  organization: optionSchema,
  /** ISO instant. */
  startedAt: z.string(),
  where: optionSchema.nullable(),
  how: optionSchema.nullable(),
  comment: z.string().nullable(),
  version: z.number(),
});
export type Timer = z.infer<typeof timerSchema>;

/** GET /api/time/timer: the signed-in user's timer and the server's clock (the client ticks from its offset). */
export type TimerState = { timer: Timer | null; serverNow: string };
export type StartTimerResult = { timer: Timer; stopped: Slip[]; serverNow: string };
export type StopTimerResult = { slips: Slip[] };

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

const nextDay = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + 1)).toISOString().slice(0, 10);
};

/** Whole minutes a stopped timer logs: elapsed time rounded up to the increment, at least one increment. */
export function timerMinutes(startedAt: Date, stoppedAt: Date, rounding: Rounding): number {
  const elapsed = Math.max(0, Math.ceil((stoppedAt.getTime() - startedAt.getTime()) / MINUTE));
  return Math.max(rounding, Math.ceil(elapsed / rounding) * rounding);
}

/**
 * The slips a timer stopped at `stoppedAt` becomes: it starts at `startedAt` floored to the minute (in the zone's wall
 * clock), lasts timerMinutes, and is cut at each local midnight. Wall-clock arithmetic keeps every part's stop after
 * its start, also on a day the clocks change.
 */
export function timerSlipParts(
  startedAt: Date,
  stoppedAt: Date,
  timeZone: string,
  rounding: Rounding,
): SlipPart[] {
  let { date, minute } = wallMinute(startedAt, timeZone);
  let left = timerMinutes(startedAt, stoppedAt, rounding);
  const parts: SlipPart[] = [];
  while (left > 0) {
    const stop = Math.min(DAY_MINUTES, minute + left);
    parts.push({ date, start: minute, stop });
    left -= stop - minute;
    date = nextDay(date);
    minute = 0;
  }
  return parts;
}
