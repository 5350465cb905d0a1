// A report as a PDF (platform/pdf.ts): the organization's name (or "3 organizations", "All clients"), the report,
// its period, filters and when it was made; the summary figures and notices; the rows table with its header on each
// page; "Page N of M" on every page. A PDF is for reading: past PDF_ROW_LIMIT rows it says so and stops.
import { PassThrough } from 'node:stream';
import { formatCount } from '../../../../shared/format/figures.js';
import type { ReportColumn, ReportColumnKind, ReportRow } from '../../../../shared/reports.js';
import { type Align, PdfWriter, type TableSpec } from '../../../platform/pdf.js';
import { cellText, EXPORT_BATCH, type Exporter, headFacts } from './export-format.js';

/** The most rows a PDF lists (about 250 pages); CSV and XLSX have them all. */
export const PDF_ROW_LIMIT = 10_000;

export const pdfRowLimitNotice = (limit: number, total: number) =>
  `This PDF lists the first ${formatCount(limit)} of ${formatCount(total)} rows. Export CSV or XLSX for all of them.`;

const ALIGN: Record<ReportColumnKind, Align> = {
  text: 'left',
  number: 'right',
  percent: 'right',
  date: 'left',
  datetime: 'left',
  minutes: 'right',
  money: 'right',
};

/** A report's columns for the PDF table: every kind but text holds values that must never break. */
export const pdfSpecs = (columns: readonly ReportColumn[]): TableSpec[] =>
  columns.map((c) => ({ title: c.title, align: ALIGN[c.kind], nowrap: c.kind !== 'text' }));

export const pdfExport: Exporter = (source, context) => {
  const { head } = source;
  const out = new PassThrough();
  let written = 0;
  const limit = context.pdfRowLimit ?? PDF_ROW_LIMIT;

  const produce = async () => {
    const title = head.report.title;
    const text = (row: ReportRow) =>
      head.columns.map((c) => cellText(c.kind, row[c.name] ?? null, context.timeZone));
    // The columns are sized from the first batch (up to the row limit): the page is turned before it is written.
    const batches = source.rows(Math.min(EXPORT_BATCH, limit))[Symbol.asyncIterator]();
    const first = await batches.next();
    const firstRows = first.done ? [] : first.value.slice(0, limit);
    const pdf = new PdfWriter({ title: `${title}: ${context.scope}`, landscape: 'fit' });
    const fitted = pdf.fitTable(pdfSpecs(head.columns), firstRows.map(text));
    pdf.doc.pipe(out);
    pdf.titleBlock({
      organization: context.scope,
      title,
      lines: headFacts(head, context).map(([label, value]) => `${label}: ${value}`),
    });
    pdf.figures(head.summary.figures);
    pdf.notices(head.notices);
    if (head.total > limit)
      pdf.notices([{ title: 'Rows left out', body: pdfRowLimitNotice(limit, head.total) }]);
    const table = pdf.table(fitted.columns, { size: fitted.size });
    const write = (rows: readonly ReportRow[]) => {
      for (const row of rows) {
        if (written >= limit || out.destroyed) return false;
        table.row(text(row));
        written += 1;
      }
      return true;
    };
    let more = write(firstRows);
    while (more) {
      const next = await batches.next();
      if (next.done) break;
      more = write(next.value);
    }
    // Done early (the limit, or the reader went away): the source lets its rows go.
    await batches.return?.();
    if (written === 0) table.note('No rows match these filters.');
    pdf.end(`${title} · ${context.scope}`);
  };
  produce().catch((error: unknown) => out.destroy(error as Error));
  return { stream: out, contentType: 'application/pdf', extension: 'pdf', rowCount: () => written };
};
