// The yearly review date of an agreement, table-driven: a renewal date not past wins, else the next anniversary of
// the start on or after today (a whole year after the start at the earliest; 29 February → 28 February).
import { describe, expect, it } from 'vitest';
import { reviewDate } from './annual-update.js';

describe('review date', () => {
  it.each([
    // start, renewal, today, review
    ['2024-05-10', null, '2026-03-15', '2026-05-10'],
    ['2024-01-10', null, '2026-03-15', '2027-01-10'],
    ['2024-03-15', null, '2026-03-15', '2026-03-15'],
    ['2024-03-14', null, '2026-03-15', '2027-03-14'],
    ['2026-01-01', null, '2026-03-15', '2027-01-01'],
    ['2026-03-15', null, '2026-03-15', '2027-03-15'],
    ['2026-06-01', null, '2026-03-15', '2027-06-01'],
    ['2025-12-31', null, '2026-01-01', '2026-12-31'],
    ['2024-02-29', null, '2026-02-01', '2026-02-28'],
    ['2024-02-29', null, '2027-03-01', '2028-02-29'],
    ['2024-02-29', null, '2028-02-29', '2028-02-29'],
    ['2024-02-29', null, '2026-03-01', '2027-02-28'],
    ['2024-05-10', '2026-04-01', '2026-03-15', '2026-04-01'],
    ['2024-05-10', '2026-03-15', '2026-03-15', '2026-03-15'],
    ['2024-05-10', '2027-09-01', '2026-03-15', '2027-09-01'],
    ['2024-05-10', '2026-03-14', '2026-03-15', '2026-05-10'],
  ])('started %s, renewal %s, on %s: %s', (start, renewal, today, expected) => {
    expect(reviewDate(start, renewal, today)).toBe(expected);
  });
});
