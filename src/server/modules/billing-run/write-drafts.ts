// Writes a batch of draft invoices in the caller's transaction. A client's unposted invoice of the run is kept (its
// id stays, so an open page stays valid) and drafted again: its drafted lines are replaced, the lines a biller added
// by hand stay after them, and an approval is taken back. A client with a posted invoice in the run is left alone.

import { formatMoney } from '../../../shared/format/money.js';
import { centsText } from '../../../shared/schemas/billing-run.js';
import { addToBatch, historyBatch, recordHistoryBatch } from '../../platform/history.js';
import type { Queryable } from '../../platform/records.js';
import type { DraftInvoice, DraftLine } from './draft-lines.js';

type Existing = { id: number; organization_id: number; status: string; manual: number };

/** The run's invoices of these clients that are not void: unposted ones locked. */
async function existingOf(tx: Queryable, runId: number, orgIds: number[]) {
  const { rows } = await tx.query<Existing>(
    `SELECT i.id, i.organization_id, i.status,
            (SELECT count(*)::int FROM invoice_lines l WHERE l.invoice_id = i.id AND l.kind IN ('CHARGE', 'CREDIT'))
              AS manual
       FROM invoices i
      WHERE i.run_id = $1 AND i.organization_id = ANY($2::int[]) AND i.kind = 'INVOICE' AND i.status <> 'VOID'
      ORDER BY i.id FOR UPDATE OF i`,
    [runId, orgIds],
  );
  return rows;
}

const total = (lines: DraftLine[]) =>
  formatMoney(centsText(lines.reduce((sum, l) => sum + l.amountCents, 0n)));

/**
 * Replaces the drafts of the clients `orgIds` of run `runId` by `drafts` (clients absent from them have nothing to
 * bill: their drafts go, unless lines were added by hand). Answers how many invoices the batch holds now.
 */
export async function writeDrafts(
  tx: Queryable,
  run: { id: number; from: string; to: string; actorId: number },
  orgIds: number[],
  drafts: DraftInvoice[],
  options: { keepEmpty?: boolean } = {},
): Promise<number> {
  const existing = await existingOf(tx, run.id, orgIds);
  const posted = new Set(existing.filter((e) => e.status === 'POSTED').map((e) => e.organization_id));
  const open = new Map(existing.filter((e) => e.status !== 'POSTED').map((e) => [e.organization_id, e]));
  const wanted = drafts.filter((d) => !posted.has(d.organizationId));
  const history = historyBatch();

  // Drafted lines of the kept invoices go; hand-added ones stay.
  const keptIds = [...open.values()].map((e) => e.id);
  await tx.query(
    `DELETE FROM invoice_lines WHERE invoice_id = ANY($1::int[]) AND kind NOT IN ('CHARGE', 'CREDIT')`,
    [keptIds],
  );
  // Kept invoices with nothing left to bill go (a rebuild keeps its invoice, empty: approving it says so).
  const wantedOrgs = new Set(wanted.map((d) => d.organizationId));
  const emptied = [...open.values()].filter((e) => !wantedOrgs.has(e.organization_id));
  const gone = emptied.filter((e) => e.manual === 0 && !options.keepEmpty).map((e) => e.id);
  if (gone.length) await tx.query('DELETE FROM invoices WHERE id = ANY($1::int[])', [gone]);
  const left = emptied.filter((e) => !gone.includes(e.id));
  if (left.length)
    await tx.query(
      `UPDATE invoices SET status = 'DRAFT', approved_at = NULL, approved_by = NULL, version = version + 1,
              updated_at = now(), updated_by = $2
        WHERE id = ANY($1::int[])`,
      [left.map((e) => e.id), run.actorId],
    );
  for (const e of left) {
    if (e.status === 'APPROVED') addToBatch(history, e.id, 'status', 'Approved', 'Draft');
    addToBatch(
      history,
      e.id,
      'Drafted',
      null,
      'Drafted again by the billing run: nothing to bill but the lines added by hand',
    );
  }

  const header = (d: DraftInvoice) => [
    d.organizationId,
    d.billTo,
    d.address,
    d.contactId,
    d.contactName,
    d.contactEmail,
  ];
  const columns = (list: DraftInvoice[]) => [0, 1, 2, 3, 4, 5].map((i) => list.map((d) => header(d)[i]));
  const again = wanted.filter((d) => open.has(d.organizationId));
  const fresh = wanted.filter((d) => !open.has(d.organizationId));
  if (again.length) {
    await tx.query(
      `UPDATE invoices i SET bill_to = v.bill_to, address = v.address, contact_id = v.contact_id,
              contact_name = v.contact_name, contact_email = v.contact_email, status = 'DRAFT', approved_at = NULL,
              approved_by = NULL, version = i.version + 1, updated_at = now(), updated_by = $8
         FROM unnest($2::int[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[])
              AS v(org_id, bill_to, address, contact_id, contact_name, contact_email)
        WHERE i.run_id = $1 AND i.organization_id = v.org_id AND i.kind = 'INVOICE' AND i.status IN ('DRAFT', 'APPROVED')`,
      [run.id, ...columns(again), run.actorId],
    );
  }
  const ids = new Map<number, number>(again.map((d) => [d.organizationId, open.get(d.organizationId)!.id]));
  if (fresh.length) {
    const { rows } = await tx.query<{ id: number; organization_id: number }>(
      `INSERT INTO invoices (run_id, organization_id, bill_to, address, contact_id, contact_name, contact_email,
                             period_from, period_to, created_by, updated_by)
       SELECT $1, v.org_id, v.bill_to, v.address, v.contact_id, v.contact_name, v.contact_email, $8, $9, $10, $10
         FROM unnest($2::int[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[])
              AS v(org_id, bill_to, address, contact_id, contact_name, contact_email)
       RETURNING id, organization_id`,
      [run.id, ...columns(fresh), run.from, run.to, run.actorId],
    );
    for (const r of rows) ids.set(r.organization_id, r.id);
  }
  for (const d of again) {
    const was = open.get(d.organizationId)!;
    const status = was.status === 'APPROVED' ? ['status', 'Approved', 'Draft'] : null;
    if (status) addToBatch(history, was.id, status[0]!, status[1]!, status[2]!);
    addToBatch(
      history,
      was.id,
      'Drafted',
      null,
      `Drafted again by the billing run: ${d.lines.length} lines, ${total(d.lines)}`,
    );
  }
  for (const d of fresh)
    addToBatch(
      history,
      ids.get(d.organizationId)!,
      'Drafted',
      null,
      `Drafted by the billing run: ${d.lines.length} lines, ${total(d.lines)}`,
    );

  await insertLines(
    tx,
    wanted.map((d) => ({ invoiceId: ids.get(d.organizationId)!, lines: d.lines })),
  );
  // Hand-added lines follow the drafted ones, in their order (only invoices that have some).
  const withManual = [...open.values()].filter((e) => e.manual > 0).map((e) => e.id);
  if (withManual.length)
    await tx.query(
      `UPDATE invoice_lines l SET position = x.position
       FROM (SELECT m.id, (SELECT count(*) FROM invoice_lines d WHERE d.invoice_id = m.invoice_id
                             AND d.kind NOT IN ('CHARGE', 'CREDIT'))
                          + row_number() OVER (PARTITION BY m.invoice_id ORDER BY m.position, m.id) AS position
               FROM invoice_lines m WHERE m.invoice_id = ANY($1::int[]) AND m.kind IN ('CHARGE', 'CREDIT')) x
      WHERE l.id = x.id`,
      [withManual],
    );
  await recordHistoryBatch(tx, 'invoice', run.actorId, history);
  return wanted.length + left.length;
}

