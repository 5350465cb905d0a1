// Which weekly-summary columns carry the expected minutes (a value below is highlighted), table-driven: every day
// before today is due; today (not over yet), the workdays after it, and a week's total while one of its workdays is
// to come, are not.
import { describe, expect, it } from 'vitest';
import { dueColumns } from './weekly-summary.js';

const all = [true, true, true, true, true];
const none = [false, false, false, false, false];

describe('due columns', () => {
  // 2026-03-09 is a Monday.
  it.each([
    ['a past week', { from: '2026-03-02', to: '2026-03-08' }, '2026-03-11', all, true],
    ['the week ending today', { from: '2026-03-09', to: '2026-03-15' }, '2026-03-15', all, true],
    ['this week, on Monday', { from: '2026-03-09', to: '2026-03-15' }, '2026-03-09', none, false],
    [
      'this week, on Wednesday',
      { from: '2026-03-09', to: '2026-03-15' },
      '2026-03-11',
      [true, true, false, false, false],
      false,
    ],
    [
      'this week, on Friday',
      { from: '2026-03-09', to: '2026-03-15' },
      '2026-03-13',
      [true, true, true, true, false],
      false,
    ],
    ['this week, on Saturday', { from: '2026-03-09', to: '2026-03-15' }, '2026-03-14', all, true],
    [
      'weeks up to this one, on Tuesday',
      { from: '2026-02-16', to: '2026-03-15' },
      '2026-03-10',
      [true, false, false, false, false],
      false,
    ],
    ['this week and the next', { from: '2026-03-09', to: '2026-03-22' }, '2026-03-13', none, false],
    ['a week to come', { from: '2026-03-16', to: '2026-03-22' }, '2026-03-13', none, false],
  ])('%s', (_, period, today, days, total) => {
    expect(dueColumns(period, today)).toEqual({ days, total });
  });
});
