// The billing arithmetic of src/shared/billing.ts in SQL, shared by the bill list and the WIP list: from a set of
// finished slips, the minutes covered by block hours and the rate of the rest, in one statement.
//
// The slips are summed into groups first (case, task, multiplier, month and whatever the report groups by), so the
// statement carries thousands of groups, not hundreds of thousands of slips. Only the organization-months that have
// block hours are read slip by slip (the order the work was done decides which minutes are covered).
import { type ListFilter, param } from '../../../platform/records.js';
import { dateLiteral } from './plan.js';

/** A value the report groups slips by besides case, task, multiplier and month: a SQL expression over slip `s`. */
export type SlipGroup = { name: string; sql: string };

/** Minutes of a finished slip `s`, as the bill action counts them too (billing.routes.ts). */
export const SLIP_MINUTES = '(extract(epoch FROM s.stop_time - s.start_time) / 60)::int';

/**
 * The WITH list ending in `priced`: the finished slips of cases `c` (with their tasks `t` and slips `s`) that `from`
 * and `where` give, grouped by case_id, org_id, task_id, multi, month and the `groups`, with minutes, first_date,
 * last_date, `covered` (minutes covered by block hours) and `rate` (the hourly rate of the rest). Coverage is worked
 * out per organization and month over ALL its chargeable finished slips of that month (any case, billed or not), in
 * the order they were worked, so a case's share never depends on which cases are listed.
 */
export function pricedSlips(
  f: ListFilter,
  listed: { from: string; where: string },
  groups: SlipGroup[],
  defaultRate: string,
): string {
  const rate = `${param(f, defaultRate)}::numeric`;
  const monthEnd = `(om.month + interval '1 month' - interval '1 day')::date`;
  const names = groups.map((g) => `, ${g.name}`).join('');
  const values = groups.map((g) => `, ${g.sql} AS ${g.name}`).join('');
  const key = `case_id, task_id, multi, month${names}`;
  return `listed AS (
      SELECT c.id AS case_id, c.organization_id AS org_id, s.task_id, s.rate_multiplier AS multi,
             date_trunc('month', s.work_date)::date AS month${values},
             sum(${SLIP_MINUTES})::int AS minutes, min(s.work_date) AS first_date, max(s.work_date) AS last_date
        FROM ${listed.from}
       WHERE ${listed.where} AND s.stop_time IS NOT NULL
       GROUP BY c.id, c.organization_id, s.task_id, s.rate_multiplier, date_trunc('month', s.work_date)${groups
         .map((g) => `, ${g.sql}`)
         .join('')}),
    org_months AS (SELECT DISTINCT org_id, month FROM listed),
    coverage AS (
      SELECT om.org_id, om.month, COALESCE(sum(b.covered), 0)::int AS covered,
             (array_agg(b.rate ORDER BY b.start_date DESC, b.id DESC) FILTER (WHERE b.id IS NOT NULL))[1] AS rate
        FROM org_months om
        LEFT JOIN LATERAL (
          SELECT s.id, s.start_date, round(s.unit_price / s.covered_hours, 2) AS rate,
                 floor(s.covered_hours * s.quantity * 60
                       * (LEAST(${monthEnd}, COALESCE(s.end_date, ${monthEnd}), COALESCE(a.end_date, ${monthEnd}))
                          - GREATEST(om.month, s.start_date, a.start_date) + 1)
                       / (${monthEnd} - om.month + 1)) AS covered
            FROM agreements a
            JOIN agreement_services s ON s.agreement_id = a.id
            JOIN service_types st ON st.id = s.service_type_id AND st.block_hours
           WHERE a.organization_id = om.org_id AND s.covered_hours > 0
             AND s.start_date <= ${monthEnd} AND (s.end_date IS NULL OR s.end_date >= om.month)
             AND a.start_date <= ${monthEnd} AND (a.end_date IS NULL OR a.end_date >= om.month)
             AND (a.status = 'OPEN' OR a.end_date IS NOT NULL)) b ON true
       GROUP BY om.org_id, om.month),
    month_slips AS (
      SELECT cv.org_id, cv.month, cv.covered AS available, x.*
        FROM coverage cv
        CROSS JOIN LATERAL (
          SELECT s.id, s.work_date, s.start_time, c.id AS case_id, s.task_id, s.rate_multiplier AS multi${values},
                 ${SLIP_MINUTES} AS minutes
            FROM cases c JOIN tasks t ON t.case_id = c.id JOIN slips s ON s.task_id = t.id
           WHERE c.organization_id = cv.org_id AND s.stop_time IS NOT NULL AND s.rate_multiplier > 0
             AND s.work_date >= cv.month AND s.work_date < (cv.month + interval '1 month')::date
          -- Kept a subquery per organization-month (not flattened into a join): its slips come through their
          -- organization's cases and tasks and the task-and-day index, never a scan of every slip.
          OFFSET 0) x
       WHERE cv.covered > 0),
    used AS (
      SELECT ${key}, sum(covered)::int AS covered
        FROM (SELECT *, LEAST(minutes, GREATEST(0, available - (sum(minutes) OVER w - minutes))) AS covered
                FROM month_slips
              WINDOW w AS (PARTITION BY org_id, month ORDER BY work_date, start_time, id ROWS UNBOUNDED PRECEDING)) z
       GROUP BY ${key}),
    priced AS (
      SELECT l.*, COALESCE(u.covered, 0) AS covered, COALESCE(cv.rate, ${rate}) AS rate
        FROM listed l
        LEFT JOIN used u USING (${key})
        LEFT JOIN coverage cv ON cv.org_id = l.org_id AND cv.month = l.month)`;
}

/** Aggregates over `priced` rows `p`: minutes, no-charge, covered, billable minutes, the one rate, the amount. */
export const PRICED_TOTALS = `sum(p.minutes)::int AS minutes,
       COALESCE(sum(p.minutes) FILTER (WHERE p.multi = 0), 0)::int AS no_charge,
       sum(p.covered)::int AS covered,
       COALESCE(sum(p.minutes - p.covered) FILTER (WHERE p.multi > 0), 0)::int AS billable,
       CASE WHEN min(p.rate) FILTER (WHERE p.multi > 0 AND p.minutes > p.covered)
               = max(p.rate) FILTER (WHERE p.multi > 0 AND p.minutes > p.covered)
            THEN min(p.rate) FILTER (WHERE p.multi > 0 AND p.minutes > p.covered) END AS rate,
       round(sum((p.minutes - p.covered) * p.rate * p.multi) / 60, 2) AS amount`;

/** The text of a multiplier: 0, 1, 1.5, 2. */
export const multiplierText = (column: string) =>
  `trim(trailing '.' from trim(trailing '0' from ${column}::text))`;

/** h:mm of whole minutes. */
export const hmmSql = (minutes: string) =>
  `(${minutes}) / 60 || ':' || lpad(((${minutes}) % 60)::text, 2, '0')`;

/** The day `days` before `today` (yyyy-MM-dd) as a SQL date. */
export const daysBefore = (today: string, days: number) => `(${dateLiteral(today)} - ${days})`;
