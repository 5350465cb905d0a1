// "Changed by NAME at TIME" in the company time zone.
import { describe, expect, it } from 'vitest';
import { changedByMessage, formatStamp } from './stamp.js';

describe('formatStamp', () => {
  it.each([
    ['2026-03-05T14:07:00Z', 'UTC', '03/05/2026 2:07 PM'],
    ['2026-03-05T14:07:00Z', 'America/New_York', '03/05/2026 9:07 AM'],
    ['2026-07-01T03:30:00Z', 'America/Los_Angeles', '06/30/2026 8:30 PM'],
  ])('%s in %s -> %s', (iso, tz, text) => {
    expect(formatStamp(new Date(iso), tz)).toBe(text);
  });

  it('builds the conflict message', () => {
    expect(changedByMessage('Ann Admin', new Date('2026-01-01T00:00:00Z'), 'UTC')).toBe(
      'This record was changed by Ann Admin at 01/01/2026 12:00 AM',
    );
  });
});
