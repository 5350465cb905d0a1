// The calendar's pure rules: week arithmetic, event colors and clicks, the Slips / Buckets / Total footer.
import { describe, expect, it } from 'vitest';
import { type CalendarSlip, PROJECT_COLOR, SUPPORT_COLOR } from '../../../shared/schemas/calendar';
import {
  anchorFor,
  breakdownText,
  dowOf,
  footer,
  footerColumns,
  mondayOf,
  opensNewWindow,
  toEvent,
  typeBreakdown,
} from './calendar-logic';

const slip = (over: Partial<CalendarSlip>): CalendarSlip => ({
  slip_id: 1,
  title: 'Acme - Backups',
  start: '2026-11-23T08:00',
  end: '2026-11-23T09:00',
  url: '/manage/case/1/task/2',
  is_project: false,
  task_id: 2,
  case_id: 1,
  hover: 'Acme — Case — Backups',
  dow: 0,
  type: 'Support',
  minutes: 60,
  ...over,
});

describe('week arithmetic', () => {
  it('numbers days from Monday (0) to Sunday (6)', () => {
    expect(dowOf(new Date(2026, 10, 23))).toBe(0);
    expect(dowOf(new Date(2026, 10, 26))).toBe(3);
    expect(dowOf(new Date(2026, 10, 29))).toBe(6);
  });
  it("finds a day's Monday, across a month and a year end", () => {
    expect(mondayOf(new Date(2026, 10, 29, 15, 30))).toEqual(new Date(2026, 10, 23));
    expect(mondayOf(new Date(2026, 11, 1))).toEqual(new Date(2026, 10, 30));
    expect(mondayOf(new Date(2027, 0, 3))).toEqual(new Date(2026, 11, 28));
  });
  it('rebuilds on today when today was shown, else on the range start', () => {
    const monday = new Date(2026, 10, 23);
    expect(anchorFor(monday, 'week', new Date(2026, 10, 26, 14))).toEqual(new Date(2026, 10, 26));
    expect(anchorFor(monday, 'week', new Date(2026, 11, 2))).toEqual(monday);
    expect(anchorFor(new Date(2026, 10, 24), 'day', new Date(2026, 10, 25))).toEqual(new Date(2026, 10, 24));
  });
});

describe('events', () => {
  it('colors project work green and support blue, keeps the route, never overlaps', () => {
    const support = toEvent(slip({}));
    expect(support).toMatchObject({
      id: '1',
      title: 'Acme - Backups',
      start: '2026-11-23T08:00',
      end: '2026-11-23T09:00',
      url: '/manage/case/1/task/2',
      backgroundColor: SUPPORT_COLOR,
      borderColor: SUPPORT_COLOR,
      overlap: false,
      extendedProps: { taskId: 2, caseId: 1, hover: 'Acme — Case — Backups' },
    });
    expect(SUPPORT_COLOR).toBe('#3788d8');
    expect(toEvent(slip({ is_project: true })).backgroundColor).toBe(PROJECT_COLOR);
    expect(PROJECT_COLOR).toBe('#47AA42');
    expect(toEvent(slip({ end: null })).end).toBeUndefined();
  });
  it('opens a new window on control or meta click only', () => {
    expect(opensNewWindow({ ctrlKey: true, metaKey: false })).toBe(true);
    expect(opensNewWindow({ ctrlKey: false, metaKey: true })).toBe(true);
    expect(opensNewWindow({ ctrlKey: false, metaKey: false })).toBe(false);
  });
});

describe('summary footer', () => {
  const summary = {
    slips: [
      slip({ slip_id: 1, dow: 0, minutes: 60 }),
      slip({ slip_id: 2, dow: 0, minutes: 90, is_project: true, type: 'Project' }),
      slip({ slip_id: 3, dow: 2, minutes: 45 }),
      slip({ slip_id: 4, dow: 6, minutes: 20 }),
      slip({ slip_id: 5, dow: 2, minutes: 0, end: null }),
    ],
    buckets: [
      { dow: 0, type: 'Meetings', minutes: 30 },
      { dow: 4, type: 'Training', minutes: 75 },
      { dow: 4, type: 'Meetings', minutes: 15 },
    ],
  };

  it('shows seven day columns and a Total in week mode', () => {
    const f = footer(summary, 'week', new Date(2026, 10, 23));
    expect(f.columns.map((c) => c.label)).toEqual([
      'Mon 11/23',
      'Tue 11/24',
      'Wed 11/25',
      'Thu 11/26',
      'Fri 11/27',
      'Sat 11/28',
      'Sun 11/29',
      'Total',
    ]);
    expect(f.rows.map((r) => r.label)).toEqual(['Slips', 'Buckets', 'Total']);
    const texts = f.rows.map((r) => r.cells.map((c) => c.text));
    expect(texts).toEqual([
      ['2:30', '0:00', '0:45', '0:00', '0:00', '0:00', '0:20', '3:35'],
      ['0:30', '0:00', '0:00', '0:00', '1:30', '0:00', '0:00', '2:00'],
      ['3:00', '0:00', '0:45', '0:00', '1:30', '0:00', '0:20', '5:35'],
    ]);
  });

  it('shows only the selected day in day mode', () => {
    const f = footer(summary, 'day', new Date(2026, 10, 27));
    expect(f.columns).toEqual([{ key: 'day', label: 'Fri 11/27', dows: [4] }]);
    expect(f.rows.map((r) => r.cells.map((c) => c.text))).toEqual([['0:00'], ['1:30'], ['1:30']]);
  });

  it('shows 0:00 everywhere without data', () => {
    const f = footer(undefined, 'week', new Date(2026, 10, 25));
    expect(f.columns[0]!.label).toBe('Mon 11/23');
    for (const row of f.rows) expect(row.cells.map((c) => c.text)).toEqual(Array(8).fill('0:00'));
  });

  it('sorts slip types by minutes, largest first', () => {
    expect(typeBreakdown(summary.slips, [0])).toEqual([
      { type: 'Project', minutes: 90 },
      { type: 'Support', minutes: 60 },
    ]);
    expect(typeBreakdown(summary.slips)).toEqual([
      { type: 'Support', minutes: 125 },
      { type: 'Project', minutes: 90 },
    ]);
    const f = footerColumns('week', new Date(2026, 10, 23));
    const week = footer(summary, 'week', new Date(2026, 10, 23));
    expect(f).toHaveLength(8);
    expect(breakdownText(week.rows[0]!.cells[0]!)).toBe('Project 1:30\nSupport 1:00');
    expect(breakdownText(week.rows[1]!.cells[4]!)).toBe('Training 1:15\nMeetings 0:15');
  });
});
