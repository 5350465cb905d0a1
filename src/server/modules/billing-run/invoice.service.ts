// One invoice: read with its lines, reviewed (a line changed with its drafted value kept, added, removed), approved,
// posted and voided. Every change locks the invoice, checks the version the biller saw and writes the invoice's
// history in the same transaction.
import { formatMoney, formatQuantity } from '../../../shared/format/money.js';
import {
  centsText,
  INVOICE_APPROVED,
  INVOICE_KINDS,
  INVOICE_POSTED,
  INVOICE_STATUSES,
  INVOICE_VOID,
  type Invoice,
  type InvoiceKind,
  type InvoiceLine,
  type InvoiceStatus,
  type InvoiceSummary,
  invoiceNumberText,
  LINE_KINDS,
  type LineKind,
  NO_CONTACT,
  periodLabel,
} from '../../../shared/schemas/billing-run.js';
import { codeLabel } from '../../../shared/schemas/fields.js';
import { conflict, notFound } from '../../platform/errors.js';
import type { Queryable } from '../../platform/records.js';
import { changedByMessage } from '../../platform/stamp.js';
import { sourceHref } from './draft-lines.js';
import { usDate } from './terms.js';

export type InvoiceRow = {
  id: number;
  run_id: number | null;
  run_period: string | null;
  run_status: string | null;
  organization_id: number;
  organization: string;
  kind: InvoiceKind;
  status: InvoiceStatus;
  number: number | null;
  period_from: string;
  period_to: string;
  issue_date: string | null;
  due_date: string | null;
  contact_id: number | null;
  contact_name: string | null;
  contact_email: string | null;
  bill_to: string;
  address: string | null;
  credit_of_id: number | null;
  credit_of_number: number | null;
  credit_note_id: number | null;
  credit_note_number: number | null;
  void_reason: string | null;
  approved_at: Date | null;
  approved_by: number | null;
  approved_by_name: string | null;
  posted_at: Date | null;
  posted_by: number | null;
  posted_by_name: string | null;
  voided_at: Date | null;
  voided_by: number | null;
  voided_by_name: string | null;
  updated_at: Date;
  updated_by_name: string | null;
  version: number;
  lines: number;
  warnings: number;
  cents: string;
};

/** An invoice row with its client, people, credit links, line count, warnings and total (the sum of its lines). */
const INVOICE_SELECT = `
  SELECT i.id, i.run_id, to_char(r.period, 'YYYY-MM') AS run_period, r.status AS run_status, i.organization_id,
         o.name AS organization, i.kind, i.status, i.number, to_char(i.period_from, 'YYYY-MM-DD') AS period_from,
         to_char(i.period_to, 'YYYY-MM-DD') AS period_to, to_char(i.issue_date, 'YYYY-MM-DD') AS issue_date,
         to_char(i.due_date, 'YYYY-MM-DD') AS due_date, i.contact_id, i.contact_name, i.contact_email, i.bill_to,
         i.address, i.credit_of_id, co.number AS credit_of_number, cn.id AS credit_note_id,
         cn.number AS credit_note_number, i.void_reason, i.approved_at, i.approved_by,
         au.first_name || ' ' || au.last_name AS approved_by_name, i.posted_at, i.posted_by,
         pu.first_name || ' ' || pu.last_name AS posted_by_name, i.voided_at, i.voided_by,
         vu.first_name || ' ' || vu.last_name AS voided_by_name, i.updated_at,
         uu.first_name || ' ' || uu.last_name AS updated_by_name, i.version,
         t.lines, t.warnings, t.cents
    FROM invoices i
    JOIN organizations o ON o.id = i.organization_id
    LEFT JOIN billing_runs r ON r.id = i.run_id
    LEFT JOIN invoices co ON co.id = i.credit_of_id
    LEFT JOIN invoices cn ON cn.credit_of_id = i.id
    LEFT JOIN users au ON au.id = i.approved_by
    LEFT JOIN users pu ON pu.id = i.posted_by
    LEFT JOIN users vu ON vu.id = i.voided_by
    LEFT JOIN users uu ON uu.id = i.updated_by
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS lines, count(*) FILTER (WHERE l.warning IS NOT NULL)::int AS warnings,
             COALESCE(sum(l.amount_cents), 0)::text AS cents
        FROM invoice_lines l WHERE l.invoice_id = i.id) t`;

