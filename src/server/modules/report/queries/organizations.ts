// Reports with a row per organization: services activity (agreement services in force in the period and the time
// logged on its cases) and user and device counts (the users and devices counted from the RMM data, beside what the
// organization's agreements bill per user and per device).

import { formatCount, formatHours } from '../../../../shared/format/figures.js';
import { BILLING_FREQUENCIES } from '../../../../shared/schemas/agreement.js';
import { codeLabel } from '../../../../shared/schemas/fields.js';
import { RMM_PLANS } from '../../../../shared/schemas/organization.js';
import type { ListFilter } from '../../../platform/records.js';
import { virtualCondition } from '../../rmm-settings/index.js';
import { organizationScope } from '../engine/report-filters.js';
import { billedNumber, billedUnitsSql } from './billed-units.js';
import {
  and,
  type ColumnSpec,
  col,
  dateLiteral,
  num,
  type PlanBuilder,
  type ReportContext,
  ROWS,
  type SortKey,
} from './plan.js';

const ORG_KEY: SortKey = { sql: 'g.organization', type: 'text' };
const CHART_ORGANIZATIONS = 10;

/**
 * Service rows (kind 0) and one time row (kind 1) per organization with time logged, in the period. Sorted by
 * organization (`lateral`), each organization of the page is looked up on its own through its agreements and cases
 * (their organization indexes), so the first page costs what its few organizations do; otherwise all at once.
 */
function activity(ctx: ReportContext, f: ListFilter, lateral = false): string {
  const period = ctx.period!;
  const [from, to] = [dateLiteral(period.from), dateLiteral(period.to)];
  // A one-time charge belongs to the period of its date only, whatever its end date says.
  const inForce = `s.start_date <= ${to} AND (s.end_date IS NULL OR s.end_date >= ${from})
       AND (s.billing_frequency <> 'ONE_TIME' OR s.start_date >= ${from})
       AND a.start_date <= ${to} AND (a.end_date IS NULL OR a.end_date >= ${from})
       AND (a.status = 'OPEN' OR a.end_date IS NOT NULL)`;
  const service = `0 AS kind, s.id AS row_id, a.number AS agreement,
           st.name || COALESCE(' – ' || NULLIF(s.description, ''), '') AS service, s.quantity, s.unit_price,
           s.billing_frequency, s.start_date, s.end_date, s.covered_hours, NULL::int AS minutes
      FROM agreement_services s
      JOIN agreements a ON a.id = s.agreement_id
      JOIN service_types st ON st.id = s.service_type_id`;
  const time = `1 AS kind, 0 AS row_id, NULL::text AS agreement, 'Time logged' AS service, NULL::numeric AS quantity,
           NULL::numeric AS unit_price, NULL::text AS billing_frequency, NULL::date AS start_date,
           NULL::date AS end_date, NULL::numeric AS covered_hours,
           round(sum(extract(epoch FROM sl.stop_time - sl.start_time)) / 60)::int AS minutes
      FROM slips sl
      JOIN tasks tk ON tk.id = sl.task_id
      JOIN cases c ON c.id = tk.case_id`;
  const logged = `sl.work_date BETWEEN ${from} AND ${to} AND sl.stop_time IS NOT NULL`;
  if (lateral)
    return `
    SELECT o.id AS org_id, o.name AS organization, x.*
      FROM organizations o CROSS JOIN LATERAL (
        SELECT ${service} WHERE a.organization_id = o.id AND ${inForce}
        UNION ALL
        SELECT * FROM (SELECT ${time} WHERE c.organization_id = o.id AND ${logged}) m WHERE m.minutes IS NOT NULL) x
     WHERE ${and(organizationScope(ctx.query, f))}`;
  return `
    SELECT o.id AS org_id, o.name AS organization, ${service}
      JOIN organizations o ON o.id = a.organization_id
     WHERE ${and(organizationScope(ctx.query, f))} AND ${inForce}
    UNION ALL
    SELECT o.id, o.name, ${time}
      JOIN organizations o ON o.id = c.organization_id
     WHERE ${and(organizationScope(ctx.query, f))} AND ${logged}
     GROUP BY o.id, o.name`;
}

const dateColumn = (name: string, title: string, column: string): ColumnSpec => ({
  name,
  title,
  kind: 'date',
  sql: `to_char(${column}, 'YYYY-MM-DD')`,
});

