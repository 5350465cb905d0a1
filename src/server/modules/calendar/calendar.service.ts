// The weekly summary (SPEC §3, §7): one user's slips and bucket time of the Monday..Sunday week holding a day.
// Two bounded queries whatever the week holds: slips by user and date range (slips_user_day_idx) with their task,
// case and organization; bucket minutes by user and date range (buckets_user_day_category_key). Slips keep the
// local work date and times of day (ARCHITECTURE §4), so the week is plain calendar arithmetic: no zone shifts.
import { toIsoDate } from '../../../shared/format/date.js';
import { timeRange } from '../../../shared/format/slip-display.js';
import { formatTimeOfDay, fromDbTime } from '../../../shared/format/time-of-day.js';
import { pathFor } from '../../../shared/routes/index.js';
import {
  type CalendarBucket,
  type CalendarSlip,
  slipKind,
  type WeeklySummary,
} from '../../../shared/schemas/calendar.js';
import { notFound } from '../../platform/errors.js';
import type { Queryable } from '../../platform/records.js';

/** Days of the week, zero-based from Monday. */
export const WEEK_DAYS = 7;
/** How much of a slip's comment the tooltip shows. */
export const HOVER_COMMENT_LENGTH = 100;

/** The Monday and the Sunday (yyyy-MM-dd) of the week holding a local date. */
export function weekOf(day: Date): { monday: string; sunday: string } {
  const back = (day.getDay() + 6) % 7; // getDay: Sunday 0 .. Saturday 6
  // Local calendar arithmetic: the Date constructor carries day overflow into months and years.
  const monday = new Date(day.getFullYear(), day.getMonth(), day.getDate() - back);
  const sunday = new Date(day.getFullYear(), day.getMonth(), day.getDate() - back + 6);
  return { monday: toIsoDate(monday), sunday: toIsoDate(sunday) };
}

export const shorten = (text: string, max = HOVER_COMMENT_LENGTH) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
};

type WeekSlipRow = {
  id: number;
  work_date: string;
  dow: number;
  start_time: string;
  stop_time: string | null;
  comment: string | null;
  task_id: number;
  task_title: string;
  is_project: boolean;
  case_id: number;
  case_title: string;
  organization_name: string;
};

export function presentWeekSlip(r: WeekSlipRow): CalendarSlip {
  const start = fromDbTime(r.start_time);
  const stop = r.stop_time === null ? null : fromDbTime(r.stop_time);
  const at = (minutes: number) =>
    `${r.work_date}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const range = timeRange(formatTimeOfDay(start), stop === null ? null : formatTimeOfDay(stop));
  const hover = [`${r.organization_name} — ${r.case_title} — ${r.task_title}`, range];
  if (r.comment?.trim()) hover.push(shorten(r.comment));
  return {
    slip_id: r.id,
    title: `${r.organization_name} - ${r.task_title}`,
    start: at(start),
    end: stop === null ? null : at(stop),
    url: pathFor('case_task_basics', { caseId: r.case_id, taskId: r.task_id }),
    is_project: r.is_project,
    task_id: r.task_id,
    case_id: r.case_id,
    hover: hover.join('\n'),
    dow: r.dow,
    type: slipKind(r.is_project),
    minutes: stop !== null && stop > start ? stop - start : 0,
  };
}

/**
 * The week of `day` for `userId`: slips by day and start, bucket minutes per day and category (only time logged).
 * An unknown user names no resource (404); the bucket query tells, so that costs no third statement.
 */
export async function weeklySummary(db: Queryable, userId: number, day: Date): Promise<WeeklySummary> {
  const { monday, sunday } = weekOf(day);
  const [slips, buckets] = await Promise.all([
    db.query<WeekSlipRow>(
      `SELECT s.id, to_char(s.work_date, 'YYYY-MM-DD') AS work_date, (s.work_date - $2::date) AS dow,
              s.start_time::text AS start_time, s.stop_time::text AS stop_time, s.comment,
              t.id AS task_id, t.title AS task_title, t.is_project,
              c.id AS case_id, c.title AS case_title, o.name AS organization_name
         FROM slips s
         JOIN tasks t ON t.id = s.task_id
         JOIN cases c ON c.id = t.case_id
         JOIN organizations o ON o.id = c.organization_id
        WHERE s.user_id = $1 AND s.work_date BETWEEN $2::date AND $3::date
        ORDER BY s.work_date, s.start_time, s.id`,
      [userId, monday, sunday],
    ),
    db.query<{ dow: number | null; type: string | null; minutes: number | null }>(
      `SELECT (b.work_date - $2::date) AS dow, bc.name AS type, b.minutes
         FROM users u
         LEFT JOIN (buckets b JOIN bucket_categories bc ON bc.id = b.category_id)
           ON b.user_id = u.id AND b.work_date BETWEEN $2::date AND $3::date AND b.minutes > 0
        WHERE u.id = $1
        ORDER BY b.work_date, bc.sort_order, bc.name, bc.id`,
      [userId, monday, sunday],
    ),
  ]);
  if (buckets.rows.length === 0) throw notFound();
  return {
    summary: {
      slips: slips.rows.map(presentWeekSlip),
      buckets: buckets.rows
        .filter((r) => r.dow !== null)
        .map((r): CalendarBucket => ({ dow: r.dow!, type: r.type!, minutes: r.minutes! })),
    },
  };
}
