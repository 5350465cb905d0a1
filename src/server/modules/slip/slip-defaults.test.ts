// A copy's times (copyTimes): where it starts and ends on its day, as properties over every day and source.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copyTimes } from './slip-defaults.js';

const DAY = 24 * 60;
const minute = fc.integer({ min: 0, max: DAY - 1 });
/** A source slip: start, and a stop after it up to midnight (or unfinished). */
const source = minute.chain((start) =>
  fc.record({ start: fc.constant(start), stop: fc.option(fc.integer({ min: start + 1, max: DAY })) }),
);
/** Where the user's day ends: nothing yet, a time of the day, or midnight. */
const dayEnd = fc.option(fc.oneof(minute, fc.constant(DAY)));
const RUNS = 2000;

describe('copyTimes', () => {
  it('examples: a day with slips, an empty day, a day ending at midnight, a duration past midnight', () => {
    expect(copyTimes(14 * 60 + 15, 9 * 60, 10 * 60 + 30)).toEqual({ start: 855, stop: 945 });
    expect(copyTimes(null, 22 * 60 + 30, 23 * 60 + 45)).toEqual({ start: 1350, stop: 1425 });
    expect(copyTimes(DAY, 9 * 60, 10 * 60)).toEqual({ start: 540, stop: 600 });
    expect(copyTimes(23 * 60, 20 * 60, 23 * 60)).toEqual({ start: 1380, stop: null });
    expect(copyTimes(22 * 60, 20 * 60, 22 * 60)).toEqual({ start: 1320, stop: DAY });
    expect(copyTimes(600, 540, null)).toEqual({ start: 600, stop: null });
  });

  it('starts where the day ends when there is room, else at the source; lasts as long as the source', () => {
    fc.assert(
      fc.property(dayEnd, source, (end, src) => {
        const { start, stop } = copyTimes(end, src.start, src.stop);
        // A time of the day, never midnight at its end.
        expect(start).toBeGreaterThanOrEqual(0);
        expect(start).toBeLessThan(DAY);
        expect(start).toBe(end !== null && end < DAY ? end : src.start);
        if (stop !== null) {
          // Same duration, on the same day.
          expect(stop - start).toBe(src.stop! - src.start);
          expect(stop).toBeLessThanOrEqual(DAY);
        } else {
          // Open only for an unfinished source or a duration that would pass midnight.
          expect(src.stop === null || start + (src.stop - src.start) > DAY).toBe(true);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
