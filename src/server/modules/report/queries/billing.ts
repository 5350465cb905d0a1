// The billing arithmetic of src/shared/billing.ts in SQL, shared by the kept figures the bill list and the WIP list read
// (billing/wip-days.ts), Mark Billed and a case's lines: from
// a set of finished slips, each slip's line (billable minutes, block minutes covered, rate, amount to the cent), in
// one statement. src/shared/bill-pricing.ts is the same rule in TypeScript (the properties and the API tests hold
// the two together).
//
// Slips are billed by their billable minutes (rounded by the rule of their organization and day, times the
// multiplier: src/shared/rounding.ts); the rule is looked up once per organization and day (ruleDays).
//
// A billed case is never priced again: its lines are read from its billing snapshot (billed_slips). The block hours
// its lines used are spoken for; the other cases of the organization share what is left of the month, in the order
// the work was done. Only the organization-months that have block hours left are read slip by slip.
import {
  billableSql,
  RULED_SERVICES,
  ruleColumns,
  serviceRuleJoin,
  sourceLabelSql,
} from '../../slip/index.js';
import { dateLiteral } from './plan.js';

/** A value the report groups slips by besides case, task, multiplier and month: a SQL expression over slip `s`. */
export type SlipGroup = { name: string; sql: string };

/** Minutes of a finished slip `s`, as the bill action counts them too (billing.routes.ts). */
export const SLIP_MINUTES = '(extract(epoch FROM s.stop_time - s.start_time) / 60)::int';

/** Cases priced now (the rest are read from their billing snapshot): those not billed. */
export const NOT_BILLED_CASE = 'c.billed_at IS NULL';

/**
 * A CTE body: the rounding rule (minimum, increment, source, service) of each (org_id, work_date) that `days` (a SQL
 * query of those two columns) gives, by the one rule of slip/billable-sql.ts. Looked up once per organization and
 * day, not per slip.
 */
export function ruleDays(days: string, services: string): string {
  const rule = ruleColumns('rr', 'ro');
  return `SELECT d.org_id, d.work_date, ${rule.minimum} AS minimum, ${rule.increment} AS increment,
               ${rule.source} AS source, rr.service_name AS service, ro.name AS org_name
        FROM (${days}) d
        JOIN organizations ro ON ro.id = d.org_id
        ${serviceRuleJoin('d.org_id', 'd.work_date', 'rr', services)}`;
}

/** Billable minutes of a slip row `x` with `minutes` and `multi`, under the rule day `rd` (ruleDays). */
export const slipBillable = (x: string, rd: string) =>
  billableSql(`${x}.minutes`, `${rd}.minimum`, `${rd}.increment`, `${x}.multi`);

/** The amount of a line: (billable − covered) minutes at the hourly rate, rounded to the cent (half away from 0). */
export const lineAmountSql = (billable: string, covered: string, rate: string) =>
  `round(((${billable}) - (${covered})) * (${rate}) / 60, 2)`;

/** The slips to price: `from` and `where` over cases `c`, tasks `t`, slips `s`. */
export type ListedSlips = {
  from: string;
  where: string;
  /** Also the lines of the billed cases among them, from their snapshot (the bill list; WIP lists no billed case). */
  billed?: boolean;
};

/**
 * The WITH list ending in `slip_lines` and `priced`. `slip_lines`: one row per finished slip that `listed` gives —
 * id, case_id, org_id, task_id, user_id, multi, work_date, month, the `groups`, minutes (actual), billable (rounded ×
 * multiplier), covered (by block hours), rate, amount (the line, to the cent), minimum, increment, source, service,
 * label (the rule). `priced`: those lines summed by case, org, task, multiplier, month, rate and the groups, with
 * first_date and last_date. `rate` is the default hourly rate (a SQL expression); `live` says which cases `c` are
 * priced now rather than read from their snapshot (the snapshot of cases billed before snapshots existed reads them
 * with another). Coverage is worked out per organization and month over ALL its chargeable finished slips of that
 * month priced now (any case), in the order they were worked, after the block minutes billed lines used: a case's
 * share never depends on which cases are listed.
 */
