// What the invoice exports read: a run's posted invoices and credit notes (numbered: posted, or posted and voided
// since, with the credit notes of the run's invoices), a batch at a time with their lines, each line with where the
// accounting mapping sends it.
import type { StoredMapping } from '../../../../shared/schemas/accounting-mapping.js';
import {
  type InvoiceKind,
  type InvoiceStatus,
  LINE_KINDS,
  type LineKind,
} from '../../../../shared/schemas/billing-run.js';
import { codeLabel } from '../../../../shared/schemas/fields.js';
import type { Queryable } from '../../../platform/records.js';
import { numberOf } from '../invoice.service.js';
import { targetOf } from './accounting-mapping.service.js';

export type ExportLine = {
  position: number;
  kind: LineKind;
  kindLabel: string;
  description: string;
  detail: string | null;
  /** numeric(12,2) texts. */
  quantity: string;
  unitPrice: string;
  /** Signed cents. */
  cents: bigint;
  proration: { first: number; last: number; days: number } | null;
  account: string;
  /** The mapped item, else the service type's name (or the kind's). */
  item: string;
  /** The item the mapping names (Xero's InventoryItemCode must name an item that exists). */
  mappedItem: string | null;
  taxCode: string;
};

export type ExportInvoice = {
  id: number;
  kind: InvoiceKind;
  status: InvoiceStatus;
  number: string;
  organizationId: number;
  organization: string;
  billTo: string;
  address: string | null;
  contactName: string | null;
  contactEmail: string | null;
  /** yyyy-MM-dd. */
  issueDate: string;
  dueDate: string;
  periodFrom: string;
  periodTo: string;
  creditOf: string | null;
  lines: ExportLine[];
  /** The sum of its lines, in cents. */
  cents: bigint;
};

type InvoiceRow = {
  id: number;
  kind: InvoiceKind;
  status: InvoiceStatus;
  number: number | null;
  organization_id: number;
  organization: string;
  bill_to: string;
  address: string | null;
  contact_name: string | null;
  contact_email: string | null;
  issue_date: string;
  due_date: string;
  period_from: string;
  period_to: string;
  credit_of_number: number | null;
};

type LineRow = {
  invoice_id: number;
  position: number;
  kind: LineKind;
  description: string;
  detail: string | null;
  quantity: string;
  unit_price: string;
  amount_cents: string;
  prorate_first: number | null;
  prorate_last: number | null;
  prorate_days: number | null;
  service_type_id: number | null;
  service_type: string | null;
};

/** Invoices exported: numbered ones (posted, or voided after posting) of the run, and credit notes of those. */
const OF_RUN = `i.status IN ('POSTED', 'VOID')
  AND (i.run_id = $1 OR EXISTS (SELECT 1 FROM invoices c WHERE c.id = i.credit_of_id AND c.run_id = $1))`;

/** How many invoices and credit notes of the run an export holds, and for which organizations. */
export async function exportScope(
  db: Queryable,
  runId: number,
): Promise<{ invoices: number; creditNotes: number; organizations: number[] }> {
  const { rows } = await db.query<{ invoices: number; credit_notes: number; organizations: number[] | null }>(
    `SELECT count(*) FILTER (WHERE i.kind = 'INVOICE')::int AS invoices,
            count(*) FILTER (WHERE i.kind = 'CREDIT_NOTE')::int AS credit_notes,
            array_agg(DISTINCT i.organization_id) AS organizations
       FROM invoices i WHERE ${OF_RUN}`,
    [runId],
  );
  const row = rows[0]!;
  return { invoices: row.invoices, creditNotes: row.credit_notes, organizations: row.organizations ?? [] };
}

const INVOICE_SELECT = `
  SELECT i.id, i.kind, i.status, i.number, i.organization_id, o.name AS organization, i.bill_to, i.address,
         i.contact_name, i.contact_email,
         to_char(COALESCE(i.issue_date, i.posted_at::date, i.period_to), 'YYYY-MM-DD') AS issue_date,
         to_char(COALESCE(i.due_date, i.issue_date, i.posted_at::date, i.period_to), 'YYYY-MM-DD') AS due_date,
         to_char(i.period_from, 'YYYY-MM-DD') AS period_from, to_char(i.period_to, 'YYYY-MM-DD') AS period_to,
         co.number AS credit_of_number
    FROM invoices i
    JOIN organizations o ON o.id = i.organization_id
    LEFT JOIN invoices co ON co.id = i.credit_of_id`;

