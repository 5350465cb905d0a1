// The daily panel's "today" is the company's day (the day the server saves a timer's or a fix's slip on), not the
// browser's: between the two midnights they differ.
import { describe, expect, it } from 'vitest';
import { today } from './daily-state';

const ymd = (d: Date) => [d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes()];

describe('today in the daily panel', () => {
  it.each([
    // 02:00 UTC on Nov 28 is still Nov 27 in New York and already Nov 28 in Auckland (15:00).
    ['America/New_York', '2026-11-28T02:00:00Z', [2026, 11, 27, 0, 0]],
    ['Pacific/Auckland', '2026-11-28T02:00:00Z', [2026, 11, 28, 0, 0]],
    ['America/New_York', '2026-11-28T05:00:00Z', [2026, 11, 28, 0, 0]],
    ['America/Los_Angeles', '2027-01-01T07:59:00Z', [2026, 12, 31, 0, 0]],
  ])('in %s at %s is that zone’s calendar day, as a local midnight', (zone, at, expected) => {
    expect(ymd(today(zone, new Date(at)))).toEqual(expected);
  });

  it('is the browser’s day when the page was not served with a company time zone', () => {
    const now = new Date(2026, 10, 28, 1, 30);
    expect(ymd(today(null, now))).toEqual([2026, 11, 28, 0, 0]);
  });
});
