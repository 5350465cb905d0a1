import { describe, expect, it } from 'vitest';
import { fixedWindow, secondsLeft } from './rate-limit.js';

describe('fixed windows', () => {
  it('start at whole multiples of their length', () => {
    const at = Date.UTC(2026, 0, 5, 10, 7, 30);
    expect(fixedWindow(at, 15 * 60)).toEqual({
      start: Date.UTC(2026, 0, 5, 10, 0, 0),
      end: Date.UTC(2026, 0, 5, 10, 15, 0),
    });
    expect(fixedWindow(Date.UTC(2026, 0, 5, 10, 15, 0), 15 * 60).start).toBe(Date.UTC(2026, 0, 5, 10, 15, 0));
    expect(fixedWindow(Date.UTC(2026, 0, 5, 10, 59, 59, 999), 3600).start).toBe(Date.UTC(2026, 0, 5, 10));
  });

  it('tell how long until a refused request may be tried again (at least a second)', () => {
    expect(secondsLeft(Date.UTC(2026, 0, 5, 10, 7, 30), 15 * 60)).toBe(450);
    expect(secondsLeft(Date.UTC(2026, 0, 5, 10, 14, 59, 900), 15 * 60)).toBe(1);
    expect(secondsLeft(Date.UTC(2026, 0, 5, 10, 0, 0), 60)).toBe(60);
  });
});