type LineRow = {
  id: number;
  position: number;
  kind: LineKind;
  description: string;
  quantity: string;
  unit_price: string;
  amount_cents: string;
  prorate_first: number | null;
  prorate_last: number | null;
  prorate_days: number | null;
  detail: string | null;
  warning: string | null;
  agreement_id: number | null;
  agreement_number: string | null;
  case_id: number | null;
  service_type_id: number | null;
  minutes: number | null;
  billable_minutes: number | null;
  covered_minutes: number | null;
  original: { description: string; quantity: string; unitPrice: string; amount: string } | null;
};

const LINE_SELECT = `
  SELECT l.id, l.position, l.kind, l.description, l.quantity::text AS quantity, l.unit_price::text AS unit_price,
         l.amount_cents::text AS amount_cents, l.prorate_first, l.prorate_last, l.prorate_days, l.detail, l.warning,
         l.agreement_id, a.number AS agreement_number, l.case_id, l.service_type_id, l.minutes, l.billable_minutes,
         l.covered_minutes, l.original
    FROM invoice_lines l LEFT JOIN agreements a ON a.id = l.agreement_id`;

const stamp = (at: Date | null, id: number | null, name: string | null) =>
  at ? { at: at.toISOString(), by: id === null ? null : { value: id, label: name ?? '' } } : null;

export const numberOf = (r: Pick<InvoiceRow, 'kind' | 'number'>) => invoiceNumberText(r.kind, r.number);

function presentSummary(r: InvoiceRow): InvoiceSummary {
  const contactWarning = r.kind === 'INVOICE' && r.contact_id === null && r.contact_name === null ? 1 : 0;
  return {
    id: r.id,
    number: numberOf(r),
    kind: { value: r.kind, label: codeLabel(INVOICE_KINDS, r.kind) ?? r.kind },
    status: { value: r.status, label: codeLabel(INVOICE_STATUSES, r.status) ?? r.status },
    organization: { value: r.organization_id, label: r.organization },
    contact: r.contact_name,
    lines: r.lines,
    warnings: r.warnings + contactWarning,
    total: centsText(r.cents),
  };
}

function sourceOf(l: LineRow, r: InvoiceRow): InvoiceLine['source'] {
  const href = sourceHref({ ...l, organization_id: r.organization_id });
  if (l.kind === 'DEVICES') return { label: `Devices of ${r.organization}`, href };
  if (l.kind === 'USERS') return { label: `People of ${r.organization}`, href };
  if (l.case_id) return { label: `Case #${l.case_id}`, href };
  if (l.agreement_id) return { label: `Agreement ${l.agreement_number ?? l.agreement_id}`, href };
  return null;
}

function presentLine(l: LineRow, r: InvoiceRow): InvoiceLine {
  return {
    id: l.id,
    position: l.position,
    kind: { value: l.kind, label: codeLabel(LINE_KINDS, l.kind) ?? l.kind },
    description: l.description,
    quantity: l.quantity,
    unitPrice: l.unit_price,
    amount: centsText(l.amount_cents),
    proration:
      l.prorate_days === null
        ? null
        : { first: l.prorate_first!, last: l.prorate_last!, days: l.prorate_days },
    detail: l.detail,
    warning: l.warning,
    source: sourceOf(l, r),
    original: l.original,
  };
}

export async function readInvoice(db: Queryable, id: number, lock = false): Promise<InvoiceRow | null> {
  if (lock) await db.query('SELECT 1 FROM invoices WHERE id = $1 FOR UPDATE', [id]);
  const { rows } = await db.query<InvoiceRow>(`${INVOICE_SELECT} WHERE i.id = $1`, [id]);
  return rows[0] ?? null;
}

export async function readLines(db: Queryable, invoiceId: number): Promise<LineRow[]> {
  const { rows } = await db.query<LineRow>(
    `${LINE_SELECT} WHERE l.invoice_id = $1 ORDER BY l.position, l.id`,
    [invoiceId],
  );
  return rows;
}

export async function loadInvoice(db: Queryable, id: number): Promise<Invoice> {
  const row = await readInvoice(db, id);
  if (!row) throw notFound();
  return presentInvoice(row, await readLines(db, id));
}

