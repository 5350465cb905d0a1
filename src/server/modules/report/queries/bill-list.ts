// Bill list: the cases (invoices) with finished time in the period, one row per case with all its time priced by
// the billing rules (queries/billing.ts, read from the kept figures of time not billed: billing/wip-days.ts): hours by
// task and multiplier, block hours covered, the amount; billed ones with their mark, their figures read from their
// billing snapshot. A case is billed as a whole, so its amount counts
// every finished slip, not only the period's. The amount is the sum of the case's lines (one per slip, each rounded
// to the cent); the detail gives actual and billable hours and the amount per task and multiplier, which add up to
// it, and the lines call (billing.routes.ts) each slip.
import { formatAmount, formatCount, formatHours } from '../../../../shared/format/figures.js';
import { WORK_STATUSES } from '../../../../shared/schemas/case.js';
import { codeLabel } from '../../../../shared/schemas/fields.js';
import { type ListFilter, param } from '../../../platform/records.js';
import { keptPricedSql, refreshWipDays } from '../billing/wip-days.js';
import { organizationScope } from '../engine/report-filters.js';
import { PRICED_TOTALS } from './billing.js';
import {
  and,
  type ColumnSpec,
  dateLiteral,
  num,
  type PlanBuilder,
  type ReportContext,
  type SortKey,
} from './plan.js';

const CASE_KEY: SortKey = { sql: 'b.case_id', type: 'int' };
const CHART_ORGANIZATIONS = 10;

/** The WITH list ending in `bill`: one row per listed case with its totals, detail and billed mark. */
function billRows(ctx: ReportContext, f: ListFilter): string {
  const period = ctx.period!;
  const [from, to] = [dateLiteral(period.from), dateLiteral(period.to)];
  const billed =
    ctx.query.billed === 'unbilled'
      ? ['c.billed_at IS NULL']
      : ctx.query.billed === 'billed'
        ? ['c.billed_at IS NOT NULL']
        : [];
  const inPeriod = `EXISTS (SELECT 1 FROM tasks pt JOIN slips ps ON ps.task_id = pt.id
                             WHERE pt.case_id = c.id AND ps.work_date BETWEEN ${from} AND ${to}
                               AND ps.stop_time IS NOT NULL)`;
  const cases = `SELECT c.id FROM cases c JOIN organizations o ON o.id = c.organization_id
                  WHERE ${and([...organizationScope(ctx.query, f), ...billed, inPeriod])}`;
  const tz = param(f, ctx.timeZone);
  return `listed_cases AS (${cases}), ${keptPricedSql('SELECT id FROM listed_cases')},
    lines AS (
      SELECT p.case_id, p.task_id, p.multi, sum(p.minutes)::int AS minutes, sum(p.billable)::int AS billable,
             sum(p.covered)::int AS covered, sum(p.amount) AS amount
        FROM priced p GROUP BY p.case_id, p.task_id, p.multi),
    details AS (
      SELECT l.case_id,
             json_agg(json_build_array(t.title, l.minutes, l.billable, l.covered, l.multi::text, l.amount::text)
                      ORDER BY t.title, t.id, l.multi) AS detail
        -- Each line's task by its key (OFFSET 0: not a hash of every task for a batch's few lines).
        FROM lines l CROSS JOIN LATERAL (SELECT t.id, t.title FROM tasks t WHERE t.id = l.task_id OFFSET 0) t
       GROUP BY l.case_id),
    totals AS (
      SELECT p.case_id, max(p.last_date) AS last_work, ${PRICED_TOTALS} FROM priced p GROUP BY p.case_id),
    bill AS (
      SELECT c.id AS case_id, o.id AS org_id, o.name AS organization, '#' || c.id || ' ' || c.title AS case_title,
             c.status, tt.last_work, d.detail, tt.minutes, tt.no_charge, tt.covered, tt.billable, tt.rate, tt.amount,
             c.billed_at,
             CASE WHEN c.billed_at IS NOT NULL THEN
               to_char(c.billed_at AT TIME ZONE ${tz}, 'MM/DD/YYYY')
               || COALESCE(' by ' || bu.first_name || ' ' || bu.last_name, '') END AS billed
        FROM totals tt
        -- By its key, as the details' tasks: not a scan of every case for a batch's few.
        CROSS JOIN LATERAL (
          SELECT c.id, c.title, c.status, c.organization_id, c.billed_at, c.billed_by FROM cases c
           WHERE c.id = tt.case_id OFFSET 0) c
        JOIN organizations o ON o.id = c.organization_id
        JOIN details d ON d.case_id = tt.case_id
        LEFT JOIN users bu ON bu.id = c.billed_by)`;
}

/** A line of the detail: task, actual, billable and covered minutes, multiplier, amount (from `details`). */
type DetailLine = [string, number, number, number, string, string];

