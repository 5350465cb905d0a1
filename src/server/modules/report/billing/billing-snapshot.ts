// The billing snapshot: what Mark Billed stores (each slip's line and the case's amount) by the same SQL the bill list
// prices with (queries/billing.ts), what Undo Billing deletes, and a case's lines as the bill list's drill-down and
// the month-end invoices read them.
import { BILLING_SETTINGS_DEFAULTS, type BillLine, type BillLines } from '../../../../shared/billing.js';
import { explainBillable, type RoundingSource } from '../../../../shared/rounding.js';
import type { Queryable } from '../../../platform/records.js';
import { NOT_BILLED_CASE, pricedSlips } from '../queries/billing.js';
import { BILLING_KEY } from './billing-settings.service.js';

/** Every finished slip of the cases `c` (their tasks `t`, slips `s`), for pricedSlips. */
export const CASE_SLIPS = 'cases c JOIN tasks t ON t.case_id = c.id JOIN slips s ON s.task_id = t.id';

/** A case is priced from its snapshot once it has one; the cases billed before snapshots existed had none. */
export const NO_SNAPSHOT = 'NOT EXISTS (SELECT 1 FROM billed_cases nbc WHERE nbc.case_id = c.id)';

/** The billing settings' default hourly rate in SQL, as billing-settings.service.ts reads it. */
export const SETTINGS_RATE_SQL = `COALESCE((SELECT (value->>'defaultHourlyRate')::numeric FROM settings
                                            WHERE key = '${BILLING_KEY}'),
                                           ${BILLING_SETTINGS_DEFAULTS.defaultHourlyRate})`;

export type SnapshotTotals = {
  caseId: number;
  minutes: number;
  billable: number;
  covered: number;
  /** Decimal text, "395.00": the sum of the lines. */
  amount: string;
};

/**
 * The statement that snapshots the cases `where` (a condition over case `c`), priced with the default `rate` (SQL)
 * and with the cases `live` priced now: it inserts their lines and a header each, and returns the headers.
 */
export function snapshotSql(where: string, rate: string, actor: string, live = NOT_BILLED_CASE): string {
  return `WITH ${pricedSlips({ from: CASE_SLIPS, where }, [], rate, live)},
    heads AS (
      INSERT INTO billed_cases (case_id, organization_id, minutes, billable_minutes, covered_minutes, amount,
                                default_rate, created_by)
      SELECT sl.case_id, sl.org_id, sum(sl.minutes), sum(sl.billable), sum(sl.covered), sum(sl.amount), ${rate},
             ${actor}
        FROM slip_lines sl GROUP BY sl.case_id, sl.org_id
      RETURNING case_id, minutes, billable_minutes, covered_minutes, amount::text),
    lines AS (
      INSERT INTO billed_slips (slip_id, case_id, organization_id, task_id, user_id, work_date, minutes,
                                billable_minutes, multiplier, covered_minutes, rate, rounding_minimum,
                                rounding_increment, rounding_source, rounding_service, rounding_label, amount)
      SELECT sl.id, sl.case_id, sl.org_id, sl.task_id, sl.user_id, sl.work_date, sl.minutes, sl.billable, sl.multi,
             sl.covered, sl.rate, sl.minimum, sl.increment, sl.source, sl.service, sl.label, sl.amount
        FROM slip_lines sl)
    SELECT case_id AS "caseId", minutes, billable_minutes AS billable, covered_minutes AS covered, amount
      FROM heads ORDER BY case_id`;
}

/** Mark Billed: snapshots one case not billed yet; null when it has no finished time. */
export async function snapshotCase(
  tx: Queryable,
  caseId: number,
  rate: string,
  actorId: number,
): Promise<SnapshotTotals | null> {
  const { rows } = await tx.query<SnapshotTotals>(snapshotSql('c.id = $1', '$2::numeric', '$3::int'), [
    caseId,
    rate,
    actorId,
  ]);
  return rows[0] ?? null;
}

/** Organizations snapshotted by one statement of snapshotBilledCases. */
const SNAPSHOT_BATCH = 50;

/**
 * Snapshots every billed case that has none (the demo data and benches mark cases billed in bulk), as the bill list
 * priced them before they had a snapshot. A batch of organizations per statement: a case is priced within its
 * organization (its rates, rules and block hours), so batches price as one statement would; one statement over
 * 4,500,000 slips sorted and hashed more than 70 GB on disk and stopped with the disk full.
 */
