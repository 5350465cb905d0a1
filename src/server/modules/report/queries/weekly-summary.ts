// Weekly summary: the hours each staff member logged per day of each week of the period (whole weeks, Monday to
// Sunday): finished case slips and bucket time, case time split into support and project, the case time's billable
// minutes (rounded by the rule of its organization and day, times the multiplier: src/shared/rounding.ts; a billed
// slip's from its billing snapshot), and the workdays (so far) below the expected day highlighted and counted. Hours are the actual minutes worked: a short day
// is judged by the time worked, never by rounding.
//
// Slips and buckets are summed per staff member and day over the period once (slips_day_idx, or slips_user_day_idx
// for one staff member; buckets_user_day_category_key), then per week; the rows are every staff member in view
// (active ones expected to log time: technicians, and administrators who log time; and anyone who logged time in the
// period) times every week, with no look-up per row.

import { EXPECTED_DAY_MINUTES, EXPECTED_WEEK_MINUTES } from '../../../../shared/billing.js';
import { formatCount, formatHours } from '../../../../shared/format/figures.js';
import { type ListFilter, param } from '../../../platform/records.js';
import { RULED_SERVICES } from '../../slip/index.js';
import { ruleDays, slipBillable } from './billing.js';
import {
  type ColumnSpec,
  col,
  dateLiteral,
  num,
  type PlanBuilder,
  type ReportContext,
  ROWS,
  type SortKey,
} from './plan.js';
import { addDays, daysBetween, problemTone } from './rules.js';

export const WEEKDAYS = [
  { name: 'mon', title: 'Mon' },
  { name: 'tue', title: 'Tue' },
  { name: 'wed', title: 'Wed' },
  { name: 'thu', title: 'Thu' },
  { name: 'fri', title: 'Fri' },
  { name: 'sat', title: 'Sat' },
  { name: 'sun', title: 'Sun' },
] as const;
const WORKDAYS = 5;
const CHART_STAFF = 10;

/**
 * Which columns hold time that is due, so a value below the expected one is worth highlighting: for each workday
 * column (Monday to Friday) and the week's total. Every day of the period before `today` is due (today is not over);
 * a period reaching past it leaves out today and the workdays after it (and so the week's total, while one of its workdays is to come);
 * weeks wholly after this one hold no due day at all.
 */
export function dueColumns(
  period: { from: string; to: string },
  today: string,
): { days: boolean[]; total: boolean } {
  if (period.to < today) return { days: Array(WORKDAYS).fill(true), total: true };
  // Today's place in its week (0 Monday … 6 Sunday); the period's weeks start on Mondays.
  const weekday = ((daysBetween(period.from, today) % 7) + 7) % 7;
  const thisWeekEnds = addDays(today, 6 - weekday);
  if (period.from > today || period.to > thisWeekEnds)
    return { days: Array(WORKDAYS).fill(false), total: false };
  // Today is not over: its time is due tomorrow.
  return { days: Array.from({ length: WORKDAYS }, (_, d) => d < weekday), total: weekday >= WORKDAYS };
}

/** The period's Mondays (yyyy-MM-dd). */
function mondays(period: { from: string; to: string }): string[] {
  const out: string[] = [];
  for (let day = period.from; day <= period.to; day = addDays(day, 7)) out.push(day);
  return out;
}

/**
 * The WITH list of the rows: `d`, minutes per staff member and day (support, project, bucket, total) with the day's
 * place in its week (0 Monday … 6 Sunday); `weeks`, the period's Mondays; `w`, the minutes per staff member and week
 * with a column per weekday. One staff member chosen: only theirs are read.
 */