export const servicesActivityPlan: PlanBuilder = (ctx) => ({
  tieBreak: [
    { sql: 'g.org_id', type: 'int' },
    { sql: 'g.kind', type: 'int' },
    { sql: 'g.row_id', type: 'int' },
  ],
  defaultSort: { field: 'organization', dir: 'asc' },
  columns: [
    {
      name: 'organization',
      title: 'Organization',
      kind: 'text',
      sql: 'g.organization',
      sortable: true,
      keys: [ORG_KEY],
    },
    {
      name: 'agreement',
      title: 'Agreement',
      kind: 'text',
      sql: 'g.agreement',
      sortable: true,
      keys: [{ sql: `COALESCE(g.agreement, '')`, type: 'text' }, ORG_KEY],
    },
    {
      name: 'service',
      title: 'Service',
      kind: 'text',
      sql: 'g.service',
      sortable: true,
      keys: [{ sql: 'g.service', type: 'text' }, ORG_KEY],
    },
    {
      name: 'quantity',
      title: 'Quantity',
      kind: 'number',
      sql: 'g.quantity',
      format: (v) => (v === null ? null : Number(v)),
    },
    { name: 'unitPrice', title: 'Unit Price', kind: 'money', sql: 'g.unit_price::text' },
    {
      name: 'frequency',
      title: 'Billing',
      kind: 'text',
      sql: 'g.billing_frequency',
      format: (v) => codeLabel(BILLING_FREQUENCIES, v as string | null),
    },
    dateColumn('start', 'Start', 'g.start_date'),
    dateColumn('end', 'End', 'g.end_date'),
    {
      name: 'coveredHours',
      title: 'Covered Hours',
      kind: 'number',
      sql: 'g.covered_hours',
      format: (v) => (v === null ? null : Number(v)),
    },
    {
      name: 'minutes',
      title: 'Time Logged',
      kind: 'minutes',
      sql: 'g.minutes',
      sortable: true,
      keys: [{ sql: 'COALESCE(g.minutes, -1)', type: 'int' }, ORG_KEY],
    },
  ],
  source: (f, sort) => ({ from: `(${activity(ctx, f, sort?.field === 'organization')}) g`, where: [] }),
  measures: { org_id: 'g.org_id', kind: 'g.kind' },
  summary: () => ({
    sql: `SELECT count(*) AS total, count(*) FILTER (WHERE ${ROWS}.kind = 0) AS services,
                 count(DISTINCT ${ROWS}.org_id) AS organizations, COALESCE(sum(${col('minutes')}), 0) AS minutes,
                 (SELECT json_agg(json_build_array(t.organization, t.minutes))
                    FROM (SELECT t.organization, t.minutes FROM ${ROWS} t WHERE t.kind = 1
                           ORDER BY t.minutes DESC, t.organization LIMIT ${CHART_ORGANIZATIONS}) t) AS top
            FROM ${ROWS}`,
    present: ([r]) => {
      const minutes = num(r?.minutes);
      const top = (r?.top as [string, number][] | null) ?? [];
      return {
        total: num(r?.total),
        figures: [
          { label: 'Organizations', value: formatCount(num(r?.organizations)) },
          { label: 'Services in force', value: formatCount(num(r?.services)) },
          { label: 'Time logged', value: formatHours(minutes) },
        ],
        chart: top.length
          ? {
              title: 'Hours logged by organization',
              kind: 'bar',
              unit: 'minutes',
              data: top.map(([label, m]) => ({ label, value: m })),
            }
          : null,
      };
    },
  }),
});

