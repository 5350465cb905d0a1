// WIP list: work in progress, the finished time on cases not billed yet, one row per organization and staff member,
// aged by work date (0–30, 31–60, 61–90, 90+ days before today), with the amount it represents by the billing rules
// (queries/billing.ts): what the bill list would charge for it today, the sum of its slips' lines, kept per day
// (billing/wip-days.ts).

import { WIP_AGES } from '../../../../shared/billing.js';
import { formatAmount, formatCount, formatHours } from '../../../../shared/format/figures.js';
import { type ListFilter, param } from '../../../platform/records.js';
import { refreshWipDays } from '../billing/wip-days.js';
import { organizationScope } from '../engine/report-filters.js';
import { daysBefore } from './billing.js';
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

/** The age band (index into WIP_AGES) of work done on `day` (a SQL date), seen on `today`. */
function bandSql(day: string, today: string): string {
  const cases = WIP_AGES.slice(0, -1).map(
    (band, i) => `WHEN ${day} >= ${daysBefore(today, band.to!)} THEN ${i}`,
  );
  return `CASE ${cases.join(' ')} ELSE ${WIP_AGES.length - 1} END`;
}

/**
 * The WITH list ending in `wip`: one row per organization and staff member with unbilled finished time worked up to
 * today, from the kept figures of each day (billing/wip-days.ts: the sums of the slips' lines, brought up to date by
 * the plan's `refresh` before it is read).
 */
function wipRows(ctx: ReportContext, f: ListFilter): string {
  const conditions = [`d.work_date <= ${dateLiteral(ctx.today)}`, ...organizationScope(ctx.query, f)];
  if (ctx.staff) conditions.push(`d.user_id = ${param(f, ctx.staff.id)}`);
  const band = bandSql('d.work_date', ctx.today);
  const bands = WIP_AGES.map(
    (b, i) => `COALESCE(sum(d.minutes) FILTER (WHERE ${band} = ${i}), 0)::int AS ${b.name}`,
  );
  return `wip AS (
      SELECT d.org_id, o.name AS organization, d.user_id, u.first_name || ' ' || u.last_name AS staff,
             min(d.work_date) AS oldest, ${bands.join(', ')}, sum(d.minutes)::int AS minutes,
             sum(d.covered)::int AS covered, sum(d.amount)::numeric(14,2) AS amount
        FROM wip_days d
        JOIN organizations o ON o.id = d.org_id
        JOIN users u ON u.id = d.user_id
       WHERE ${and(conditions)}
       GROUP BY d.org_id, o.name, d.user_id, u.first_name, u.last_name)`;
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
  refresh: (db) => refreshWipDays(db, ctx.defaultRate ?? '0'),
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
