// The billing arithmetic of src/shared/billing.ts in SQL, shared by the bill list and the WIP list: from a set of
// finished slips, the minutes covered by block hours and the rate of the rest, in one statement.
//
// Slips are billed by their billable minutes (rounded by the rule of their organization and day, times the
// multiplier: src/shared/rounding.ts); the rule is looked up once per organization and day (ruleDays).
//
// The slips are summed into groups first (case, task, multiplier, month and whatever the report groups by), so the
// statement carries thousands of groups, not hundreds of thousands of slips. Only the organization-months that have
// block hours are read slip by slip (the order the work was done decides which minutes are covered).
import { type ListFilter, param } from '../../../platform/records.js';
import { billableSql, RULED_SERVICES, ruleColumns, serviceRuleJoin } from '../../slip/billable-sql.js';
import { dateLiteral } from './plan.js';

/** A value the report groups slips by besides case, task, multiplier and month: a SQL expression over slip `s`. */
export type SlipGroup = { name: string; sql: string };

/** Minutes of a finished slip `s`, as the bill action counts them too (billing.routes.ts). */
export const SLIP_MINUTES = '(extract(epoch FROM s.stop_time - s.start_time) / 60)::int';

/**
 * A CTE body: the rounding rule (minimum, increment) of each (org_id, work_date) that `days` (a SQL query of those two
 * columns) gives, by the one rule of slip/billable-sql.ts. Looked up once per organization and day, not per slip.
 */
export function ruleDays(days: string, services: string): string {
  const rule = ruleColumns('rr', 'ro');
  return `SELECT d.org_id, d.work_date, ${rule.minimum} AS minimum, ${rule.increment} AS increment
        FROM (${days}) d
        JOIN organizations ro ON ro.id = d.org_id
        ${serviceRuleJoin('d.org_id', 'd.work_date', 'rr', services)}`;
}

/** Billable minutes of a slip row `x` with `minutes` and `multi`, under the rule day `rd` (ruleDays). */
export const slipBillable = (x: string, rd: string) =>
  billableSql(`${x}.minutes`, `${rd}.minimum`, `${rd}.increment`, `${x}.multi`);

/**
 * The WITH list ending in `priced`: the finished slips of cases `c` (with their tasks `t` and slips `s`) that `from`
 * and `where` give, grouped by case_id, org_id, task_id, multi, month and the `groups`, with minutes (actual),
 * billable (rounded × multiplier, src/shared/rounding.ts), first_date, last_date, `covered` (billable minutes covered
 * by block hours) and `rate` (the hourly rate of the rest). Coverage is worked out per organization and month over ALL
 * its chargeable finished slips of that month (any case, billed or not), in the order they were worked, so a case's
 * share never depends on which cases are listed.
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
  // The days whose rule is needed: those of the listed slips, and every day of the months whose coverage is shared.
  const days = `SELECT DISTINCT org_id, work_date FROM listed_slips
                UNION
                SELECT cv.org_id, generate_series(cv.month, (cv.month + interval '1 month' - interval '1 day')::date,
                                                  interval '1 day')::date
                  FROM coverage cv WHERE cv.covered > 0`;
  return `listed_slips AS (
      SELECT c.id AS case_id, c.organization_id AS org_id, s.task_id, s.rate_multiplier AS multi, s.work_date${values},
             ${SLIP_MINUTES} AS minutes
        FROM ${listed.from}
       WHERE ${listed.where} AND s.stop_time IS NOT NULL),
    org_months AS (SELECT DISTINCT org_id, date_trunc('month', work_date)::date AS month FROM listed_slips),
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
    -- Materialized: the few services with a rule, read once; each organization day then probes this short list.
    ruled_services AS MATERIALIZED (${RULED_SERVICES}),
    rule_days AS (${ruleDays(days, 'ruled_services')}),
    listed AS (
      SELECT ls.case_id, ls.org_id, ls.task_id, ls.multi, date_trunc('month', ls.work_date)::date AS month${groups
        .map((g) => `, ls.${g.name}`)
        .join('')},
             sum(ls.minutes)::int AS minutes, sum(${slipBillable('ls', 'rd')})::int AS billable,
             min(ls.work_date) AS first_date, max(ls.work_date) AS last_date
        FROM listed_slips ls JOIN rule_days rd ON rd.org_id = ls.org_id AND rd.work_date = ls.work_date
       GROUP BY ls.case_id, ls.org_id, ls.task_id, ls.multi, date_trunc('month', ls.work_date)${groups
         .map((g) => `, ls.${g.name}`)
         .join('')}),
    month_slips AS (
      SELECT cv.org_id, cv.month, cv.covered AS available, x.*,
             ${billableSql('x.minutes', 'rd.minimum', 'rd.increment', 'x.multi')} AS billable
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
        -- The rule days are joined once, outside the subquery (inside it they would be scanned per month).
        JOIN rule_days rd ON rd.org_id = cv.org_id AND rd.work_date = x.work_date
       WHERE cv.covered > 0),
    used AS (
      SELECT ${key}, sum(covered)::int AS covered
        FROM (SELECT *, LEAST(billable, GREATEST(0, available - (sum(billable) OVER w - billable))) AS covered
                FROM month_slips
              WINDOW w AS (PARTITION BY org_id, month ORDER BY work_date, start_time, id ROWS UNBOUNDED PRECEDING)) z
       GROUP BY ${key}),
    priced AS (
      SELECT l.*, COALESCE(u.covered, 0) AS covered, COALESCE(cv.rate, ${rate}) AS rate
        FROM listed l
        LEFT JOIN used u USING (${key})
        LEFT JOIN coverage cv ON cv.org_id = l.org_id AND cv.month = l.month)`;
}

/**
 * Aggregates over `priced` rows `p`: minutes (actual), no-charge (actual minutes at 0x), covered, billable (billable
 * minutes left after block hours: what is charged), the one rate, the amount (billable already holds the multiplier).
 */
export const PRICED_TOTALS = `sum(p.minutes)::int AS minutes,
       COALESCE(sum(p.minutes) FILTER (WHERE p.multi = 0), 0)::int AS no_charge,
       sum(p.covered)::int AS covered,
       COALESCE(sum(p.billable - p.covered), 0)::int AS billable,
       CASE WHEN min(p.rate) FILTER (WHERE p.billable > p.covered) = max(p.rate) FILTER (WHERE p.billable > p.covered)
            THEN min(p.rate) FILTER (WHERE p.billable > p.covered) END AS rate,
       round(sum((p.billable - p.covered) * p.rate) / 60, 2) AS amount`;

/** The text of a multiplier: 0, 1, 1.5, 2. */
export const multiplierText = (column: string) =>
  `trim(trailing '.' from trim(trailing '0' from ${column}::text))`;

/** h:mm of whole minutes. */
export const hmmSql = (minutes: string) =>
  `(${minutes}) / 60 || ':' || lpad(((${minutes}) % 60)::text, 2, '0')`;

/** The day `days` before `today` (yyyy-MM-dd) as a SQL date. */
export const daysBefore = (today: string, days: number) => `(${dateLiteral(today)} - ${days})`;