export function presentInvoice(r: InvoiceRow, lines: LineRow[]): Invoice {
  const open = r.kind === 'INVOICE' && (r.status === 'DRAFT' || r.status === 'APPROVED');
  const warningsText = [
    ...(r.kind === 'INVOICE' && r.contact_name === null ? [NO_CONTACT] : []),
    ...lines.flatMap((l) => (l.warning ? [`Line ${l.position}: ${l.warning}`] : [])),
  ];
  return {
    ...presentSummary(r),
    run:
      r.run_id && r.run_period
        ? { id: r.run_id, period: r.run_period, periodLabel: periodLabel(r.run_period) }
        : null,
    periodFrom: usDate(r.period_from),
    periodTo: usDate(r.period_to),
    issueDate: r.issue_date && usDate(r.issue_date),
    dueDate: r.due_date && usDate(r.due_date),
    billTo: r.bill_to,
    address: r.address,
    contactEmail: r.contact_email,
    creditOf:
      r.credit_of_id === null
        ? null
        : {
            value: r.credit_of_id,
            label: invoiceNumberText('INVOICE', r.credit_of_number) ?? `#${r.credit_of_id}`,
          },
    creditNote:
      r.credit_note_id === null
        ? null
        : { value: r.credit_note_id, label: invoiceNumberText('CREDIT_NOTE', r.credit_note_number) ?? '' },
    voidReason: r.void_reason,
    approved: stamp(r.approved_at, r.approved_by, r.approved_by_name),
    posted: stamp(r.posted_at, r.posted_by, r.posted_by_name),
    voided: stamp(r.voided_at, r.voided_by, r.voided_by_name),
    items: lines.map((l) => presentLine(l, r)),
    warningsText,
    version: r.version,
    can: {
      edit: open && r.status === 'DRAFT',
      approve: open && r.status === 'DRAFT',
      unapprove: open && r.status === 'APPROVED',
      post: open && r.status === 'APPROVED',
      void: r.kind === 'INVOICE' && r.status === 'POSTED',
      rebuild: open && r.run_status === 'READY',
    },
  };
}

/** The run's invoices (a page), by client name. */
export async function listInvoices(
  db: Queryable,
  runId: number,
  query: { status?: InvoiceStatus | undefined; start: number; limit: number },
): Promise<{ items: InvoiceSummary[]; total: number }> {
  // $2 is the status chosen, or null for every status.
  const status = (alias: string) => `AND ($2::text IS NULL OR ${alias}.status = $2)`;
  const { rows } = await db.query<InvoiceRow & { total_count: number }>(
    `${INVOICE_SELECT} WHERE i.id IN (
       SELECT x.id FROM invoices x JOIN organizations xo ON xo.id = x.organization_id
        WHERE x.run_id = $1 AND x.kind = 'INVOICE' ${status('x')}
        ORDER BY xo.name, x.id LIMIT $4 OFFSET $3)
     ORDER BY o.name, i.id`,
    [runId, query.status ?? null, query.start, query.limit],
  );
  const { rows: count } = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM invoices i WHERE i.run_id = $1 AND i.kind = 'INVOICE' ${status('i')}`,
    [runId, query.status ?? null],
  );
  return { items: rows.map(presentSummary), total: count[0]!.total };
}

/** Locks the invoice and checks the version the biller saw; answers it as it is. */
export async function lockInvoice(
  tx: Queryable,
  id: number,
  version: number,
  timeZone: string,
): Promise<InvoiceRow> {
  const row = await readInvoice(tx, id, true);
  if (!row) throw notFound();
  if (row.version !== version)
    throw conflict(changedByMessage(row.updated_by_name, row.updated_at, timeZone), {
      invoice: presentInvoice(row, await readLines(tx, id)),
    });
  return row;
}

/** Refuses a change to an invoice that is not an editable draft, saying why. */
export async function requireDraft(tx: Queryable, row: InvoiceRow): Promise<void> {
  const why =
    row.status === 'POSTED' || row.kind === 'CREDIT_NOTE'
      ? INVOICE_POSTED
      : row.status === 'VOID'
        ? INVOICE_VOID
        : row.status === 'APPROVED'
          ? INVOICE_APPROVED
          : null;
  if (why) throw conflict(why, { invoice: presentInvoice(row, await readLines(tx, row.id)) });
}

/** "Line 3": a line as history names it, with its values: "Managed Seat × 25 at $35.47 = $886.75". */
export const lineText = (l: { description: string; quantity: string; unitPrice: string; amount: string }) =>
  `${l.description} × ${formatQuantity(l.quantity)} at ${formatMoney(l.unitPrice)} = ${formatMoney(l.amount)}`;