/** Inserts drafted lines, numbered 1.. in each invoice: one statement for the batch. */
export async function insertLines(
  tx: Queryable,
  invoices: { invoiceId: number; lines: DraftLine[] }[],
): Promise<void> {
  const rows = invoices.flatMap(({ invoiceId, lines }) =>
    lines.map((line, i) => ({ invoiceId, position: i + 1, line })),
  );
  if (rows.length === 0) return;
  const col = <T>(pick: (r: (typeof rows)[number]) => T) => rows.map(pick);
  await tx.query(
    `INSERT INTO invoice_lines (invoice_id, position, kind, description, quantity, unit_price, amount_cents,
                                prorate_first, prorate_last, prorate_days, detail, warning, service_type_id,
                                agreement_id, agreement_service_id, case_id, minutes, billable_minutes,
                                covered_minutes, term_from, term_to)
     SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::numeric[], $6::numeric[], $7::bigint[],
                          $8::int[], $9::int[], $10::int[], $11::text[], $12::text[], $13::int[], $14::int[],
                          $15::int[], $16::int[], $17::int[], $18::int[], $19::int[], $20::date[], $21::date[])`,
    [
      col((r) => r.invoiceId),
      col((r) => r.position),
      col((r) => r.line.kind),
      col((r) => r.line.description),
      col((r) => r.line.quantity),
      col((r) => r.line.unitPrice),
      col((r) => r.line.amountCents.toString()),
      col((r) => r.line.proration?.first ?? null),
      col((r) => r.line.proration?.last ?? null),
      col((r) => r.line.proration?.days ?? null),
      col((r) => r.line.detail),
      col((r) => r.line.warning),
      col((r) => r.line.serviceTypeId),
      col((r) => r.line.agreementId),
      col((r) => r.line.agreementServiceId),
      col((r) => r.line.caseId),
      col((r) => r.line.minutes),
      col((r) => r.line.billableMinutes),
      col((r) => r.line.coveredMinutes),
      col((r) => r.line.term?.from ?? null),
      col((r) => r.line.term?.to ?? null),
    ],
  );
}
