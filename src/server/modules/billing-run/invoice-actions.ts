// What a biller does to an invoice, each in one transaction with its history: change, add and remove lines of a
// draft; approve it and take the approval back; post it (a gapless number, its cases billed by the snapshot the
// bill list prices with, every figure checked against the draft); void a posted one with a credit note.
import { companyToday } from '../../../shared/format/company-time.js';
import { toHundredths } from '../../../shared/format/money.js';
import {
  type AddLineBody,
  ALREADY_POSTED,
  caseBilledElsewhere,
  caseChanged,
  caseRunning,
  centsText,
  type EditLineBody,
  INVOICE_EMPTY,
  INVOICE_NEGATIVE,
  INVOICE_NOT_APPROVED,
  INVOICE_NOT_POSTED,
  INVOICE_VOID,
  type InvoiceKind,
  invoiceNumberText,
  LINE_NOT_ON_INVOICE,
  lineCents,
  lineField,
  PAYMENT_TERMS_DAYS,
  VOID_REASON,
} from '../../../shared/schemas/billing-run.js';
import { badRequest, conflict, fieldError } from '../../platform/errors.js';
import { type Change, recordHistory } from '../../platform/history.js';
import type { Queryable } from '../../platform/records.js';
import type { Outbox } from '../../platform/webhooks/outbox.js';
import { billCases, loadDefaultRate, lockCases, runningSlips, unbillInvoiceCases } from '../report/index.js';
import {
  type InvoiceRow,
  lineText,
  numberOf,
  presentInvoice,
  readInvoice,
  readLines,
  requireDraft,
} from './invoice.service.js';

export type Actor = { id: number; timeZone: string };

const history = (tx: Queryable, invoiceId: number, actor: Actor, changes: Change[]) =>
  recordHistory(tx, { entity: 'invoice', entityId: invoiceId, actorId: actor.id, changes });

/** Bumps the invoice's version with `set` (which may name $3… from `values`; $2 is the actor). */
const touch = (tx: Queryable, id: number, actor: Actor, set = '', values: unknown[] = []) =>
  tx.query(
    `UPDATE invoices SET ${set}version = version + 1, updated_at = now(), updated_by = $2 WHERE id = $1`,
    [id, actor.id, ...values],
  );

const stale = async (tx: Queryable, row: InvoiceRow, message: string) =>
  conflict(message, { invoice: presentInvoice(row, await readLines(tx, row.id)) });

// ---- lines ----

export async function addLine(
  tx: Queryable,
  row: InvoiceRow,
  body: AddLineBody,
  actor: Actor,
): Promise<void> {
  await requireDraft(tx, row);
  const amount = lineCents(body.quantity!, body.unitPrice!, null, body.kind === 'CREDIT');
  const { rows } = await tx.query<{ position: number }>(
    `INSERT INTO invoice_lines (invoice_id, position, kind, description, quantity, unit_price, amount_cents)
     SELECT $1, COALESCE(max(position), 0) + 1, $2, $3, $4, $5, $6 FROM invoice_lines WHERE invoice_id = $1
     RETURNING position`,
    [row.id, body.kind, body.description, body.quantity, body.unitPrice, amount.toString()],
  );
  const values = {
    description: body.description,
    quantity: body.quantity!,
    unitPrice: body.unitPrice!,
    amount: centsText(amount),
  };
  await touch(tx, row.id, actor);
  await history(tx, row.id, actor, [
    { field: lineField(rows[0]!.position, 'Line'), oldValue: null, newValue: lineText(values) },
  ]);
}

async function lineOf(tx: Queryable, row: InvoiceRow, lineId: number) {
  const line = (await readLines(tx, row.id)).find((l) => l.id === lineId);
  if (!line) throw badRequest({}, [LINE_NOT_ON_INVOICE]);
  return line;
}