function withList(ctx: ReportContext, f: ListFilter): string {
  const period = ctx.period!;
  const [from, to] = [dateLiteral(period.from), dateLiteral(period.to)];
  const staff = ctx.staff ? param(f, ctx.staff.id) : null;
  const minutes = '(extract(epoch FROM sl.stop_time - sl.start_time) / 60)::int';
  const weekday = (i: number) => `COALESCE(sum(d.total) FILTER (WHERE d.dow = ${i}), 0)::int`;
  const today = dateLiteral(ctx.today);
  return `ws AS (
      SELECT sl.id AS slip_id, sl.user_id, sl.work_date, tk.is_project, kc.organization_id AS org_id,
             ${minutes} AS minutes, sl.rate_multiplier AS multi
        FROM slips sl JOIN tasks tk ON tk.id = sl.task_id JOIN cases kc ON kc.id = tk.case_id
       WHERE sl.work_date BETWEEN ${from} AND ${to} AND sl.stop_time IS NOT NULL
             ${staff ? `AND sl.user_id = ${staff}` : ''}),
    ruled_services AS MATERIALIZED (${RULED_SERVICES}),
    rule_days AS (${ruleDays('SELECT DISTINCT org_id, work_date FROM ws', 'ruled_services')}),
    d AS (
      SELECT x.user_id, x.work_date, extract(isodow FROM x.work_date)::int - 1 AS dow,
             sum(x.support)::int AS support, sum(x.project)::int AS project,
             sum(x.bucket)::int AS bucket, sum(x.support + x.project + x.bucket)::int AS total,
             sum(x.billable)::int AS billable
        FROM (SELECT ws.user_id, ws.work_date,
                     CASE WHEN ws.is_project THEN 0 ELSE ws.minutes END AS support,
                     CASE WHEN ws.is_project THEN ws.minutes ELSE 0 END AS project, 0 AS bucket,
                     COALESCE(bs.billable_minutes, ${slipBillable('ws', 'rd')}) AS billable
                FROM ws JOIN rule_days rd ON rd.org_id = ws.org_id AND rd.work_date = ws.work_date
                -- A billed slip counts what its billing snapshot stored, whatever rule applies now.
                LEFT JOIN billed_slips bs ON bs.slip_id = ws.slip_id
              UNION ALL
              SELECT u.id, bk.work_date, 0, 0, bk.minutes, 0
                FROM users u JOIN buckets bk ON bk.user_id = u.id AND bk.work_date BETWEEN ${from} AND ${to}
               ${staff ? `WHERE u.id = ${staff}` : ''}) x
       GROUP BY x.user_id, x.work_date),
    weeks AS (SELECT v.week FROM (VALUES ${mondays(period)
      .map((m) => `(${dateLiteral(m)})`)
      .join(', ')}) v(week)),
    w AS (
      SELECT d.user_id, d.work_date - d.dow AS week, ${WEEKDAYS.map((day, i) => `${weekday(i)} AS ${day.name}`).join(', ')},
             sum(d.support + d.project)::int AS case_minutes, sum(d.bucket)::int AS bucket_minutes,
             sum(d.support)::int AS support, sum(d.project)::int AS project, sum(d.total)::int AS total,
             sum(d.billable)::int AS billable,
             count(*) FILTER (WHERE d.dow < ${WORKDAYS} AND d.work_date < ${today}
                                AND d.total >= ${EXPECTED_DAY_MINUTES})::int AS full_days
        FROM d GROUP BY d.user_id, d.work_date - d.dow)`;
}

/** How far before the period an administrator's time still shows they log time. */
export const LOGS_TIME_DAYS = 91;

/**
 * Staff member `u` is expected to log time over the period: a technician (not an administrator), or an
 * administrator who logged time (a slip or bucket time) within LOGS_TIME_DAYS before the period or in it. An
 * administrator who never does (the "System Administrator" account) has no short days to count.
 */
export function logsTimeSql(period: { from: string; to: string }): string {
  const [from, to] = [dateLiteral(addDays(period.from, -LOGS_TIME_DAYS)), dateLiteral(period.to)];
  return `(NOT ('ROLE_ADMIN' = ANY(u.roles))
           OR EXISTS (SELECT 1 FROM slips sl WHERE sl.user_id = u.id AND sl.work_date BETWEEN ${from} AND ${to})
           OR EXISTS (SELECT 1 FROM buckets bk WHERE bk.user_id = u.id AND bk.work_date BETWEEN ${from} AND ${to}))`;
}

/**
 * The rows: staff members `u` in view × the period's weeks `wk`, with their week's minutes `w` (none: zeros). In
 * view: the one chosen; else the active staff expected to log time, and anyone (inactive too) who logged time in it.
 */
function source(ctx: ReportContext, f: ListFilter) {
  const inView = ctx.staff
    ? [`u.id = ${param(f, ctx.staff.id)}`]
    : [`((u.active AND ${logsTimeSql(ctx.period!)}) OR u.id IN (SELECT d.user_id FROM d))`];
  return {
    with: withList(ctx, f),
    from: 'users u CROSS JOIN weeks wk LEFT JOIN w ON w.user_id = u.id AND w.week = wk.week',
    where: inView,
  };
}

/** Workdays of week `wk` before today (today is not over) whose time is below the expected day (none at all too). */
const shortDaysSql = (today: string) =>
  `(LEAST(${WORKDAYS}, GREATEST(0, ${dateLiteral(today)} - wk.week)) - COALESCE(w.full_days, 0))`;

