// A stopped timer's slips: start floored to the minute in the app's zone, duration rounded up to the user's rounding
// (at least one increment), one slip per local day (table), plus properties over any start, stop, zone and rounding;
// then the rounding giving way to the user's other slips and a switched-to timer starting where the slips end.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Rounding } from '../format/duration';
import {
  roundingWindow,
  type SlipPart,
  type TakenSlip,
  TIMER_ROUNDINGS,
  timerMinutes,
  timerRun,
  wallMinute,
} from './timer';

const timerSlipParts = (...args: Parameters<typeof timerRun>) => timerRun(...args).parts;

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

  it('total minutes ≥ elapsed and < elapsed + rounding + 1; every part stop > start, within its day (1,000 runs)', () => {
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
      { numRuns: 1000 },
    );
  });
});

describe('the rounding gives way (issue 27: no overlap after a stop or a switch)', () => {
  const day = '2026-11-20';
  const slip = (start: number, stop: number | null, date = day): TakenSlip => ({ date, start, stop });
  // 9:00 AM New York, stopped after 7 minutes: 9:00–9:07 worked, 9:30 by a rounding of 30.
  const started = at('2026-11-20T14:00:00Z');
  const stopped = at('2026-11-20T14:07:00Z');

  it.each([
    ['nothing in the way', 570, []],
    ['a slip starting at 9:20', 560, [slip(560, 600)]],
    ['an unfinished slip started at 9:12', 552, [slip(552, null)]],
    ['a slip covering the end of the work: no rounding at all', 547, [slip(545, 560)]],
    ['a slip ending before the work ends: not in the way', 570, [slip(480, 545)]],
    ['an unfinished slip started before: not in the way', 570, [slip(500, null)]],
    ['a slip starting at the rounded end: touching', 570, [slip(570, 600)]],
    ['a slip of another day', 570, [slip(560, 600, '2026-11-21')]],
  ] as const)('%s → ends at minute %i', (_what, end, taken) => {
    const run = timerRun(started, stopped, NY, 30, taken);
    expect(run.parts).toEqual([{ date: day, start: 540, stop: end }]);
    expect(run.endsAt).toEqual(new Date(started.getTime() + (end - 540) * 60_000));
  });

  it('gives way past midnight, on the next day', () => {
    // 11:50 PM, 8 minutes, a rounding of 30 would end at 12:20 AM; a slip starts at 12:10 AM.
    const run = timerRun(at('2026-11-21T04:50:00Z'), at('2026-11-21T04:58:00Z'), NY, 30, [
      slip(10, 60, '2026-11-21'),
    ]);
    expect(run.parts).toEqual([
      { date: '2026-11-20', start: 1430, stop: 1440 },
      { date: '2026-11-21', start: 0, stop: 10 },
    ]);
    expect(roundingWindow(at('2026-11-21T04:50:00Z'), at('2026-11-21T04:58:00Z'), NY, 30)).toEqual([
      { date: '2026-11-20', start: 1438, stop: 1440 },
      { date: '2026-11-21', start: 0, stop: 20 },
    ]);
  });

  it('a switch at 9:36 after 9:25: the next timer starts at 9:40, where the rounded slip ends', () => {
    const run = timerRun(at('2026-11-20T14:25:00Z'), at('2026-11-20T14:36:20Z'), NY, 5);
    expect(run.parts).toEqual([{ date: day, start: 565, stop: 580 }]);
    expect(run.endsAt).toEqual(at('2026-11-20T14:40:00Z'));
    expect(wallMinute(run.endsAt, NY)).toEqual({ date: day, minute: 580 });
  });

  it('on the night the clocks go back, the next timer starts when the wall clock shows the end', () => {
    // 1:50 AM EDT; 20 minutes later the clock shows 1:10 AM EST. The slip is 1:50–2:10 AM on the wall.
    const run = timerRun(at('2026-11-01T05:50:00Z'), at('2026-11-01T06:10:00Z'), NY, 5);
    expect(run.parts).toEqual([{ date: '2026-11-01', start: 110, stop: 130 }]);
    expect(wallMinute(run.endsAt, NY)).toEqual({ date: '2026-11-01', minute: 130 });
  });
});

