// How a time slip shows (SPEC §3): time range with a/p, duration only when start is before stop, multipliers.
import { formatDate } from './date.js';
import { minutesToHmm } from './duration.js';
import { formatTimeOfDay, parseTimeOfDay, stopMinutes } from './time-of-day.js';

export const RATE_MULTIPLIERS = [
  { value: 0, label: '0x' },
  { value: 1, label: '1x' },
  { value: 1.5, label: '1.5x' },
  { value: 2, label: '2x' },
] as const;

export const multiplierLabel = (value: number) =>
  RATE_MULTIPLIERS.find((m) => m.value === value)?.label ?? `${value}x`;

const short = (time: string) => time.replace(' AM', 'a').replace(' PM', 'p');

/** "9:00a - 10:30a"; a missing stop shows as the start alone followed by " - ". */
export function timeRange(start: string | null, stop: string | null): string {
  const s = start ? parseTimeOfDay(start) : null;
  const e = stop ? parseTimeOfDay(stop) : null;
  const a = s === null ? '' : short(formatTimeOfDay(s));
  const b = e === null ? '' : short(formatTimeOfDay(e));
  return `${a} - ${b}`.trim();
}

/** Minutes from start to stop, only when start is before stop; else null. */
export function slipMinutes(start: string | null, stop: string | null): number | null {
  const s = start ? parseTimeOfDay(start) : null;
  const e = stopMinutes(s, stop ? parseTimeOfDay(stop) : null);
  return s !== null && e !== null && s < e ? e - s : null;
}

/** The Time column: h:mm, or empty when there is no valid duration. */
export const slipDuration = (start: string | null, stop: string | null) => {
  const m = slipMinutes(start, stop);
  return m === null ? '' : minutesToHmm(m);
};

/** The slip's date: its own, or today when it has none yet. */
export const slipDate = (date: Date | null, today: Date = new Date()) => formatDate(date ?? today);
