// Time of day (SPEC §5): `9`, `930`, `9:30p`, `9 am`, `21:15` → `H:MM AM/PM`; bare hours 1–5 PM, 6–11 AM.
export const INVALID_TIME = 'Please enter a valid time (e.g. 3:20 PM).';

const PATTERN = /^(\d{1,2})(?::?(\d{2}))?\s*([ap])?\.?\s*(m\.?)?$/i;

/** Minutes since midnight of a typed time, or null when it is not a time. */
export function parseTimeOfDay(input: string): number | null {
  const text = input.trim().toLowerCase();
  const found = PATTERN.exec(text);
  if (!found) return null;
  let hour = Number(found[1]);
  const minute = found[2] === undefined ? 0 : Number(found[2]);
  const meridiem = found[3];
  if (found[4] && !meridiem) return null;
  if (minute > 59) return null;
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    if (meridiem === 'a') hour = hour === 12 ? 0 : hour;
    else hour = hour === 12 ? 12 : hour + 12;
  } else if (hour === 0 || hour === 24) {
    if (hour === 24 && minute > 0) return null;
    hour = 0;
  } else if (hour >= 1 && hour <= 5) {
    hour += 12; // a bare 1–5 is the afternoon: nobody starts work at 3 AM
  } else if (hour > 24) {
    return null;
  }
  return hour * 60 + minute;
}

/**
 * A slip's end as minutes since its day's midnight: "12:00 AM" after a later start is the midnight that ends the day
 * (1440), as a timer stopped after midnight leaves its first day's slip.
 */
export function stopMinutes(start: number | null, stop: number | null): number | null {
  return stop === 0 && start !== null && start > 0 ? 1440 : stop;
}

/** `H:MM AM/PM` of minutes since midnight. */
export function formatTimeOfDay(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  const h24 = Math.floor(m / 60);
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  return `${h12}:${String(m % 60).padStart(2, '0')} ${h24 < 12 ? 'AM' : 'PM'}`;
}

/** The normal form of a typed time, or null when it is invalid (the input then stays as typed). */
export function normalizeTimeOfDay(input: string): string | null {
  const minutes = parseTimeOfDay(input);
  return minutes === null ? null : formatTimeOfDay(minutes);
}

/** The database `time` form (`HH:MM:SS`) of minutes since midnight. */
export function toDbTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;
}

/** Minutes since midnight of a database `time` value (`HH:MM[:SS]`). */
export function fromDbTime(value: string): number {
  const [h, m] = value.split(':');
  return Number(h) * 60 + Number(m);
}
