// The navigation's elapsed time: h:mm:ss, hours past 24 kept, never negative.
import { describe, expect, it } from 'vitest';
import { formatElapsed } from './elapsed';

describe('formatElapsed', () => {
  it.each([
    [0, '0:00:00'],
    [999, '0:00:00'],
    [61_000, '0:01:01'],
    [3_600_000 + 5 * 60_000 + 9_000, '1:05:09'],
    [26 * 3_600_000, '26:00:00'],
    [-5000, '0:00:00'],
  ])('%i ms → %s', (ms, text) => {
    expect(formatElapsed(ms)).toBe(text);
  });
});
