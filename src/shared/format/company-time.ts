// Wall clock in the company time zone <-> instants: outage starts and ends are typed as a date (MM/dd/yyyy) and a
// time of day there, and stored as timestamps; the company's today. Every area and the seed read the company's time
// through here.
import { formatTimeOfDay } from './time-of-day.js';
import { wallParts } from './wall-clock.js';

const DAY = 24 * 60 * 60 * 1000;
const pad = (n: number) => String(n).padStart(2, '0');

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetAt(at: number, timeZone: string): number {
  const p = wallParts(at, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at / 1000) * 1000;
}

/** The instant a date (MM/dd/yyyy) and minutes since midnight name in the zone. */
export function instantOf(date: string, minutes: number, timeZone: string): Date {
  const [month, day, year] = date.split('/').map(Number);
  const wall = Date.UTC(year!, month! - 1, day!, 0, minutes);
  // Any offset in force near that day is the one before or the one after a transition within it.
  const before = offsetAt(wall - DAY, timeZone);
  const after = offsetAt(wall + DAY, timeZone);
  const fits = [before, after].filter((o) => offsetAt(wall - o, timeZone) === o).map((o) => wall - o);
  // Clocks set back: the earlier of the two readings. Clocks set forward: the missing hour reads as the next one.
  return new Date(fits.length ? Math.min(...fits) : wall - before);
}

/** The date (MM/dd/yyyy) and time of day (H:MM AM/PM) an instant shows in the zone. */
export function wallClockOf(at: Date, timeZone: string): { date: string; time: string } {
  const p = wallParts(at.getTime(), timeZone);
  return { date: `${pad(p.month)}/${pad(p.day)}/${p.year}`, time: formatTimeOfDay(p.hour * 60 + p.minute) };
}

/** The company's calendar day (as a local Date at midnight) and minutes since its midnight, at an instant. */
export function wallDay(at: Date, timeZone: string): { day: Date; minutes: number } {
  const p = wallParts(at.getTime(), timeZone);
  return { day: new Date(p.year, p.month - 1, p.day), minutes: p.hour * 60 + p.minute };
}

/** The company's today, as typed (MM/dd/yyyy) and as yyyy-MM-dd. */
export function companyToday(timeZone: string): { display: string; iso: string } {
  const display = wallClockOf(new Date(), timeZone).date;
  const [mm, dd, yyyy] = display.split('/');
  return { display, iso: `${yyyy}-${mm}-${dd}` };
}
