// The billed mark of a case (billed_at, billed_by), as Mark Billed and Undo Billing set it one case at a time and as
// posting or voiding an invoice sets it for the invoice's cases together: the mark, its billing snapshot, the case's
// history and the case.billed / case.unbilled event, all in the caller's transaction.
import type { CaseBilling } from '../../../../shared/billing.js';
import { wallClockOf } from '../../../../shared/format/company-time.js';
import { formatMoney } from '../../../../shared/format/money.js';
import { addToBatch, historyBatch, recordHistoryBatch } from '../../../platform/history.js';
import { loadRecord, type Queryable } from '../../../platform/records.js';
import type { Outbox } from '../../../platform/webhooks/outbox.js';
import { CASE } from '../../case/index.js';
import { NOT_BILLED_CASE } from '../queries/billing.js';
import { type SnapshotTotals, snapshotSql } from './billing-snapshot.js';

export type BilledRow = {
  id: number;
  billed_at: Date | null;
  billed_by: number | null;
  billed_by_name: string | null;
  /** The posted invoice that billed it, "INV-00012" (null: Mark Billed, or not billed). */
  invoice_id: number | null;
};

const BILLED_SELECT = `SELECT c.id, c.billed_at, c.billed_by, u.first_name || ' ' || u.last_name AS billed_by_name,
                              bc.invoice_id
                         FROM cases c LEFT JOIN users u ON u.id = c.billed_by
                         LEFT JOIN billed_cases bc ON bc.case_id = c.id`;

/** Locks the cases (in id order, so two sessions never deadlock) and reads their marks; missing ids are absent. */
export async function lockCases(tx: Queryable, ids: number[]): Promise<BilledRow[]> {
  // Lock first, then read: a session that waited on the lock sees the mark (and who made it) as committed.
  await tx.query('SELECT id FROM cases WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE', [ids]);
  const { rows } = await tx.query<BilledRow>(`${BILLED_SELECT} WHERE c.id = ANY($1::int[]) ORDER BY c.id`, [
    ids,
  ]);
  return rows;
}

export const presentBilling = (row: BilledRow): CaseBilling => ({
  caseId: row.id,
  billedAt: row.billed_at ? row.billed_at.toISOString() : null,
  billedBy: row.billed_by === null ? null : { value: row.billed_by, label: row.billed_by_name ?? '' },
});

/** The mark as history and messages say it: "11/24/2026 by Ann Smith". */
export const markText = (row: BilledRow, timeZone: string) =>
  `${wallClockOf(row.billed_at!, timeZone).date}${row.billed_by_name ? ` by ${row.billed_by_name}` : ''}`;

/** The mark and the amount billed, as the case's history keeps them: "11/24/2026 by Ann Smith: $395.00 (INV-00012)". */
export const billedText = (row: BilledRow, timeZone: string, amount: string | null, invoice?: string) =>
  `${markText(row, timeZone)}${amount === null ? '' : `: ${formatMoney(amount)}`}${invoice ? ` (${invoice})` : ''}`;

/** How many slips of each case are still running (cases with none are absent). */
export async function runningSlips(tx: Queryable, ids: number[]): Promise<Map<number, number>> {
  const { rows } = await tx.query<{ case_id: number; running: number }>(
    `SELECT t.case_id, count(*)::int AS running FROM tasks t JOIN slips s ON s.task_id = t.id
      WHERE t.case_id = ANY($1::int[]) AND s.stop_time IS NULL GROUP BY t.case_id`,
    [ids],
  );
  return new Map(rows.map((r) => [r.case_id, r.running]));
}

/** Sets or clears the mark of the cases and reads them again. */
export async function setMarks(
  tx: Queryable,
  ids: number[],
  billed: boolean,
  actorId: number,
): Promise<BilledRow[]> {
  await tx.query(
    `UPDATE cases SET billed_at = ${billed ? 'now()' : 'NULL'}, billed_by = ${billed ? '$2::int' : 'NULL'},
            version = version + 1, updated_at = now(), updated_by = $2
      WHERE id = ANY($1::int[])`,
    [ids, actorId],
  );
  const { rows } = await tx.query<BilledRow>(`${BILLED_SELECT} WHERE c.id = ANY($1::int[]) ORDER BY c.id`, [
    ids,
  ]);
  return rows;
}

/** case.billed / case.unbilled: the case as GET /api/manage/case/{id} answers it, with its new mark. */
export const emitMark = (tx: Queryable, webhooks: Outbox, id: number, billed: boolean) =>
  webhooks.emit(tx, {
    type: billed ? 'case.billed' : 'case.unbilled',
    entity: `case:${id}`,
    data: () => loadRecord(tx, CASE, id),
  });

/**
 * Snapshots the cases (locked by the caller, none billed, none running) for the invoice `invoiceId` priced with the
 * default `rate`, marks them billed, and writes their history and events. Answers each case's snapshot totals.
 */
export async function billCases(
  tx: Queryable,
  webhooks: Outbox,
  cases: {
    ids: number[];
    rate: string;
    actorId: number;
    invoiceId: number;
    invoiceNumber: string;
    timeZone: string;
  },
): Promise<Map<number, SnapshotTotals>> {
  if (cases.ids.length === 0) return new Map();
  const { rows } = await tx.query<SnapshotTotals>(
    snapshotSql('c.id = ANY($1::int[])', '$2::numeric', '$3::int', NOT_BILLED_CASE),
    [cases.ids, cases.rate, cases.actorId],
  );
  await tx.query('UPDATE billed_cases SET invoice_id = $2 WHERE case_id = ANY($1::int[])', [
    cases.ids,
    cases.invoiceId,
  ]);
  const marked = await setMarks(tx, cases.ids, true, cases.actorId);
  const totals = new Map(rows.map((r) => [r.caseId, r]));
  const history = historyBatch();
  for (const row of marked) {
    const amount = totals.get(row.id)?.amount ?? '0.00';
    addToBatch(history, row.id, 'billed', null, billedText(row, cases.timeZone, amount, cases.invoiceNumber));
  }
  await recordHistoryBatch(tx, 'case', cases.actorId, history);
  for (const id of cases.ids) await emitMark(tx, webhooks, id, true);
  return totals;
}

/** Voiding an invoice: its cases' snapshots deleted and their marks cleared, so the next run bills them again. */
export async function unbillInvoiceCases(
  tx: Queryable,
  webhooks: Outbox,
  invoice: { id: number; number: string; actorId: number; timeZone: string },
): Promise<number[]> {
  const { rows: ids } = await tx.query<{ case_id: number }>(
    'SELECT case_id FROM billed_cases WHERE invoice_id = $1 ORDER BY case_id',
    [invoice.id],
  );
  const caseIds = ids.map((r) => r.case_id);
  if (caseIds.length === 0) return [];
  const before = await lockCases(tx, caseIds);
  const { rows: amounts } = await tx.query<{ case_id: number; amount: string }>(
    'DELETE FROM billed_cases WHERE case_id = ANY($1::int[]) RETURNING case_id, amount::text',
    [caseIds],
  );
  const amountOf = new Map(amounts.map((r) => [r.case_id, r.amount]));
  await setMarks(tx, caseIds, false, invoice.actorId);
  const history = historyBatch();
  for (const row of before)
    addToBatch(
      history,
      row.id,
      'billed',
      billedText(row, invoice.timeZone, amountOf.get(row.id) ?? null, invoice.number),
      null,
    );
  await recordHistoryBatch(tx, 'case', invoice.actorId, history);
  for (const id of caseIds) await emitMark(tx, webhooks, id, false);
  return caseIds;
}