/** Changes a line's description, quantity or price; the first change keeps the line as drafted. */
export async function editLine(
  tx: Queryable,
  row: InvoiceRow,
  lineId: number,
  body: EditLineBody,
  actor: Actor,
): Promise<void> {
  await requireDraft(tx, row);
  const line = await lineOf(tx, row, lineId);
  const proration =
    line.prorate_days === null
      ? null
      : { first: line.prorate_first!, last: line.prorate_last!, days: line.prorate_days };
  const amount = lineCents(
    body.quantity!,
    body.unitPrice!,
    proration,
    line.kind === 'CREDIT' || BigInt(line.amount_cents) < 0n,
  );
  const drafted = !['CHARGE', 'CREDIT'].includes(line.kind);
  const original =
    line.original ??
    (drafted
      ? {
          description: line.description,
          quantity: line.quantity,
          unitPrice: line.unit_price,
          amount: centsText(line.amount_cents),
        }
      : null);
  await tx.query(
    `UPDATE invoice_lines SET description = $2, quantity = $3, unit_price = $4, amount_cents = $5, original = $6
      WHERE id = $1`,
    [
      line.id,
      body.description,
      body.quantity,
      body.unitPrice,
      amount.toString(),
      original && JSON.stringify(original),
    ],
  );
  const changes: Change[] = [];
  const field = (name: 'Description' | 'Quantity' | 'Unit Price', before: string, after: string) => {
    if (before !== after)
      changes.push({ field: lineField(line.position, name), oldValue: before, newValue: after });
  };
  field('Description', line.description, body.description);
  field('Quantity', line.quantity, body.quantity!);
  field('Unit Price', line.unit_price, body.unitPrice!);
  if (changes.length === 0) return;
  await touch(tx, row.id, actor);
  await history(tx, row.id, actor, changes);
}

export async function removeLine(
  tx: Queryable,
  row: InvoiceRow,
  lineId: number,
  actor: Actor,
): Promise<void> {
  await requireDraft(tx, row);
  const line = await lineOf(tx, row, lineId);
  await tx.query('DELETE FROM invoice_lines WHERE id = $1', [line.id]);
  await tx.query('UPDATE invoice_lines SET position = position - 1 WHERE invoice_id = $1 AND position > $2', [
    row.id,
    line.position,
  ]);
  await touch(tx, row.id, actor);
  const values = {
    description: line.description,
    quantity: line.quantity,
    unitPrice: line.unit_price,
    amount: centsText(line.amount_cents),
  };
  await history(tx, row.id, actor, [
    { field: lineField(line.position, 'Line'), oldValue: lineText(values), newValue: null },
  ]);
}

// ---- approval ----

export async function approve(tx: Queryable, row: InvoiceRow, actor: Actor): Promise<void> {
  await requireDraft(tx, row);
  if (row.lines === 0) throw badRequest({}, [INVOICE_EMPTY]);
  if (BigInt(row.cents) < 0n) throw badRequest({}, [INVOICE_NEGATIVE]);
  await touch(tx, row.id, actor, `status = 'APPROVED', approved_at = now(), approved_by = $2, `);
  await history(tx, row.id, actor, [{ field: 'status', oldValue: 'Draft', newValue: 'Approved' }]);
}

export async function unapprove(tx: Queryable, row: InvoiceRow, actor: Actor): Promise<void> {
  if (row.status !== 'APPROVED' || row.kind !== 'INVOICE')
    throw await stale(tx, row, row.status === 'DRAFT' ? INVOICE_NOT_APPROVED : INVOICE_NOT_POSTED);
  await touch(tx, row.id, actor, `status = 'DRAFT', approved_at = NULL, approved_by = NULL, `);
  await history(tx, row.id, actor, [{ field: 'status', oldValue: 'Approved', newValue: 'Draft' }]);
}

// ---- posting ----

/** The next number of a kind of invoice: the counter row stays locked until the transaction ends (no gaps). */
async function nextNumber(tx: Queryable, kind: InvoiceKind): Promise<number> {
  const { rows } = await tx.query<{ last: number }>(
    'UPDATE invoice_counters SET last = last + 1 WHERE kind = $1 RETURNING last',
    [kind],
  );
  return rows[0]!.last;
}

/**
 * Posts an approved invoice: numbers it, bills the cases of its time lines (each case's snapshot must match the
 * figures the line was drafted from, else nothing is written and the biller is told to rebuild), freezes it.
 */