const NAME: SortKey[] = [
  { sql: 'u.last_name', type: 'text' },
  { sql: 'u.first_name', type: 'text' },
];
const WEEK: SortKey = { sql: 'wk.week', type: 'date' };
const minutesOf = (column: string) => `COALESCE(w.${column}, 0)`;

export const weeklySummaryPlan: PlanBuilder = (ctx) => {
  const due = dueColumns(ctx.period!, ctx.today);
  const minutes = (
    name: string,
    title: string,
    column: string,
    extra: Partial<ColumnSpec> = {},
  ): ColumnSpec => ({
    name,
    title,
    kind: 'minutes',
    sql: minutesOf(column),
    ...extra,
  });
  const shortDays = shortDaysSql(ctx.today);
  return {
    tieBreak: [{ sql: 'u.id', type: 'int' }, WEEK],
    defaultSort: { field: 'staff', dir: 'asc' },
    columns: [
      {
        name: 'staff',
        title: 'Staff',
        kind: 'text',
        sql: `u.first_name || ' ' || u.last_name`,
        sortable: true,
        keys: [...NAME, WEEK],
      },
      { name: 'staffId', title: 'Staff Id', kind: 'number', sql: 'u.id', hidden: true },
      {
        name: 'week',
        title: 'Week',
        kind: 'date',
        sql: `to_char(wk.week, 'YYYY-MM-DD')`,
        sortable: true,
        keys: [WEEK, ...NAME],
      },
      ...WEEKDAYS.map((day, i) =>
        minutes(day.name, day.title, day.name, due.days[i] ? { expected: EXPECTED_DAY_MINUTES } : {}),
      ),
      minutes('caseMinutes', 'Case', 'case_minutes'),
      minutes('bucketMinutes', 'Bucket', 'bucket_minutes'),
      minutes('support', 'Support', 'support'),
      minutes('project', 'Project', 'project'),
      minutes('billable', 'Billable', 'billable'),
      minutes('total', 'Total', 'total', {
        sortable: true,
        keys: [{ sql: minutesOf('total'), type: 'int' }, ...NAME, WEEK],
        ...(due.total ? { expected: EXPECTED_WEEK_MINUTES } : {}),
      }),
      {
        name: 'shortDays',
        title: 'Short Days',
        kind: 'number',
        sql: shortDays,
        sortable: true,
        keys: [{ sql: shortDays, type: 'int' }, ...NAME, WEEK],
      },
    ],
    source: (f) => source(ctx, f),
    summary: () => ({
      sql: `SELECT count(*) AS total, count(DISTINCT ${col('staffId')}) AS staff,
                   COALESCE(sum(${col('total')}), 0) AS minutes, COALESCE(sum(${col('caseMinutes')}), 0) AS case_minutes,
                   COALESCE(sum(${col('bucketMinutes')}), 0) AS bucket_minutes,
                   COALESCE(sum(${col('support')}), 0) AS support, COALESCE(sum(${col('project')}), 0) AS project,
                   COALESCE(sum(${col('billable')}), 0) AS billable, COALESCE(sum(${col('shortDays')}), 0) AS short_days,
                   (SELECT json_agg(json_build_array(t.staff, t.minutes))
                      FROM (SELECT t.staff, sum(t.total) AS minutes FROM ${ROWS} t GROUP BY t."staffId", t.staff
                             HAVING sum(t.total) > 0
                             ORDER BY minutes DESC, t.staff LIMIT ${CHART_STAFF}) t) AS top
              FROM ${ROWS}`,
      present: ([r]) => {
        const short = num(r?.short_days);
        const top = (r?.top as [string, number][] | null) ?? [];
        const hours = (column: string) => formatHours(num(r?.[column]));
        return {
          total: num(r?.total),
          figures: [
            { label: 'Staff members', value: formatCount(num(r?.staff)) },
            { label: 'Total hours', value: hours('minutes') },
            { label: 'Case hours', value: hours('case_minutes') },
            { label: 'Bucket hours', value: hours('bucket_minutes') },
            { label: 'Support hours', value: hours('support') },
            { label: 'Project hours', value: hours('project') },
            { label: 'Billable hours', value: hours('billable') },
            { label: 'Short days', value: formatCount(short), tone: problemTone(short, 'warning') },
          ],
          chart: top.length
            ? {
                title: 'Hours by staff member',
                kind: 'bar',
                unit: 'minutes',
                data: top.map(([label, m]) => ({ label, value: Number(m) })),
              }
            : null,
        };
      },
    }),
  };
};
