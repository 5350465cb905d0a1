// The rounding rule of a slip and its billable minutes in SQL (src/shared/rounding.ts is the same in TypeScript),
// written once and used by the slip presentation and the billing reports.
//
// The rule for an organization on a day: the rule of its agreement service in force that day (open agreement,
// service start ≤ day ≤ end or no end; the latest start wins) that has one, else the organization's, else the default.
import { DEFAULT_ROUNDING, type RoundingSource, sourceLabel } from '../../../shared/rounding.js';
import type { Slip } from '../../../shared/schemas/slip.js';
import type { Queryable } from '../../platform/records.js';

/** The agreement services that carry a rule, with their organization and name (a SQL query). */
export const RULED_SERVICES = `SELECT rs.id, ra.organization_id AS org_id, rs.start_date, rs.end_date,
         rs.rounding_minimum, rs.rounding_increment, rst.name AS service_name
    FROM agreements ra
    JOIN agreement_services rs ON rs.agreement_id = ra.id
    JOIN service_types rst ON rst.id = rs.service_type_id
   WHERE ra.status = 'OPEN' AND (rs.rounding_minimum IS NOT NULL OR rs.rounding_increment IS NOT NULL)`;

/**
 * A LEFT JOIN LATERAL giving `alias` the agreement service rule for organization `org` on date `day` (SQL
 * expressions): id, rounding_minimum, rounding_increment, service_name; all null when no service has a rule.
 * `services` is RULED_SERVICES inline (one slip: reached through agreements_org_number_idx and
 * agreement_services_agreement_idx) or the name of a materialized CTE of it (a report's thousands of organization
 * days then probe that short list, not the agreement tables, once each).
 */
export function serviceRuleJoin(
  org: string,
  day: string,
  alias: string,
  services = `(${RULED_SERVICES})`,
): string {
  return `LEFT JOIN LATERAL (
      SELECT rsv.id, rsv.rounding_minimum, rsv.rounding_increment, rsv.service_name
        FROM ${services} rsv
       WHERE rsv.org_id = ${org} AND rsv.start_date <= ${day} AND (rsv.end_date IS NULL OR rsv.end_date >= ${day})
       ORDER BY rsv.start_date DESC, rsv.id DESC
       LIMIT 1) ${alias} ON true`;
}

/**
 * The rule's parts as SQL expressions over the service rule `svc` (serviceRuleJoin) and the organization row `org`:
 * minimum, increment and source ('SERVICE' | 'ORGANIZATION' | 'DEFAULT'). A part left empty is the default's.
 */
export function ruleColumns(svc: string, org: string) {
  const orgHasRule = `(${org}.rounding_minimum IS NOT NULL OR ${org}.rounding_increment IS NOT NULL)`;
  const part = (column: string, fallback: number) =>
    `(CASE WHEN ${svc}.id IS NOT NULL THEN COALESCE(${svc}.${column}, ${fallback})
           WHEN ${orgHasRule} THEN COALESCE(${org}.${column}, ${fallback}) ELSE ${fallback} END)`;
  return {
    minimum: part('rounding_minimum', DEFAULT_ROUNDING.minimum),
    increment: part('rounding_increment', DEFAULT_ROUNDING.increment),
    source: `(CASE WHEN ${svc}.id IS NOT NULL THEN 'SERVICE' WHEN ${orgHasRule} THEN 'ORGANIZATION' ELSE 'DEFAULT' END)`,
  };
}

/** sourceLabel (rounding.ts) in SQL: of the rule source, organization name and service name (SQL expressions). */
export const sourceLabelSql = (source: string, organization: string, service: string) =>
  `(CASE ${source} WHEN 'SERVICE' THEN btrim(${organization} || ' agreement service ' || COALESCE(${service}, ''))
                   WHEN 'ORGANIZATION' THEN ${organization} ELSE 'default' END)`;

/**
 * The rule a presented slip `s` carries: a billed slip keeps the rule it was billed by (its billing snapshot), any
 * other the rule in force on its day. `join` goes after the FROM list that has `s` and the organization `org`;
 * `columns` are rounding_minimum, rounding_increment, rounding_source, rounding_service and billed_minutes (the
 * billable minutes billed, null when not billed).
 */
export function slipRuleSql(org: string): { join: string; columns: string } {
  const rule = ruleColumns('rr', org);
  const kept = (column: string, live: string) =>
    `CASE WHEN bsl.slip_id IS NOT NULL THEN bsl.${column} ELSE ${live} END`;
  return {
    join: `${serviceRuleJoin(`${org}.id`, 's.work_date', 'rr')}
    LEFT JOIN billed_slips bsl ON bsl.slip_id = s.id`,
    columns: `${kept('rounding_minimum', rule.minimum)} AS rounding_minimum,
         ${kept('rounding_increment', rule.increment)} AS rounding_increment,
         ${kept('rounding_source', rule.source)} AS rounding_source,
         ${kept('rounding_service', 'rr.service_name')} AS rounding_service,
         bsl.billable_minutes AS billed_minutes`,
  };
}

/** Rounded minutes (rounding.ts `rounded`) of `minutes` under `minimum` and `increment` (SQL integer expressions). */
export const roundedSql = (minutes: string, minimum: string, increment: string) =>
  `(CASE WHEN (${minutes}) <= 0 THEN 0
         ELSE (ceil(GREATEST(${minutes}, ${minimum})::numeric / (${increment})) * (${increment}))::int END)`;

/** Billable minutes (rounding.ts `billable`): rounded × the numeric multiplier, to the minute (half away from 0). */
export const billableSql = (minutes: string, minimum: string, increment: string, multiplier: string) =>
  `round(${roundedSql(minutes, minimum, increment)} * (${multiplier})::numeric)::int`;

/** The rule of organization `org` on `isoDate` (yyyy-MM-dd) as a slip presents it, for a slip not saved yet. */
export async function billingFor(
  db: Queryable,
  org: { id: number; name: string } | null,
  isoDate: string,
): Promise<Slip['billing']> {
  const fallback = { ...DEFAULT_ROUNDING, source: 'DEFAULT' as const };
  const rule = ruleColumns('rr', 'o');
  const { rows } = org
    ? await db.query<{ minimum: number; increment: number; source: RoundingSource; service: string | null }>(
        `SELECT ${rule.minimum} AS minimum, ${rule.increment} AS increment, ${rule.source} AS source,
                rr.service_name AS service
           FROM organizations o ${serviceRuleJoin('o.id', '$2::date', 'rr')}
          WHERE o.id = $1`,
        [org.id, isoDate],
      )
    : { rows: [] };
  const r = rows[0];
  const found = r ? { minimum: r.minimum, increment: r.increment, source: r.source } : fallback;
  return {
    ...found,
    sourceLabel: sourceLabel(found.source, org?.name ?? '', r?.service ?? null),
    explanation: null,
  };
}
