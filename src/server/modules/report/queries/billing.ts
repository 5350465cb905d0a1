// The billing arithmetic of src/shared/billing.ts in SQL, shared by the bill list and the WIP list: from a set of
// finished slips, each slip's minutes covered by block hours and the rate of the rest, in one statement.
import { type ListFilter, param } from '../../../platform/records.js';
import { dateLiteral } from './plan.js';

/** The columns `slipSql` must give, one row per finished slip. */
export const SLIP_COLUMNS =
  'id, case_id, org_id, task_id, user_id, work_date, start_time, minutes, multi' as const;

/** A finished slip `s` of task `t` of case `c` as the SLIP_COLUMNS (minutes from its times). */
export const slipColumns = (c = 'c') => `s.id, ${c}.id AS case_id, ${c}.organization_id AS org_id, s.task_id,
       s.user_id, s.work_date, s.start_time,
       (extract(epoch FROM s.stop_time - s.start_time) / 60)::int AS minutes, s.rate_multiplier AS multi`;

/**
 * The WITH list ending in `priced`: every slip of `slipSql` (SLIP_COLUMNS) with `covered` (its minutes covered by
 * block hours) and `rate` (the hourly rate of the rest). Coverage is worked out per organization and month over ALL
 * its chargeable finished slips of that month (any case, billed or not), in the order the work was done, so a case's
 * share never depends on which cases are listed.
 */
export function pricedSlips(f: ListFilter, slipSql: string, defaultRate: string): string {
  const rate = `${param(f, defaultRate)}::numeric`;
  const monthEnd = `(om.month + interval '1 month' - interval '1 day')::date`;
  return `listed_slips AS (${slipSql}),
    org_months AS (
      SELECT DISTINCT org_id, date_trunc('month', work_date)::date AS month FROM listed_slips),
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
      SELECT cv.org_id, cv.month, cv.covered AS available, s.id, s.work_date, s.start_time,
             (extract(epoch FROM s.stop_time - s.start_time) / 60)::int AS minutes
        FROM coverage cv
        JOIN cases c ON c.organization_id = cv.org_id
        JOIN tasks t ON t.case_id = c.id
        JOIN slips s ON s.task_id = t.id
       WHERE cv.covered > 0 AND s.stop_time IS NOT NULL AND s.rate_multiplier > 0
         AND s.work_date >= cv.month AND s.work_date < (cv.month + interval '1 month')::date),
    used AS (
      SELECT id, LEAST(minutes, GREATEST(0, available - (sum(minutes) OVER w - minutes)))::int AS covered
        FROM month_slips
      WINDOW w AS (PARTITION BY org_id, month ORDER BY work_date, start_time, id ROWS UNBOUNDED PRECEDING)),
    priced AS (
      SELECT ls.*, COALESCE(u.covered, 0) AS covered, COALESCE(cv.rate, ${rate}) AS rate
        FROM listed_slips ls
        LEFT JOIN used u ON u.id = ls.id
        LEFT JOIN coverage cv ON cv.org_id = ls.org_id AND cv.month = date_trunc('month', ls.work_date)::date)`;
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