export async function snapshotBilledCases(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT DISTINCT c.organization_id AS id FROM cases c WHERE c.billed_at IS NOT NULL AND ${NO_SNAPSHOT} ORDER BY 1`,
  );
  let snapshotted = 0;
  for (let i = 0; i < rows.length; i += SNAPSHOT_BATCH) {
    const ids = rows.slice(i, i + SNAPSHOT_BATCH).map((r) => r.id);
    const { rowCount } = await db.query(
      snapshotSql(
        'c.billed_at IS NOT NULL AND c.organization_id = ANY($1::int[])',
        SETTINGS_RATE_SQL,
        'NULL::int',
        NO_SNAPSHOT,
      ),
      [ids],
    );
    snapshotted += rowCount ?? 0;
  }
  return snapshotted;
}

/** Undo Billing: the snapshot's amount, deleted with its lines; null when there was none. */
export async function deleteSnapshot(tx: Queryable, caseId: number): Promise<string | null> {
  const { rows } = await tx.query<{ amount: string }>(
    'DELETE FROM billed_cases WHERE case_id = $1 RETURNING amount::text',
    [caseId],
  );
  return rows[0]?.amount ?? null;
}

type LineRow = {
  id: number;
  date: string;
  start_time: string;
  stop_time: string;
  staff: string;
  task: string;
  minutes: number;
  billable: number;
  covered: number;
  multi: string;
  rate: string;
  amount: string;
  minimum: number;
  increment: number;
  source: RoundingSource;
  label: string;
};

type TotalsRow = { lines: number; minutes: number; billable: number; covered: number; amount: string };

const presentLine = (r: LineRow): BillLine => {
  const multiplier = Number(r.multi);
  const rule = { minimum: r.minimum, increment: r.increment };
  return {
    slip: r.id,
    date: r.date,
    startTime: r.start_time,
    stopTime: r.stop_time,
    staff: r.staff,
    task: r.task,
    minutes: r.minutes,
    billableMinutes: r.billable,
    coveredMinutes: r.covered,
    multiplier: String(multiplier),
    rate: r.rate,
    amount: r.amount,
    rule: { ...rule, source: r.source, sourceLabel: r.label },
    explanation: explainBillable(r.minutes, rule, multiplier, r.label),
  };
};

/**
 * A case's lines in work order (a page of them from `start`) and their totals: from its snapshot when it is billed,
 * else priced now by the rule the bill list prices with.
 */
export async function caseLines(
  db: Queryable,
  caseId: number,
  rate: string,
  page: { start: number; limit: number },
): Promise<Omit<BillLines, 'caseId' | 'billed'>> {
  const { rows } = await db.query<{ items: LineRow[] | null; totals: TotalsRow }>(
    `WITH ${pricedSlips({ from: CASE_SLIPS, where: 'c.id = $1', billed: true }, [], '$2::numeric')}
     SELECT (SELECT json_agg(p ORDER BY p.work_date, p.start_time, p.id) FROM (
               SELECT sl.id, to_char(sl.work_date, 'MM/DD/YYYY') AS date, sl.work_date,
                      to_char(s.start_time, 'HH24:MI') AS start_time, to_char(s.stop_time, 'HH24:MI') AS stop_time,
                      u.first_name || ' ' || u.last_name AS staff, t.title AS task, sl.minutes, sl.billable,
                      sl.covered, sl.multi::text AS multi, sl.rate::text AS rate, sl.amount::text AS amount,
                      sl.minimum, sl.increment, sl.source, sl.label
                 FROM slip_lines sl JOIN slips s ON s.id = sl.id JOIN tasks t ON t.id = sl.task_id
                 JOIN users u ON u.id = sl.user_id
                ORDER BY sl.work_date, s.start_time, sl.id LIMIT $4 OFFSET $3) p) AS items,
            (SELECT json_build_object('lines', count(*), 'minutes', COALESCE(sum(minutes), 0),
                                      'billable', COALESCE(sum(billable), 0), 'covered', COALESCE(sum(covered), 0),
                                      'amount', COALESCE(sum(amount), 0)::numeric(14,2)::text)
               FROM slip_lines) AS totals`,
    [caseId, rate, page.start, page.limit],
  );
  const r = rows[0]!;
  return {
    items: (r.items ?? []).map(presentLine),
    total: r.totals.lines,
    totals: {
      minutes: r.totals.minutes,
      billableMinutes: r.totals.billable,
      coveredMinutes: r.totals.covered,
      amount: r.totals.amount,
    },
  };
}
