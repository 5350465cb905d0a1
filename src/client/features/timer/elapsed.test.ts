// The navigation's elapsed time: h:mm:ss, hours past 24 kept, never negative.
import { describe, expect, it } from 'vitest';
import { formatElapsed, timerFace } from './elapsed';

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

describe('timerFace', () => {
  it('shows the elapsed time once the start has come', () => {
    expect(timerFace(61_000, '2026-11-27T14:40:00.000Z', 'America/New_York')).toBe('0:01:01');
    expect(timerFace(0, '2026-11-27T14:40:00.000Z', 'America/New_York')).toBe('0:00:00');
  });
  it('names the start, in the company zone, while it is still ahead (a switch starts where the rounded slip ends)', () => {
    expect(timerFace(-4 * 60_000, '2026-11-27T14:40:00.000Z', 'America/New_York')).toBe('from 9:40 AM');
    expect(timerFace(-1, '2026-11-27T23:05:00.000Z', 'Pacific/Auckland')).toBe('from 12:05 PM');
  });
});