export const userAndDeviceCountsPlan: PlanBuilder = (ctx) => {
  const lateral = (f: ListFilter) => {
    const next = f.params.length + 1;
    const v = virtualCondition('e', ctx.virtual, next);
    f.params.push(...v.params);
    return `(${v.condition}) IS TRUE`;
  };
  // What the organization's open agreements bill per device and per user: the one definition Annual Update uses.
  const billedUnits = `CROSS JOIN LATERAL (${billedUnitsSql(ctx.today, 'ba.organization_id = o.id')}) bu`;
  const NAME: SortKey = { sql: 'o.name', type: 'text' };
  const count = (name: string, title: string, sql: string, billed = false): ColumnSpec => ({
    name,
    title,
    kind: 'number',
    sql,
    sortable: true,
    keys: [{ sql: `COALESCE(${sql}, -1)`, type: billed ? 'numeric' : 'int' }, NAME],
    ...(billed ? { format: billedNumber } : {}),
  });
  return {
    tieBreak: [{ sql: 'o.id', type: 'int' }],
    defaultSort: { field: 'organization', dir: 'asc' },
    columns: [
      {
        name: 'organization',
        title: 'Organization',
        kind: 'text',
        sql: 'o.name',
        sortable: true,
        keys: [NAME],
      },
      {
        name: 'rmmPlan',
        title: 'RMM Plan',
        kind: 'text',
        sql: 'o.rmm_plan',
        sortable: true,
        keys: [{ sql: `COALESCE(o.rmm_plan, '')`, type: 'text' }, NAME],
        format: (v) => codeLabel(RMM_PLANS, v as string | null),
      },
      count('users', 'Active Users', 'u.users'),
      count('devices', 'Devices', 'd.devices'),
      count('virtualDevices', 'Virtual Devices', 'd.virtual'),
      {
        name: 'billedBy',
        title: 'Billed By',
        kind: 'text',
        sql: `CASE o.rmm_plan WHEN 'RMM_BILL_BY_USER' THEN 'Users' WHEN 'RMM_BILL_BY_DEVICE' THEN 'Devices' END`,
      },
      count('devicesBilled', 'Devices Billed', 'bu.devices_billed', true),
      count('usersBilled', 'Users Billed', 'bu.users_billed', true),
    ],
    source: (f, sort) => {
      const virtual = lateral(f);
      const where = organizationScope(ctx.query, f);
      // Sorted by organization, counted per organization of the page only (people_org_name_idx,
      // equipment_org_name_idx); any other order, and the summary, count every person and device in one pass.
      if (sort?.field === 'organization')
        return {
          from: `organizations o
          CROSS JOIN LATERAL (SELECT count(*)::int AS users FROM people p WHERE p.organization_id = o.id AND p.active) u
          CROSS JOIN LATERAL (SELECT n - v AS devices, v AS virtual FROM (
                                SELECT count(*)::int AS n, count(*) FILTER (WHERE ${virtual})::int AS v
                                  FROM equipment e WHERE e.organization_id = o.id AND e.active) z) d
          ${billedUnits}`,
          where,
        };
      const inScope = (column: string) =>
        `${column} IN (SELECT o.id FROM organizations o WHERE ${and(organizationScope(ctx.query, f))})`;
      return {
        from: `organizations o
          LEFT JOIN (SELECT p.organization_id, count(*)::int AS users FROM people p
                      WHERE p.active AND ${inScope('p.organization_id')} GROUP BY 1) uc ON uc.organization_id = o.id
          LEFT JOIN (SELECT e.organization_id, count(*)::int AS n, count(*) FILTER (WHERE ${virtual})::int AS v
                       FROM equipment e WHERE e.active AND ${inScope('e.organization_id')} GROUP BY 1) dc
                 ON dc.organization_id = o.id
          CROSS JOIN LATERAL (SELECT COALESCE(uc.users, 0) AS users) u
          CROSS JOIN LATERAL (SELECT COALESCE(dc.n - dc.v, 0) AS devices, COALESCE(dc.v, 0) AS virtual) d
          ${billedUnits}`,
        where,
      };
    },
    summary: () => {
      return {
        sql: `SELECT count(*) AS total, COALESCE(sum(${col('users')}), 0) AS users,
                     COALESCE(sum(${col('devices')}), 0) AS devices,
                     COALESCE(sum(${col('virtualDevices')}), 0) AS virtual,
                     COALESCE(sum(${col('usersBilled')}), 0) AS billed_users,
                     COALESCE(sum(${col('devicesBilled')}), 0) AS billed_devices
                FROM ${ROWS}`,
        present: ([r]) => ({
          total: num(r?.total),
          figures: [
            { label: 'Organizations', value: formatCount(num(r?.total)) },
            { label: 'Active users', value: formatCount(num(r?.users)) },
            { label: 'Devices', value: formatCount(num(r?.devices)) },
            { label: 'Virtual devices (not billed)', value: formatCount(num(r?.virtual)) },
            { label: 'Billed users', value: formatCount(num(r?.billed_users)) },
            { label: 'Billed devices', value: formatCount(num(r?.billed_devices)) },
          ],
          chart: null,
        }),
      };
    },
  };
};
