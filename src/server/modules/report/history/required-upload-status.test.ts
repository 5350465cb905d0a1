// Period arithmetic of required uploads: month, quarter and year boundaries, leap years, and the three states.
import { describe, expect, it } from 'vitest';
import { companyDate } from '../exports/export-format.js';
import {
  dayBefore,
  type Frequency,
  periodOf,
  previousPeriod,
  uploadStatus,
} from './required-upload-status.js';

describe('periodOf', () => {
  it.each<[Frequency, string, string, string, string]>([
    ['MONTHLY', '2026-11-24', '2026-11-01', '2026-11-30', 'November 2026'],
    ['MONTHLY', '2026-01-01', '2026-01-01', '2026-01-31', 'January 2026'],
    ['MONTHLY', '2026-12-31', '2026-12-01', '2026-12-31', 'December 2026'],
    ['MONTHLY', '2028-02-10', '2028-02-01', '2028-02-29', 'February 2028'],
    ['MONTHLY', '2027-02-28', '2027-02-01', '2027-02-28', 'February 2027'],
    ['QUARTERLY', '2026-01-01', '2026-01-01', '2026-03-31', 'Q1 2026'],
    ['QUARTERLY', '2026-03-31', '2026-01-01', '2026-03-31', 'Q1 2026'],
    ['QUARTERLY', '2026-04-01', '2026-04-01', '2026-06-30', 'Q2 2026'],
    ['QUARTERLY', '2026-08-15', '2026-07-01', '2026-09-30', 'Q3 2026'],
    ['QUARTERLY', '2026-11-24', '2026-10-01', '2026-12-31', 'Q4 2026'],
    ['YEARLY', '2026-11-24', '2026-01-01', '2026-12-31', '2026'],
    ['YEARLY', '2026-01-01', '2026-01-01', '2026-12-31', '2026'],
  ])('%s period of %s is %s to %s (%s)', (frequency, day, start, end, label) => {
    expect(periodOf(frequency, day)).toEqual({ start, end, label });
  });

  it.each<[Frequency, string, string, string]>([
    ['MONTHLY', '2026-01-15', '2025-12-01', '2025-12-31'],
    ['MONTHLY', '2028-03-01', '2028-02-01', '2028-02-29'],
    ['QUARTERLY', '2026-01-15', '2025-10-01', '2025-12-31'],
    ['QUARTERLY', '2026-07-01', '2026-04-01', '2026-06-30'],
    ['YEARLY', '2026-06-30', '2025-01-01', '2025-12-31'],
  ])('the %s period before %s is %s to %s', (frequency, day, start, end) => {
    expect(previousPeriod(frequency, day)).toMatchObject({ start, end });
  });

  it('steps back over month and year ends', () => {
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
    expect(dayBefore('2024-03-01')).toBe('2024-02-29');
    expect(dayBefore('2026-01-01')).toBe('2025-12-31');
  });
});

describe('uploadStatus', () => {
  const since = '2020-01-01';
  it.each<[Frequency, string, string | null, string, string]>([
    // frequency, today, last sent, state, due on
    ['QUARTERLY', '2026-11-24', '2026-10-01', 'RECEIVED', '2026-12-31'],
    ['QUARTERLY', '2026-11-24', '2026-09-30', 'DUE', '2026-12-31'],
    ['QUARTERLY', '2026-11-24', '2026-07-01', 'DUE', '2026-12-31'],
    ['QUARTERLY', '2026-11-24', '2026-06-30', 'OVERDUE', '2026-12-31'],
    ['QUARTERLY', '2026-11-24', null, 'OVERDUE', '2026-12-31'],
    ['MONTHLY', '2026-12-01', '2026-11-30', 'DUE', '2026-12-31'],
    ['MONTHLY', '2026-12-01', '2026-10-31', 'OVERDUE', '2026-12-31'],
    ['MONTHLY', '2026-12-31', '2026-12-31', 'RECEIVED', '2026-12-31'],
    ['YEARLY', '2027-01-01', '2026-01-01', 'DUE', '2027-12-31'],
    ['YEARLY', '2027-01-01', '2025-12-31', 'OVERDUE', '2027-12-31'],
    ['YEARLY', '2026-06-01', '2026-02-01', 'RECEIVED', '2026-12-31'],
  ])('%s on %s, last sent %s: %s, due %s', (frequency, today, lastSent, state, dueOn) => {
    expect(uploadStatus({ frequency, today, lastSent, since })).toMatchObject({ state, dueOn });
  });

  it('asks nothing of a period before the requirement began', () => {
    expect(
      uploadStatus({ frequency: 'QUARTERLY', today: '2026-11-24', lastSent: null, since: '2026-10-01' })
        .state,
    ).toBe('DUE');
    expect(
      uploadStatus({ frequency: 'QUARTERLY', today: '2026-11-24', lastSent: null, since: '2026-09-30' })
        .state,
    ).toBe('OVERDUE');
  });

  it('counts days on the company calendar: late evening in New York is still that day there', () => {
    // 02:30 UTC on October 1st is the evening of September 30th in New York: the previous quarter.
    const sent = companyDate(new Date('2026-10-01T02:30:00Z'), 'America/New_York');
    expect(sent).toBe('2026-09-30');
    expect(uploadStatus({ frequency: 'QUARTERLY', today: '2026-11-24', lastSent: sent, since }).state).toBe(
      'DUE',
    );
    const later = companyDate(new Date('2026-10-01T04:30:00Z'), 'America/New_York');
    expect(uploadStatus({ frequency: 'QUARTERLY', today: '2026-11-24', lastSent: later, since }).state).toBe(
      'RECEIVED',
    );
  });
});
