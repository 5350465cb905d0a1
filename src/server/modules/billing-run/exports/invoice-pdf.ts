// One invoice or credit note as a letter-size PDF through the report frame (platform/pdf.ts: DejaVu Sans embedded,
// so Latin, Greek and Cyrillic names such as "Ōsaka" print as typed; Chinese and Japanese need a font SD6 does not
// ship yet): the client's name and the document's number as the title block, who it is
// billed to, its dates, the lines (description, detail, quantity, unit price, amount), the total (the sum of the
// lines) and the payment terms. A draft or approved invoice (a preview) carries a large DRAFT mark on every page.
import { formatMoney, formatQuantity } from '../../../../shared/format/money.js';
import { centsText, PAYMENT_TERMS, periodLabel } from '../../../../shared/schemas/billing-run.js';
import { BODY_SIZE, CELL_GAP, GREY, PdfWriter, type TableSpec } from '../../../platform/pdf.js';
import type { ExportInvoice } from './export-data.js';
import { usDate } from './invoice-formats.js';

const COLUMNS: readonly TableSpec[] = [
  { title: 'Description' },
  { title: 'Detail' },
  { title: 'Qty', align: 'right', nowrap: true },
  { title: 'Unit price', align: 'right', nowrap: true },
  { title: 'Amount', align: 'right', nowrap: true },
];

export const DRAFT_MARK = 'DRAFT';

/** The document's name: "Invoice INV-00012", "Credit Note CN-00003", "Draft Invoice". */
export function documentTitle(invoice: ExportInvoice): string {
  if (invoice.status === 'DRAFT' || invoice.status === 'APPROVED') return 'Draft Invoice';
  return `${invoice.kind === 'CREDIT_NOTE' ? 'Credit Note' : 'Invoice'} ${invoice.number}`;
}

const isDraft = (invoice: ExportInvoice) => invoice.status === 'DRAFT' || invoice.status === 'APPROVED';

function draftMarks(pdf: PdfWriter): void {
  const { doc } = pdf;
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.save();
    doc.rotate(-35, { origin: [pdf.pageWidth / 2, pdf.pageHeight / 2] });
    pdf.use('bold', 110, '#dddddd').text(DRAFT_MARK, 0, pdf.pageHeight / 2 - 60, {
      width: pdf.pageWidth,
      align: 'center',
      lineBreak: false,
    });
    doc.restore();
  }
}

export function invoicePdf(invoice: ExportInvoice): Promise<Buffer> {
  const title = documentTitle(invoice);
  const pdf = new PdfWriter({ title: `${title}: ${invoice.billTo}`, subject: title });
  const { doc } = pdf;
  pdf.titleBlock({
    organization: invoice.billTo,
    title,
    lines: [
      invoice.kind === 'CREDIT_NOTE'
        ? `Credit note for ${invoice.creditOf ?? ''}`
        : `Services for ${periodLabel(invoice.periodFrom.slice(0, 7))}`,
    ],
  });
  const facts: [string, string][] = [
    ['Bill to', invoice.billTo],
    ...(invoice.address ? [['Address', invoice.address] as [string, string]] : []),
    ['Billing contact', invoice.contactName ?? '—'],
    ...(invoice.contactEmail ? [['Email', invoice.contactEmail] as [string, string]] : []),
    [
      invoice.kind === 'CREDIT_NOTE' ? 'Credit note' : 'Invoice number',
      isDraft(invoice) ? 'Not yet numbered' : invoice.number,
    ],
    ...(invoice.creditOf ? [['Credits invoice', invoice.creditOf] as [string, string]] : []),
    ['Invoice date', usDate(invoice.issueDate)],
    ['Due date', usDate(invoice.dueDate)],
    ['Period', `${usDate(invoice.periodFrom)} – ${usDate(invoice.periodTo)}`],
  ];
  pdf.facts(facts, 100);
  doc.moveDown(0.8);
  pdf.heading('Lines');
  const rows = invoice.lines.map((l) => [
    l.description,
    l.detail ?? '',
    formatQuantity(l.quantity),
    formatMoney(l.unitPrice),
    formatMoney(centsText(l.cents)),
  ]);
  const fitted = pdf.fitTable(COLUMNS, rows, { size: 9, minSize: 7 });
  const table = pdf.table(fitted.columns, { size: fitted.size });
  if (rows.length === 0) table.note('No lines.');
  for (const row of rows) table.row(row);

  // The total, at the right, as wide as its amount.
  const total = formatMoney(centsText(invoice.cents));
  pdf.ensure(40);
  doc.moveDown(0.4);
  const valueWidth = Math.max(100, pdf.measure(total, 'bold') * 12 + 2);
  const labelWidth = 160;
  const x = pdf.left + pdf.width - labelWidth - valueWidth;
  const y = doc.y;
  pdf.use('bold', 12).text('Total', x, y, { width: labelWidth - CELL_GAP, align: 'right' });
  doc.text(total, x + labelWidth, y, { width: valueWidth, align: 'right' });
  doc.moveDown(1.5);
  pdf.heading('Payment terms', 11);
  pdf.paragraph(PAYMENT_TERMS, { size: BODY_SIZE, color: GREY });
  if (isDraft(invoice)) draftMarks(pdf);
  return pdf.toBuffer(isDraft(invoice) ? DRAFT_MARK : invoice.number);
}