async function withLines(
  db: Queryable,
  rows: InvoiceRow[],
  mapping: StoredMapping,
): Promise<ExportInvoice[]> {
  const { rows: lines } = await db.query<LineRow>(
    `SELECT l.invoice_id, l.position, l.kind, l.description, l.detail, l.quantity::text AS quantity,
            l.unit_price::text AS unit_price, l.amount_cents::text AS amount_cents, l.prorate_first, l.prorate_last,
            l.prorate_days, l.service_type_id, s.name AS service_type
       FROM invoice_lines l LEFT JOIN service_types s ON s.id = l.service_type_id
      WHERE l.invoice_id = ANY($1::int[])
      ORDER BY l.invoice_id, l.position, l.id`,
    [rows.map((r) => r.id)],
  );
  const byInvoice = new Map<number, ExportLine[]>();
  for (const l of lines) {
    const kindLabel = codeLabel(LINE_KINDS, l.kind) ?? l.kind;
    const line: ExportLine = {
      position: l.position,
      kind: l.kind,
      kindLabel,
      description: l.description,
      detail: l.detail,
      quantity: l.quantity,
      unitPrice: l.unit_price,
      cents: BigInt(l.amount_cents),
      proration:
        l.prorate_days === null
          ? null
          : { first: l.prorate_first!, last: l.prorate_last!, days: l.prorate_days },
      ...targetOf(mapping, l, l.service_type ?? kindLabel),
    };
    const list = byInvoice.get(l.invoice_id) ?? [];
    list.push(line);
    byInvoice.set(l.invoice_id, list);
  }
  return rows.map((r) => presentInvoice(r, byInvoice.get(r.id) ?? []));
}

function presentInvoice(r: InvoiceRow, lines: ExportLine[]): ExportInvoice {
  return {
    id: r.id,
    kind: r.kind,
    status: r.status,
    number: numberOf(r) ?? `#${r.id}`,
    organizationId: r.organization_id,
    organization: r.organization,
    billTo: r.bill_to,
    address: r.address,
    contactName: r.contact_name,
    contactEmail: r.contact_email,
    issueDate: r.issue_date,
    dueDate: r.due_date,
    periodFrom: r.period_from,
    periodTo: r.period_to,
    creditOf: r.credit_of_number === null ? null : numberOf({ kind: 'INVOICE', number: r.credit_of_number }),
    lines,
    cents: lines.reduce((t, l) => t + l.cents, 0n),
  };
}

export const EXPORT_BATCH = 200;

/** The run's exported invoices, invoices first then credit notes, each by number, `batch` at a time. */
export async function* runInvoices(
  db: Queryable,
  runId: number,
  mapping: StoredMapping,
  batch = EXPORT_BATCH,
): AsyncIterable<ExportInvoice[]> {
  let after: [number, number] = [0, 0];
  for (;;) {
    const { rows } = await db.query<InvoiceRow>(
      `${INVOICE_SELECT}
        WHERE ${OF_RUN}
          AND (CASE i.kind WHEN 'INVOICE' THEN 0 ELSE 1 END, i.number) > ($2::int, $3::int)
        ORDER BY CASE i.kind WHEN 'INVOICE' THEN 0 ELSE 1 END, i.number
        LIMIT $4`,
      [runId, after[0], after[1], batch],
    );
    if (rows.length === 0) return;
    yield await withLines(db, rows, mapping);
    const last = rows[rows.length - 1]!;
    after = [last.kind === 'INVOICE' ? 0 : 1, last.number ?? 0];
    if (rows.length < batch) return;
  }
}

/** One invoice (any status: a draft is previewed), or null. */
export async function oneInvoice(
  db: Queryable,
  id: number,
  mapping: StoredMapping,
): Promise<ExportInvoice | null> {
  const { rows } = await db.query<InvoiceRow>(`${INVOICE_SELECT} WHERE i.id = $1`, [id]);
  if (!rows[0]) return null;
  const [invoice] = await withLines(db, rows, mapping);
  return invoice ?? null;
}