export async function post(tx: Queryable, row: InvoiceRow, actor: Actor, webhooks: Outbox): Promise<void> {
  if (row.status === 'POSTED') throw await stale(tx, row, ALREADY_POSTED(numberOf(row)!));
  if (row.status === 'VOID' || row.kind !== 'INVOICE') throw await stale(tx, row, INVOICE_VOID);
  if (row.status !== 'APPROVED') throw badRequest({}, [INVOICE_NOT_APPROVED]);
  if (BigInt(row.cents) < 0n) throw badRequest({}, [INVOICE_NEGATIVE]);
  const lines = (await readLines(tx, row.id)).filter((l) => l.kind === 'TIME' && l.case_id !== null);
  const number = await nextNumber(tx, 'INVOICE');
  const numberText = invoiceNumberText('INVOICE', number)!;
  const caseIds = lines.map((l) => l.case_id!).sort((a, b) => a - b);
  if (caseIds.length) {
    const marks = await lockCases(tx, caseIds);
    const billed = marks.find((m) => m.billed_at !== null);
    if (billed) throw badRequest({}, [caseBilledElsewhere(`#${billed.id}`)]);
    const running = [...(await runningSlips(tx, caseIds)).keys()];
    if (running.length) throw badRequest({}, [caseRunning(`#${running[0]}`)]);
    const totals = await billCases(tx, webhooks, {
      ids: caseIds,
      rate: await loadDefaultRate(tx),
      actorId: actor.id,
      invoiceId: row.id,
      invoiceNumber: numberText,
      timeZone: actor.timeZone,
    });
    for (const line of lines) {
      const snap = totals.get(line.case_id!);
      const drafted = line.original?.amount ?? centsText(line.amount_cents);
      const same =
        snap &&
        snap.minutes === line.minutes &&
        snap.billable === line.billable_minutes &&
        snap.covered === line.covered_minutes &&
        centsText(toHundredths(snap.amount)) === drafted;
      if (!same) throw badRequest({}, [caseChanged(`#${line.case_id}`)]);
    }
  }
  await touch(
    tx,
    row.id,
    actor,
    `status = 'POSTED', number = $3, issue_date = $4::date, due_date = $4::date + ${PAYMENT_TERMS_DAYS},
     posted_at = now(), posted_by = $2, `,
    [number, companyToday(actor.timeZone).iso],
  );
  await history(tx, row.id, actor, [
    { field: 'status', oldValue: 'Approved', newValue: 'Posted' },
    { field: 'number', oldValue: null, newValue: numberText },
  ]);
}

// ---- voiding ----

/** Voids a posted invoice: a credit note (numbered in its own series) takes back every line, and its cases are free. */
export async function voidInvoice(
  tx: Queryable,
  row: InvoiceRow,
  reason: string | undefined,
  actor: Actor,
  webhooks: Outbox,
): Promise<number> {
  if (row.status === 'VOID') throw await stale(tx, row, INVOICE_VOID);
  if (row.status !== 'POSTED' || row.kind !== 'INVOICE') throw badRequest({}, [INVOICE_NOT_POSTED]);
  if (!reason) throw fieldError('reason', VOID_REASON);
  const numberText = numberOf(row)!;
  await unbillInvoiceCases(tx, webhooks, {
    id: row.id,
    number: numberText,
    actorId: actor.id,
    timeZone: actor.timeZone,
  });
  await touch(tx, row.id, actor, `status = 'VOID', voided_at = now(), voided_by = $2, void_reason = $3, `, [
    reason,
  ]);
  const today = companyToday(actor.timeZone).iso;
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO invoices (organization_id, kind, status, period_from, period_to, contact_id, contact_name,
                           contact_email, bill_to, address, credit_of_id, created_by, updated_by)
     SELECT organization_id, 'CREDIT_NOTE', 'DRAFT', period_from, period_to, contact_id, contact_name, contact_email,
            bill_to, address, id, $2, $2
       FROM invoices WHERE id = $1
     RETURNING id`,
    [row.id, actor.id],
  );
  const creditId = rows[0]!.id;
  await tx.query(
    `INSERT INTO invoice_lines (invoice_id, position, kind, description, quantity, unit_price, amount_cents,
                                prorate_first, prorate_last, prorate_days, detail, service_type_id, agreement_id,
                                agreement_service_id, case_id, minutes, billable_minutes, covered_minutes, term_from,
                                term_to)
     SELECT $2, position, kind, description, quantity, unit_price, -amount_cents, prorate_first, prorate_last,
            prorate_days, detail, service_type_id, agreement_id, agreement_service_id, case_id, minutes,
            billable_minutes, covered_minutes, term_from, term_to
       FROM invoice_lines WHERE invoice_id = $1 ORDER BY position`,
    [row.id, creditId],
  );
  const number = await nextNumber(tx, 'CREDIT_NOTE');
  await tx.query(
    `UPDATE invoices SET status = 'POSTED', number = $2, issue_date = $3::date, due_date = $3::date, posted_at = now(),
            posted_by = $4 WHERE id = $1`,
    [creditId, number, today, actor.id],
  );
  const creditText = invoiceNumberText('CREDIT_NOTE', number)!;
  await history(tx, row.id, actor, [
    { field: 'status', oldValue: 'Posted', newValue: 'Void' },
    { field: 'voidReason', oldValue: null, newValue: reason },
    { field: 'Credit Note', oldValue: null, newValue: creditText },
  ]);
  await history(tx, creditId, actor, [
    { field: 'Drafted', oldValue: null, newValue: `Credit note of ${numberText}: ${reason}` },
    { field: 'number', oldValue: null, newValue: creditText },
  ]);
  return creditId;
}

export { readInvoice };
