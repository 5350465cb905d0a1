// Pure rules of the calendar summary (SPEC §2 "Calendar", §3 calendar event, §9): week arithmetic, events and
// their colors, the footer's Slips / Buckets / Total rows and its per-type breakdowns.
import { minutesToHmm } from '../../../shared/format/duration';
import {
  type CalendarBucket,
  type CalendarSlip,
  slipColor,
  type WeeklySummary,
} from '../../../shared/schemas/calendar';

export type CalendarMode = 'week' | 'day';

/** SPEC §9 (helpers): md 768 px and up shows the week, smaller screens the day. */
export const MEDIUM_UP_QUERY = '(min-width: 768px)';
/** SPEC §9: calendar events load this long after the range or user last changed. */
export const CALENDAR_DEBOUNCE_MS = 500;
/** SPEC §4/§9: the calendar shows this long after its events arrive. */
export const CALENDAR_REVEAL_MS = 700;
export const CALENDAR_HEIGHT = { week: 475, day: 375 } as const;
export const SCROLL_TIME = '07:30:00';
/** Mon–Fri 08:00–17:00 shaded as business hours. */
export const BUSINESS_HOURS = { daysOfWeek: [1, 2, 3, 4, 5], startTime: '08:00', endTime: '17:00' };

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** Day of the week, zero-based from Monday (the server's dow). */
export const dowOf = (d: Date) => (d.getDay() + 6) % 7;
export const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
export const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());
/** The Monday of the week holding `d`. */
export const mondayOf = (d: Date) => addDays(startOfDay(d), -dowOf(d));

/** Where a rebuilt calendar starts: today when it lies in the range shown before, else that range's start. */
export function anchorFor(rangeStart: Date, mode: CalendarMode, today: Date): Date {
  const start = startOfDay(rangeStart);
  const days = mode === 'week' ? 7 : 1;
  const t = startOfDay(today);
  return t >= start && t < addDays(start, days) ? t : start;
}

/** A FullCalendar event of a slip: colored by kind, no overlap, the task's route kept for clicks. */
export type CalendarEvent = {
  id: string;
  title: string;
  start: string;
  end: string | undefined;
  url: string;
  backgroundColor: string;
  borderColor: string;
  overlap: false;
  extendedProps: { taskId: number; caseId: number; hover: string };
};

export function toEvent(slip: CalendarSlip): CalendarEvent {
  const color = slipColor(slip.is_project);
  return {
    id: String(slip.slip_id),
    title: slip.title,
    start: slip.start,
    end: slip.end ?? undefined,
    url: slip.url,
    backgroundColor: color,
    borderColor: color,
    overlap: false,
    extendedProps: { taskId: slip.task_id, caseId: slip.case_id, hover: slip.hover },
  };
}

/** Control or meta click opens the task in a new window; a plain click stays in this one. */
export const opensNewWindow = (e: { ctrlKey: boolean; metaKey: boolean }) => e.ctrlKey || e.metaKey;

/** Minutes per type, largest first (ties by name), over the given days. */
export function typeBreakdown(
  items: readonly (CalendarSlip | CalendarBucket)[],
  dows?: readonly number[],
): { type: string; minutes: number }[] {
  const sums = new Map<string, number>();
  for (const item of items) {
    if (dows && !dows.includes(item.dow)) continue;
    sums.set(item.type, (sums.get(item.type) ?? 0) + item.minutes);
  }
  return [...sums]
    .map(([type, minutes]) => ({ type, minutes }))
    .sort((a, b) => b.minutes - a.minutes || a.type.localeCompare(b.type));
}

export type FooterColumn = { key: string; label: string; dows: number[] };
export type FooterCell = { minutes: number; text: string; breakdown: { type: string; minutes: number }[] };
export type FooterRow = { label: 'Slips' | 'Buckets' | 'Total'; cells: FooterCell[] };
export type Footer = { columns: FooterColumn[]; rows: FooterRow[] };

const dayLabel = (d: Date) => `${DAY_NAMES[dowOf(d)]} ${d.getMonth() + 1}/${d.getDate()}`;

/** The footer columns: week mode the seven days plus Total; day mode only the day shown. */
export function footerColumns(mode: CalendarMode, rangeStart: Date): FooterColumn[] {
  if (mode === 'day') return [{ key: 'day', label: dayLabel(rangeStart), dows: [dowOf(rangeStart)] }];
  const monday = mondayOf(rangeStart);
  const days = DAY_NAMES.map((_, i) => ({ key: `d${i}`, label: dayLabel(addDays(monday, i)), dows: [i] }));
  return [...days, { key: 'total', label: 'Total', dows: [0, 1, 2, 3, 4, 5, 6] }];
}

const cell = (breakdown: { type: string; minutes: number }[]): FooterCell => {
  const minutes = breakdown.reduce((sum, b) => sum + b.minutes, 0);
  return { minutes, text: minutesToHmm(minutes), breakdown };
};

/** Three rows, Slips, Buckets and Total; every cell h:mm (0:00 when empty), types largest first. */
export function footerRows(
  summary: WeeklySummary['summary'] | undefined,
  columns: FooterColumn[],
): FooterRow[] {
  const slips = summary?.slips ?? [];
  const buckets = summary?.buckets ?? [];
  return [
    { label: 'Slips', cells: columns.map((c) => cell(typeBreakdown(slips, c.dows))) },
    { label: 'Buckets', cells: columns.map((c) => cell(typeBreakdown(buckets, c.dows))) },
    {
      label: 'Total',
      cells: columns.map((c) => {
        const s = typeBreakdown(slips, c.dows);
        const b = typeBreakdown(buckets, c.dows);
        const minutes = [...s, ...b].reduce((sum, x) => sum + x.minutes, 0);
        return { minutes, text: minutesToHmm(minutes), breakdown: [] };
      }),
    },
  ];
}

export function footer(
  summary: WeeklySummary['summary'] | undefined,
  mode: CalendarMode,
  rangeStart: Date,
): Footer {
  const columns = footerColumns(mode, rangeStart);
  return { columns, rows: footerRows(summary, columns) };
}

/** A cell's tooltip: its types with their h:mm, largest first. */
export const breakdownText = (c: FooterCell) =>
  c.breakdown.map((b) => `${b.type} ${minutesToHmm(b.minutes)}`).join('\n');
