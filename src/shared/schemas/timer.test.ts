// A stopped timer's slips: start floored to the minute in the app's zone, duration rounded up to the user's rounding
// (at least one increment), one slip per local day (table), plus properties over any start, stop, zone and rounding.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Rounding } from '../format/duration';
import { TIMER_ROUNDINGS, timerMinutes, timerSlipParts, wallMinute } from './timer';

const NY = 'America/New_York';
const at = (iso: string) => new Date(iso);

describe('timerSlipParts', () => {
  it.each([
    // started, stopped, rounding, parts
    ['2026-11-20T14:00:00Z', '2026-11-20T14:07:00Z', 5, [{ date: '2026-11-20', start: 540, stop: 550 }]],
    ['2026-11-20T14:00:00Z', '2026-11-20T14:07:00Z', 1, [{ date: '2026-11-20', start: 540, stop: 547 }]],
    ['2026-11-20T14:00:00Z', '2026-11-20T14:07:00Z', 30, [{ date: '2026-11-20', start: 540, stop: 570 }]],
    // Seconds count: 7 min 1 s is 8 minutes at a rounding of 1; the start is floored to 9:00.
    ['2026-11-20T14:00:40Z', '2026-11-20T14:07:41Z', 1, [{ date: '2026-11-20', start: 540, stop: 548 }]],
    // Stopped at once: one increment.
    ['2026-11-20T14:00:00Z', '2026-11-20T14:00:00Z', 5, [{ date: '2026-11-20', start: 540, stop: 545 }]],
    ['2026-11-20T14:00:00Z', '2026-11-20T14:00:00Z', 1, [{ date: '2026-11-20', start: 540, stop: 541 }]],
    // Exactly on the increment: no extra.
    ['2026-11-20T14:00:00Z', '2026-11-20T15:00:00Z', 30, [{ date: '2026-11-20', start: 540, stop: 600 }]],
    // Across local midnight (11:50 PM to 12:20 AM New York): one slip per day.
    [
      '2026-11-21T04:50:00Z',
      '2026-11-21T05:20:00Z',
      5,
      [
        { date: '2026-11-20', start: 1430, stop: 1440 },
        { date: '2026-11-21', start: 0, stop: 20 },
      ],
    ],
    // Rounded up past midnight: the rounding lands in the next day.
    [
      '2026-11-21T04:50:00Z',
      '2026-11-21T04:58:00Z',
      30,
      [
        { date: '2026-11-20', start: 1430, stop: 1440 },
        { date: '2026-11-21', start: 0, stop: 20 },
      ],
    ],
    // Left running over two days: four slips.
    [
      '2026-11-20T04:00:00Z',
      '2026-11-22T05:30:00Z',
      5,
      [
        { date: '2026-11-19', start: 1380, stop: 1440 },
        { date: '2026-11-20', start: 0, stop: 1440 },
        { date: '2026-11-21', start: 0, stop: 1440 },
        { date: '2026-11-22', start: 0, stop: 30 },
      ],
    ],
  ] as const)('%s → %s at %i', (started, stopped, rounding, parts) => {
    expect(timerSlipParts(at(started), at(stopped), NY, rounding)).toEqual(parts);
  });

  it('uses the wall clock of the zone, not of the process', () => {
    expect(wallMinute(at('2026-11-20T23:30:00Z'), 'Pacific/Kiritimati')).toEqual({
      date: '2026-11-21',
      minute: 13 * 60 + 30,
    });
  });
});

describe('properties', () => {
  const zones = fc.constantFrom('UTC', NY, 'Pacific/Kiritimati', 'Asia/Kolkata', 'Australia/Lord_Howe');
  const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) });
  const span = fc.integer({ min: 0, max: 3 * 24 * 60 * 60 * 1000 });
  const rounding = fc.constantFrom<Rounding>(...TIMER_ROUNDINGS);

  it('total minutes ≥ elapsed and < elapsed + rounding + 1; every part stop > start, within its day', () => {
    fc.assert(
      fc.property(instant, span, zones, rounding, (start, ms, zone, r) => {
        const parts = timerSlipParts(new Date(start), new Date(start + ms), zone, r);
        const total = parts.reduce((sum, p) => sum + p.stop - p.start, 0);
        const elapsed = ms / 60_000;
        expect(total).toBeGreaterThanOrEqual(elapsed);
        expect(total).toBeLessThan(elapsed + r + 1);
        expect(total % r).toBe(0);
        expect(total).toBe(timerMinutes(new Date(start), new Date(start + ms), r));
        for (const p of parts) {
          expect(p.stop).toBeGreaterThan(p.start);
          expect(p.start).toBeGreaterThanOrEqual(0);
          expect(p.stop).toBeLessThanOrEqual(1440);
        }
        // Consecutive days, each later part starting at midnight where the one before ended at it.
        parts.slice(1).forEach((p, i) => {
          expect(p.start).toBe(0);
          expect(parts[i]!.stop).toBe(1440);
          expect(p.date > parts[i]!.date).toBe(true);
        });
      }),
    );
  });
});
