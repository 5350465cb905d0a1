// When a change happened, as the history table shows it (tests run with TZ=UTC).
import { describe, expect, it } from 'vitest';
import { formatWhen } from './history-api';

describe('formatWhen', () => {
  it('shows MM/dd/yyyy and the time of day', () => {
    expect(formatWhen('2026-03-05T14:07:00.000Z')).toBe('03/05/2026 2:07 PM');
    expect(formatWhen('2026-12-31T00:30:00.000Z')).toBe('12/31/2026 12:30 AM');
  });

  it('uses the company time zone when the server gives one', () => {
    expect(formatWhen('2026-03-05T14:07:00.000Z', 'America/New_York')).toBe('03/05/2026 9:07 AM');
  });

  it('leaves text that is not a date alone', () => {
    expect(formatWhen('yesterday-ish')).toBe('yesterday-ish');
  });
});