/**
 * "Printer Not Printing — 1:30 worked → 1:45 billable at 1x: $262.50", a line per task and multiplier; block hours
 * used are said ("…, 1:00 block hours: $…"). The amounts add up to the case's.
 */
export function detailText(lines: DetailLine[] | null): string {
  return (lines ?? [])
    .map(([task, minutes, billable, covered, multi, amount]) => {
      const block = covered > 0 ? `, ${formatHours(covered)} block hours` : '';
      const times = `${formatHours(minutes)} worked → ${formatHours(billable)} billable`;
      return `${task} — ${times} at ${Number(multi)}x${block}: ${formatAmount(amount)}`;
    })
    .join('\n');
}

const minutesColumn = (name: string, title: string, column: string, sortable = false): ColumnSpec => ({
  name,
  title,
  kind: 'minutes',
  sql: column,
  ...(sortable ? { sortable, keys: [{ sql: column, type: 'int' as const }] } : {}),
});

export const billListPlan: PlanBuilder = (ctx) => ({
  tieBreak: [CASE_KEY],
  defaultSort: { field: 'organization', dir: 'asc' },
  columns: [
    {
      name: 'organization',
      title: 'Organization',
      kind: 'text',
      sql: 'b.organization',
      sortable: true,
      keys: [{ sql: 'b.organization', type: 'text' }],
    },
    { name: 'case', title: 'Case', kind: 'text', sql: 'b.case_title', sortable: true, keys: [] },
    { name: 'caseId', title: 'Case Id', kind: 'number', sql: 'b.case_id', hidden: true },
    {
      name: 'status',
      title: 'Status',
      kind: 'text',
      sql: 'b.status',
      format: (v) => codeLabel(WORK_STATUSES, v as string | null),
    },
    {
      name: 'lastWork',
      title: 'Last Work',
      kind: 'date',
      sql: `to_char(b.last_work, 'YYYY-MM-DD')`,
      sortable: true,
      keys: [{ sql: 'b.last_work', type: 'date' }],
    },
    {
      name: 'detail',
      title: 'Hours by Task and Multiplier',
      kind: 'text',
      sql: 'b.detail',
      format: (v) => detailText(v as DetailLine[] | null),
    },
    minutesColumn('minutes', 'Hours', 'b.minutes', true),
    minutesColumn('noCharge', 'No Charge', 'b.no_charge'),
    minutesColumn('covered', 'Block Hours', 'b.covered'),
    minutesColumn('billable', 'Billable Hours', 'b.billable'),
    { name: 'rate', title: 'Rate', kind: 'money', sql: 'b.rate::text' },
    {
      name: 'amount',
      title: 'Amount',
      kind: 'money',
      sql: 'b.amount::text',
      sortable: true,
      keys: [{ sql: 'b.amount', type: 'numeric' }],
    },
    {
      name: 'billed',
      title: 'Billed',
      kind: 'text',
      sql: 'b.billed',
      sortable: true,
      keys: [{ sql: `COALESCE(b.billed_at, '-infinity'::timestamptz)`, type: 'timestamptz' }],
    },
  ],
  combined: true,
  cutRows: 'bill',
  refresh: (db) => refreshWipDays(db, ctx.defaultRate ?? '0'),
  source: (f) => ({ with: billRows(ctx, f), from: 'bill b', where: [] }),
  summary: () => ({
    sql: `SELECT count(*) AS total, count(DISTINCT org_id) AS organizations,
                 COALESCE(sum(minutes), 0) AS minutes, COALESCE(sum(covered), 0) AS covered,
                 COALESCE(sum(billable), 0) AS billable, COALESCE(sum(no_charge), 0) AS no_charge,
                 COALESCE(sum(amount), 0)::text AS amount,
                 (SELECT json_agg(json_build_array(t.organization, t.amount))
                    FROM (SELECT organization, sum(amount)::text AS amount FROM bill GROUP BY org_id, organization
                           ORDER BY sum(amount) DESC, organization LIMIT ${CHART_ORGANIZATIONS}) t) AS top
            FROM bill`,
    present: ([r]) => {
      const top = (r?.top as [string, string][] | null) ?? [];
      return {
        total: num(r?.total),
        figures: [
          { label: 'Cases', value: formatCount(num(r?.total)) },
          { label: 'Organizations', value: formatCount(num(r?.organizations)) },
          { label: 'Hours', value: formatHours(num(r?.minutes)) },
          { label: 'Covered by block hours', value: formatHours(num(r?.covered)) },
          { label: 'Billable hours', value: formatHours(num(r?.billable)) },
          { label: 'No charge', value: formatHours(num(r?.no_charge)) },
          { label: 'Amount', value: formatAmount(String(r?.amount ?? '0')) },
        ],
        chart: top.length
          ? {
              title: 'Amount by organization',
              kind: 'bar',
              unit: 'money',
              data: top.map(([label, amount]) => ({ label, value: Number(amount) })),
            }
          : null,
      };
    },
  }),
});
