// The statements behind the charts, one per chart, each aggregating in the database (a row per week, organization
// or age band comes back, never a row per slip). Dates are ones the server computed; the time zone is a parameter.
import type { ChartsResponse, ChartWeek } from '../../../shared/charts.js';
import type { Queryable } from '../../platform/records.js';
import { AGE_BANDS, ageBandConditions, dateLiteral, num } from '../report/index.js';
import type { ChartPeriod } from './charts-period.js';

const TOP_ORGANIZATIONS = 10;

/** Minutes of a finished slip `sl` (its stop time is checked by each statement). */
const SLIP_MINUTES = 'extract(epoch FROM sl.stop_time - sl.start_time) / 60';

/** The index of the week (0 = the period's first) a date column falls in; negative before the period. */
const weekIndex = (column: string, period: ChartPeriod) => `((${column} - ${dateLiteral(period.from)}) / 7)`;

/** The weeks of the period as rows `w(i)`. */
const weekSeries = (period: ChartPeriod) => `generate_series(0, ${period.weeks.length - 1}) AS w(i)`;

/** Case time per week by kind of task and multiplier, and bucket time (always non-billable); zeros included. */
export async function loadWeeks(db: Queryable, period: ChartPeriod): Promise<ChartWeek[]> {
  const [from, to] = [dateLiteral(period.from), dateLiteral(period.to)];
  const { rows } = await db.query<Record<string, unknown>>(
    `WITH work AS (
       SELECT ${weekIndex('sl.work_date', period)} AS i,
              sum(${SLIP_MINUTES}) FILTER (WHERE NOT t.is_project) AS support,
              sum(${SLIP_MINUTES}) FILTER (WHERE t.is_project) AS project,
              sum(${SLIP_MINUTES}) FILTER (WHERE sl.rate_multiplier > 0) AS billable,
              sum(${SLIP_MINUTES}) FILTER (WHERE sl.rate_multiplier = 0) AS unbilled
         FROM slips sl JOIN tasks t ON t.id = sl.task_id
        WHERE sl.work_date BETWEEN ${from} AND ${to} AND sl.stop_time IS NOT NULL
        GROUP BY 1
     ), bucket AS (
       SELECT ${weekIndex('b.work_date', period)} AS i, sum(b.minutes) AS minutes
         FROM buckets b
        WHERE b.work_date BETWEEN ${from} AND ${to}
        GROUP BY 1
     )
     SELECT w.i, round(coalesce(k.support, 0))::int AS support, round(coalesce(k.project, 0))::int AS project,
            round(coalesce(k.billable, 0))::int AS billable,
            round(coalesce(k.unbilled, 0) + coalesce(b.minutes, 0))::int AS non_billable
       FROM ${weekSeries(period)}
       LEFT JOIN work k ON k.i = w.i
       LEFT JOIN bucket b ON b.i = w.i
      ORDER BY w.i`,
  );
  return rows.map((r) => ({
    week: period.weeks[num(r.i)]!,
    support: num(r.support),
    project: num(r.project),
    billable: num(r.billable),
    nonBillable: num(r.non_billable),
  }));
}

/** The organizations with the most case time in the period, most first (then by name). */
export async function loadTopOrganizations(
  db: Queryable,
  period: ChartPeriod,
): Promise<ChartsResponse['topOrganizations']> {
  const { rows } = await db.query<{ id: number; name: string; minutes: number }>(
    `SELECT o.id, o.name, m.minutes
       FROM (SELECT c.organization_id, round(sum(${SLIP_MINUTES}))::int AS minutes
               FROM slips sl
               JOIN tasks t ON t.id = sl.task_id
               JOIN cases c ON c.id = t.case_id
              WHERE sl.work_date BETWEEN ${dateLiteral(period.from)} AND ${dateLiteral(period.to)}
                AND sl.stop_time IS NOT NULL
              GROUP BY c.organization_id) m
       JOIN organizations o ON o.id = m.organization_id
      ORDER BY m.minutes DESC, o.name, o.id
      LIMIT ${TOP_ORGANIZATIONS}`,
  );
  return rows.map((r) => ({ id: r.id, name: r.name, minutes: num(r.minutes) }));
}

/**
 * Work in progress at each week's end (Sunday): finished time logged by then on cases not billed by then (billed on
 * a later company day, or not at all). Each slip counts from its week (the first, if logged before the period) until
 * the week its case was billed in; the weeks add up those starts and ends. Only slips in progress at some week's end
 * are read: logged by the period's end, on a case unbilled or billed after the first Sunday.
 */
export async function loadWipTrend(
  db: Queryable,
  period: ChartPeriod,
  timeZone: string,
): Promise<ChartsResponse['wipTrend']> {
  const firstMonday = dateLiteral(period.from);
  const { rows } = await db.query<{ i: number; minutes: number }>(
    `WITH open_case AS (
       SELECT id, NULL::int AS billed FROM cases WHERE billed_at IS NULL
       UNION ALL
       SELECT id, ${weekIndex('(billed_at AT TIME ZONE $1)::date', period)}
         FROM cases
        WHERE billed_at >= (${firstMonday} + 7)::timestamp AT TIME ZONE $1
     ), logged AS (
       SELECT greatest(0, ${weekIndex('sl.work_date', period)}) AS added, c.billed AS removed,
              sum(${SLIP_MINUTES}) AS minutes
         FROM open_case c
         JOIN tasks t ON t.case_id = c.id
         JOIN slips sl ON sl.task_id = t.id
        WHERE sl.work_date <= ${dateLiteral(period.to)} AND sl.stop_time IS NOT NULL
        GROUP BY 1, 2
     ), change AS (
       SELECT added AS i, minutes FROM logged WHERE removed IS NULL OR removed > added
       UNION ALL
       SELECT removed, -minutes FROM logged WHERE removed > added
     )
     SELECT w.i, round(coalesce(sum(sum(d.minutes)) OVER (ORDER BY w.i), 0))::int AS minutes
       FROM ${weekSeries(period)}
       LEFT JOIN change d ON d.i = w.i
      GROUP BY w.i
      ORDER BY w.i`,
    [timeZone],
  );
  return rows.map((r) => ({ week: period.weeks[num(r.i)]!, minutes: num(r.minutes) }));
}

/** Active devices in each age band (by purchase date, as the device-age report bands them) on `today`. */
export async function loadDeviceAge(db: Queryable, today: string): Promise<ChartsResponse['deviceAge']> {
  const counts = ageBandConditions('e.purchase_date', today).map(
    (condition, b) => `count(*) FILTER (WHERE ${condition})::int AS b${b}`,
  );
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT ${counts.join(', ')} FROM equipment e WHERE e.active`,
  );
  return AGE_BANDS.map((label, b) => ({ label, count: num(rows[0]?.[`b${b}`]) }));
}