export function pricedSlips(
  listed: ListedSlips,
  groups: SlipGroup[],
  rate: string,
  live = NOT_BILLED_CASE,
): string {
  const monthEnd = `(om.month + interval '1 month' - interval '1 day')::date`;
  const names = groups.map((g) => `, ${g.name}`).join('');
  const values = groups.map((g) => `, ${g.sql} AS ${g.name}`).join('');
  const monthOf = (day: string) => `date_trunc('month', ${day})::date`;
  // The days whose rule is needed: those of the listed slips, and every day of the months whose coverage is shared.
  const days = `SELECT DISTINCT org_id, work_date FROM listed_slips
                UNION
                SELECT av.org_id, generate_series(av.month, (av.month + interval '1 month' - interval '1 day')::date,
                                                  interval '1 day')::date
                  FROM available av`;
  const billed = listed.billed
    ? `
      UNION ALL
      SELECT s.id, c.id, c.organization_id, s.task_id, s.user_id, b.multiplier, s.work_date, ${monthOf('s.work_date')}${values},
             b.minutes, b.billable_minutes, b.covered_minutes, b.rate, b.amount, b.rounding_minimum,
             b.rounding_increment, b.rounding_source, b.rounding_service, b.rounding_label
        FROM ${listed.from} JOIN billed_slips b ON b.slip_id = s.id
       WHERE ${listed.where} AND NOT (${live})`
    : '';
  return `listed_slips AS (
      SELECT s.id, c.id AS case_id, c.organization_id AS org_id, s.task_id, s.user_id, s.rate_multiplier AS multi,
             s.work_date${values}, ${SLIP_MINUTES} AS minutes
        FROM ${listed.from}
       WHERE ${listed.where} AND s.stop_time IS NOT NULL AND ${live}),
    org_months AS (SELECT DISTINCT org_id, ${monthOf('work_date')} AS month FROM listed_slips),
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
    -- What the block hours of a month have left once the billed lines of the month took theirs.
    available AS (
      SELECT * FROM (
        SELECT cv.org_id, cv.month, cv.covered - COALESCE((
                 SELECT sum(bs.covered_minutes) FROM billed_slips bs
                  WHERE bs.organization_id = cv.org_id AND bs.covered_minutes > 0
                    AND bs.work_date >= cv.month AND bs.work_date < (cv.month + interval '1 month')::date), 0)::int
                 AS available
          FROM coverage cv WHERE cv.covered > 0) x
       WHERE x.available > 0),
    -- Materialized: the few services with a rule, read once; each organization day then probes this short list.
    ruled_services AS MATERIALIZED (${RULED_SERVICES}),
    -- The rate of each organization-month as one row of look-ups (see covered), read once per organization day.
    rates AS MATERIALIZED (
      SELECT COALESCE(jsonb_object_agg(cv.org_id || ':' || cv.month, cv.rate), '{}') AS m
        FROM coverage cv WHERE cv.rate IS NOT NULL),
    rule_days AS (
      SELECT r.*, (rt.m ->> (r.org_id || ':' || ${monthOf('r.work_date')}))::numeric AS rate
        FROM (${ruleDays(days, 'ruled_services')}) r CROSS JOIN rates rt),
    month_slips AS (
      SELECT av.org_id, av.month, av.available, x.id, x.work_date, x.start_time,
             ${billableSql('x.minutes', 'rd.minimum', 'rd.increment', 'x.multi')} AS billable
        FROM available av
        CROSS JOIN LATERAL (
          SELECT s.id, s.work_date, s.start_time, s.rate_multiplier AS multi, ${SLIP_MINUTES} AS minutes
            FROM cases c JOIN tasks t ON t.case_id = c.id JOIN slips s ON s.task_id = t.id
           WHERE c.organization_id = av.org_id AND ${live} AND s.stop_time IS NOT NULL AND s.rate_multiplier > 0
             AND s.work_date >= av.month AND s.work_date < (av.month + interval '1 month')::date
          -- Kept a subquery per organization-month (not flattened into a join): its slips come through their
          -- organization's cases and tasks and the task-and-day index, never a scan of every slip.
          OFFSET 0) x
        -- The rule days are joined once, outside the subquery (inside it they would be scanned per month).
        JOIN rule_days rd ON rd.org_id = av.org_id AND rd.work_date = x.work_date),
    -- The covered minutes of each slip (by id) as one row of look-ups: each listed slip finds its own in a sorted
    -- jsonb object, whatever plan the statistics (none on an embedded database) lead to; a join could be run as a
    -- loop over every pair.
    covered AS MATERIALIZED (
      SELECT COALESCE(jsonb_object_agg(z.id::text, z.covered), '{}') AS m
        FROM (SELECT ms.id,
                     LEAST(ms.billable, GREATEST(0, ms.available - (sum(ms.billable) OVER w - ms.billable))) AS covered
                FROM month_slips ms
              WINDOW w AS (PARTITION BY ms.org_id, ms.month ORDER BY ms.work_date, ms.start_time, ms.id
                           ROWS UNBOUNDED PRECEDING)) z
       WHERE z.covered > 0),
    slip_lines AS (
      SELECT x.id, x.case_id, x.org_id, x.task_id, x.user_id, x.multi, x.work_date, x.month${groups
        .map((g) => `, x.${g.name}`)
        .join('')}, x.minutes, x.billable, x.covered, x.rate,
             ${lineAmountSql('x.billable', 'x.covered', 'x.rate')} AS amount, x.minimum, x.increment, x.source,
             x.service, ${sourceLabelSql('x.source', 'x.org_name', 'x.service')} AS label
        FROM (
          SELECT ls.id, ls.case_id, ls.org_id, ls.task_id, ls.user_id, ls.multi, ls.work_date,
                 ${monthOf('ls.work_date')} AS month${groups.map((g) => `, ls.${g.name}`).join('')}, ls.minutes,
                 ${slipBillable('ls', 'rd')} AS billable,
                 COALESCE(((SELECT cm.m FROM covered cm) ->> ls.id::text)::int, 0) AS covered,
                 COALESCE(rd.rate, ${rate}) AS rate, rd.minimum, rd.increment, rd.source, rd.service, rd.org_name
            FROM listed_slips ls
            JOIN rule_days rd ON rd.org_id = ls.org_id AND rd.work_date = ls.work_date
          -- The look-ups are one value computed once (an init plan), read where each line is made: never a column
          -- of the joined rows, which a sort would carry along on every row (joined in, it made a batch of 25
          -- organizations at 5,000,000 slips sort more than 4 GB). Not flattened: each line leaves with its figures.
          OFFSET 0) x
      ${billed}),
    priced AS (
      SELECT sl.case_id, sl.org_id, sl.task_id, sl.multi, sl.month${groups.map((g) => `, sl.${g.name}`).join('')},
             sl.rate, sum(sl.minutes)::int AS minutes, sum(sl.billable)::int AS billable,
             sum(sl.covered)::int AS covered, sum(sl.amount) AS amount,
             min(sl.work_date) AS first_date, max(sl.work_date) AS last_date
        FROM slip_lines sl
       GROUP BY sl.case_id, sl.org_id, sl.task_id, sl.multi, sl.month${names}, sl.rate)`;
}

/**
 * Aggregates over `priced` rows `p`: minutes (actual), no-charge (actual minutes at 0x), covered, billable (billable
 * minutes left after block hours: what is charged), the one rate, the amount: the sum of the lines, each already
 * rounded to the cent.
 */
export const PRICED_TOTALS = `sum(p.minutes)::int AS minutes,
       COALESCE(sum(p.minutes) FILTER (WHERE p.multi = 0), 0)::int AS no_charge,
       sum(p.covered)::int AS covered,
       COALESCE(sum(p.billable - p.covered), 0)::int AS billable,
       CASE WHEN min(p.rate) FILTER (WHERE p.billable > p.covered) = max(p.rate) FILTER (WHERE p.billable > p.covered)
            THEN min(p.rate) FILTER (WHERE p.billable > p.covered) END AS rate,
       COALESCE(sum(p.amount), 0)::numeric(14,2) AS amount`;

/** The day `days` before `today` (yyyy-MM-dd) as a SQL date. */
export const daysBefore = (today: string, days: number) => `(${dateLiteral(today)} - ${days})`;