describe('properties: no overlap after a stop or a switch', () => {
  const zones = fc.constantFrom('UTC', NY, 'Pacific/Kiritimati', 'Asia/Kolkata', 'Australia/Lord_Howe');
  const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) });
  const span = fc.integer({ min: 0, max: 26 * 60 * 60 * 1000 });
  const rounding = fc.constantFrom<Rounding>(...TIMER_ROUNDINGS);
  // The user's other slips, placed near where the timer's work ends (minutes from it), with time or unfinished.
  const others = fc.array(
    fc.record({
      from: fc.integer({ min: -90, max: 60 }),
      length: fc.option(fc.integer({ min: 1, max: 120 })),
    }),
    { maxLength: 4 },
  );
  const RUNS = 2000;
  const nextDay = (iso: string) => new Date(Date.parse(iso) + 86_400_000).toISOString().slice(0, 10);
  const dayIndex = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
  /** Minutes after the start day's midnight of a part or a slip. */
  const absolute = (origin: string, p: { date: string; start: number; stop: number | null }) => {
    const shift = dayIndex(origin, p.date) * 1440;
    return { start: shift + p.start, stop: p.stop === null ? null : shift + p.stop };
  };
  /** The other slips as real slips: each within one day (the user's day, cut at midnight). */
  const placed = (origin: string, workEnd: number, list: { from: number; length: number | null }[]) =>
    list.flatMap(({ from, length }) => {
      const start = workEnd + from;
      if (start < 0 || start >= 2880) return [];
      const date = start >= 1440 ? nextDay(origin) : origin;
      const local = start % 1440;
      return [{ date, start: local, stop: length === null ? null : Math.min(1440, local + length) }];
    });
  // Whether a stretch with time shares a minute with a slip (an unfinished one: starts inside it).
  const share = (a: { start: number; stop: number | null }, b: { start: number; stop: number | null }) =>
    a.stop === null || a.stop <= a.start
      ? false
      : b.stop === null
        ? a.stop !== null && a.start <= b.start && b.start < a.stop
        : a.stop !== null && a.start < b.stop && b.start < a.stop;

  it(`a stop: the rounding meets no other slip, cuts no minute worked, gives way only when it must (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(instant, span, zones, rounding, others, (start, ms, zone, r, near) => {
        const s = new Date(start);
        const e = new Date(start + ms);
        const { date, minute } = wallMinute(s, zone);
        const worked = Math.max(1, Math.ceil(ms / 60_000));
        const taken = placed(date, minute + worked, near);
        const run = timerRun(s, e, zone, r, taken);
        const parts = run.parts.map((p) => absolute(date, p));
        const end = parts[parts.length - 1]!.stop!;
        expect(parts[0]!.start).toBe(minute);
        expect(end).toBeGreaterThanOrEqual(minute + worked);
        expect(end).toBeLessThanOrEqual(minute + timerMinutes(s, e, r));
        const rounded = { start: minute + worked, stop: end };
        for (const t of taken.map((x) => absolute(date, x))) expect(share(rounded, t)).toBe(false);
        // Gave way only to a slip that the full rounding would have met.
        const full = { start: minute + worked, stop: minute + timerMinutes(s, e, r) };
        const inTheWay = taken.some((t) => share(full, absolute(date, t)));
        if (!inTheWay) expect(end).toBe(full.stop);
        // The server reads the other slips only where the rounding could meet them.
        const window = roundingWindow(s, e, zone, r).map((w) => absolute(date, w));
        expect(window.reduce((n, w) => n + w.stop! - w.start, 0)).toBe(full.stop - full.start);
        for (const p of run.parts) expect(p.stop).toBeGreaterThan(p.start);
      }),
      { numRuns: RUNS },
    );
  });

  it(`a switch: the next timer's slips start where the stopped timer's end, never before (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(instant, span, span, zones, rounding, others, (start, ms, later, zone, r, near) => {
        const s = new Date(start);
        const { date, minute } = wallMinute(s, zone);
        const taken = placed(date, minute + Math.max(1, Math.ceil(ms / 60_000)), near);
        const first = timerRun(s, new Date(start + ms), zone, r, taken);
        // The next timer runs from the switch's endsAt; it is stopped any time after the switch.
        const next = timerRun(first.endsAt, new Date(start + ms + later), zone, r);
        const firstEnd = (p: SlipPart[]) => absolute(date, p[p.length - 1]!).stop!;
        expect(absolute(date, next.parts[0]!).start).toBeGreaterThanOrEqual(firstEnd(first.parts));
        expect(first.endsAt.getTime()).toBeGreaterThan(start + ms - 60_000);
      }),
      { numRuns: RUNS },
    );
  });
});
