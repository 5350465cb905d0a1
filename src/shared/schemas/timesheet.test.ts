// The week's day figures and the warnings shown before a submit.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXPECTED_DAY_MINUTES } from '../billing.js';
import { type DaySlip, dayFigures, type WeekDay, weekActionBody, weekWarnings } from './timesheet.js';

const t = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const slip = (start: string, stop: string | null): DaySlip => ({
  start: t(start),
  stop: stop ? t(stop) : null,
});

describe('dayFigures', () => {
  it.each([
    { name: 'no slips', slips: [], want: { slipMinutes: 0, gaps: 0, unfinished: 0 } },
    {
      name: 'back to back',
      slips: [slip('08:00', '10:00'), slip('10:00', '12:00')],
      want: { slipMinutes: 240, gaps: 0, unfinished: 0 },
    },
    {
      name: 'a lunch gap',
      slips: [slip('08:00', '12:00'), slip('13:00', '17:00')],
      want: { slipMinutes: 480, gaps: 1, unfinished: 0 },
    },
    {
      name: 'any order',
      slips: [slip('13:00', '17:00'), slip('08:00', '12:00')],
      want: { slipMinutes: 480, gaps: 1, unfinished: 0 },
    },
    {
      name: 'overlap is no gap',
      slips: [slip('08:00', '11:00'), slip('10:00', '12:00')],
      want: { slipMinutes: 300, gaps: 0, unfinished: 0 },
    },
    {
      name: 'inside a longer slip',
      slips: [slip('08:00', '12:00'), slip('09:00', '10:00'), slip('11:00', '12:30')],
      want: { slipMinutes: 390, gaps: 0, unfinished: 0 },
    },
    {
      name: 'two gaps',
      slips: [slip('08:00', '09:00'), slip('09:30', '10:00'), slip('11:00', '12:00')],
      want: { slipMinutes: 150, gaps: 2, unfinished: 0 },
    },
    {
      name: 'unfinished',
      slips: [slip('08:00', '09:00'), slip('10:00', null)],
      want: { slipMinutes: 60, gaps: 0, unfinished: 1 },
    },
    {
      name: 'after an unfinished slip',
      slips: [slip('08:00', null), slip('10:00', '11:00')],
      want: { slipMinutes: 60, gaps: 0, unfinished: 1 },
    },
  ])('$name', ({ slips, want }) => {
    expect(dayFigures(slips)).toEqual(want);
  });

  it('never counts more gaps than slips less one, nor minutes beyond the slips', () => {
    const slipArb = fc
      .tuple(fc.integer({ min: 0, max: 1438 }), fc.option(fc.integer({ min: 1, max: 1439 }), { nil: null }))
      .map(([start, stop]) => ({ start, stop: stop === null ? null : Math.max(start + 1, stop) }));
    fc.assert(
      fc.property(fc.array(slipArb, { maxLength: 12 }), (slips) => {
        const f = dayFigures(slips);
        expect(f.gaps).toBeLessThanOrEqual(Math.max(0, slips.length - 1));
        expect(f.unfinished).toBe(slips.filter((s) => s.stop === null).length);
        const sum = slips.reduce((n, s) => n + (s.stop === null ? 0 : s.stop - s.start), 0);
        expect(f.slipMinutes).toBe(sum);
      }),
    );
  });
});

const day = (date: string, over: Partial<WeekDay> = {}): WeekDay => ({
  date,
  slipMinutes: EXPECTED_DAY_MINUTES,
  bucketMinutes: 0,
  gaps: 0,
  unfinished: 0,
  ...over,
});
const fullWeek = () =>
  ['11/23/2026', '11/24/2026', '11/25/2026', '11/26/2026', '11/27/2026', '11/28/2026', '11/29/2026'].map(
    (d, i) => day(d, i >= 5 ? { slipMinutes: 0 } : {}),
  );

describe('weekWarnings', () => {
  it('a full week of workdays warns of nothing (weekends may be empty)', () => {
    expect(weekWarnings(fullWeek())).toEqual([]);
  });
  it.each([
    {
      name: 'a short Monday',
      change: [0, { slipMinutes: 390 }],
      want: ['Mon 11/23: 6:30 logged, under the expected 8:00.'],
    },
    { name: 'buckets count toward the day', change: [1, { slipMinutes: 420, bucketMinutes: 60 }], want: [] },
    {
      name: 'an empty Friday',
      change: [4, { slipMinutes: 0 }],
      want: ['Fri 11/27: 0:00 logged, under the expected 8:00.'],
    },
    { name: 'gaps', change: [2, { gaps: 2 }], want: ['Wed 11/25: 2 gaps between slips.'] },
    { name: 'one gap on a Saturday', change: [5, { gaps: 1 }], want: ['Sat 11/28: 1 gap between slips.'] },
    {
      name: 'unfinished',
      change: [3, { unfinished: 1 }],
      want: ['Thu 11/26: 1 unfinished slip (no stop time).'],
    },
  ] as const)('$name', ({ change, want }) => {
    const days = fullWeek();
    days[change[0]] = { ...days[change[0]]!, ...change[1] };
    expect(weekWarnings(days)).toEqual(want);
  });
});

describe('weekActionBody', () => {
  it.each([
    { input: { version: 3 }, want: { version: 3 } },
    { input: { version: '0', comment: '  ' }, want: { version: 0, comment: null } },
    { input: { version: 1, comment: ' Looks right ' }, want: { version: 1, comment: 'Looks right' } },
  ])('reads $input', ({ input, want }) => {
    expect(weekActionBody.parse(input)).toEqual(want);
  });
  it('refuses a long comment with a clear message', () => {
    const result = weekActionBody.safeParse({ version: 1, comment: 'x'.repeat(2001) });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Keep the comment under 2,000 characters.');
  });
});
