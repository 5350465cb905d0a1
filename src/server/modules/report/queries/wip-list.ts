// WIP list: work in progress, the finished time on cases not billed yet, one row per organization and staff member,
// aged by work date (0–30, 31–60, 61–90, 90+ days before today), with the amount it represents by the billing rules
// (queries/billing.ts): what the bill list would charge for it today, the sum of its slips' lines.

import { WIP_AGES } from '../../../../shared/billing.js';
import { formatAmount, formatCount, formatHours } from '../../../../shared/format/figures.js';
import { type ListFilter, param } from '../../../platform/records.js';
import { organizationScope } from '../engine/report-filters.js';
import { daysBefore, defaultRateParam, PRICED_TOTALS, pricedSlips } from './billing.js';
import {
  and,
  type ColumnSpec,
  dateLiteral,
  num,
  type PlanBuilder,
  type ReportContext,
  type SortKey,
} from './plan.js';

const ORG_KEY: SortKey = { sql: 'w.organization', type: 'text' };

/** The age band (index into WIP_AGES) of slip `s`, seen on `today`. */
function bandSql(today: string): string {
  const cases = WIP_AGES.slice(0, -1).map(
    (band, i) => `WHEN s.work_date >= ${daysBefore(today, band.to!)} THEN ${i}`,
  );
  return `CASE ${cases.join(' ')} ELSE ${WIP_AGES.length - 1} END`;
}

/** The WITH list ending in `wip`: one row per organization and staff member with unbilled finished time. */
function wipRows(ctx: ReportContext, f: ListFilter): string {
  const conditions = [
    'c.billed_at IS NULL',
    ...organizationScope(ctx.query, f),
    `s.work_date <= ${dateLiteral(ctx.today)}`,
  ];
  if (ctx.staff) conditions.push(`s.user_id = ${param(f, ctx.staff.id)}`);
  const listed = {
    from: `cases c JOIN organizations o ON o.id = c.organization_id
           JOIN tasks t ON t.case_id = c.id JOIN slips s ON s.task_id = t.id`,
    where: and(conditions),
  };
  const groups = [
    // Named apart from the lines' own user_id: priced rows are grouped by it.
    { name: 'staff_id', sql: 's.user_id' },
    { name: 'band', sql: bandSql(ctx.today) },
  ];
  const bands = WIP_AGES.map(
    (band, i) => `COALESCE(sum(p.minutes) FILTER (WHERE p.band = ${i}), 0)::int AS ${band.name}`,
  );
  return `${pricedSlips(listed, groups, defaultRateParam(f, ctx.defaultRate ?? '0'))},
    wip AS (
      SELECT p.org_id, o.name AS organization, p.staff_id AS user_id, u.first_name || ' ' || u.last_name AS staff,
             min(p.first_date) AS oldest, ${bands.join(', ')}, ${PRICED_TOTALS}
        FROM priced p
        JOIN organizations o ON o.id = p.org_id
        JOIN users u ON u.id = p.staff_id
       GROUP BY p.org_id, o.name, p.staff_id, u.first_name, u.last_name)`;
}

const minutesColumn = (name: string, title: string): ColumnSpec => ({
  name,
  title,
  kind: 'minutes',
  sql: `w.${name.toLowerCase()}`,
  sortable: true,
  keys: [{ sql: `w.${name.toLowerCase()}`, type: 'int' }, ORG_KEY],
});

export const wipListPlan: PlanBuilder = (ctx) => ({
  tieBreak: [
    { sql: 'w.org_id', type: 'int' },
    { sql: 'w.user_id', type: 'int' },
  ],
  defaultSort: { field: 'organization', dir: 'asc' },
  columns: [
    {
      name: 'organization',
      title: 'Organization',
      kind: 'text',
      sql: 'w.organization',
      sortable: true,
      keys: [ORG_KEY],
    },
    {
      name: 'staff',
      title: 'Staff',
      kind: 'text',
      sql: 'w.staff',
      sortable: true,
      keys: [{ sql: 'w.staff', type: 'text' }, ORG_KEY],
    },
    { name: 'staffId', title: 'Staff Id', kind: 'number', sql: 'w.user_id', hidden: true },
    {
      name: 'oldest',
      title: 'Oldest Work',
      kind: 'date',
      sql: `to_char(w.oldest, 'YYYY-MM-DD')`,
      sortable: true,
      keys: [{ sql: 'w.oldest', type: 'date' }],
    },
    ...WIP_AGES.map((band) => minutesColumn(band.name, band.title)),
    minutesColumn('minutes', 'Hours'),
    { name: 'covered', title: 'Block Hours', kind: 'minutes', sql: 'w.covered' },
    {
      name: 'amount',
      title: 'Amount',
      kind: 'money',
      sql: 'w.amount::text',
      sortable: true,
      keys: [{ sql: 'w.amount', type: 'numeric' }, ORG_KEY],
    },
  ],
  combined: true,
  cutRows: 'wip',
  source: (f) => ({ with: wipRows(ctx, f), from: 'wip w', where: [] }),
  summary: () => ({
    sql: `SELECT count(*) AS total, count(DISTINCT org_id) AS organizations, count(DISTINCT user_id) AS staff,
                 ${WIP_AGES.map((b) => `COALESCE(sum(${b.name}), 0) AS ${b.name}`).join(', ')},
                 COALESCE(sum(minutes), 0) AS minutes, COALESCE(sum(amount), 0)::text AS amount
            FROM wip`,
    present: ([r]) => {
      const over90 = num(r?.ageover90);
      return {
        total: num(r?.total),
        figures: [
          { label: 'Organizations', value: formatCount(num(r?.organizations)) },
          { label: 'Staff', value: formatCount(num(r?.staff)) },
          { label: 'Hours not billed', value: formatHours(num(r?.minutes)) },
          { label: 'Amount', value: formatAmount(String(r?.amount ?? '0')) },
          { label: 'Older than 90 days', value: formatHours(over90), tone: over90 > 0 ? 'bad' : 'good' },
        ],
        chart: {
          title: 'Hours not billed by age',
          kind: 'bar',
          unit: 'minutes',
          data: WIP_AGES.map((b, i) => ({
            label: b.title,
            value: num(r?.[b.name.toLowerCase()]),
            tone: i === WIP_AGES.length - 1 ? 'bad' : i === 2 ? 'warning' : 'neutral',
          })),
        },
      };
    },
  }),
});
