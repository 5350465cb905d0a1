// A report as a PDF (platform/pdf.ts): the organization's name (or "3 organizations", "All clients"), the report,
// its period, filters and when it was made; the summary figures and notices; the rows table with its header on each
// page; "Page N of M" on every page. A PDF is for reading: past PDF_ROW_LIMIT rows it says so and stops.
import { PassThrough } from 'node:stream';
import type { ReportColumnKind } from '../../../shared/reports.js';
import { type Align, fitColumns, PdfWriter } from '../../platform/pdf.js';
import { cellText, EXPORT_BATCH, type Exporter, headFacts } from './export-format.js';

/** The most rows a PDF lists (about 250 pages); CSV and XLSX have them all. */
export const PDF_ROW_LIMIT = 10_000;

export const pdfRowLimitNotice = (limit: number, total: number) =>
  `This PDF lists the first ${limit.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} rows. Export CSV or XLSX for all of them.`;

const WEIGHTS: Record<ReportColumnKind, number> = {
  text: 3,
  number: 1.1,
  percent: 1.1,
  date: 1.4,
  datetime: 2,
  minutes: 1.1,
  money: 1.5,
};
const ALIGN: Record<ReportColumnKind, Align> = {
  text: 'left',
  number: 'right',
  percent: 'right',
  date: 'left',
  datetime: 'left',
  minutes: 'right',
  money: 'right',
};

export const pdfExport: Exporter = (source, context) => {
  const { head } = source;
  const out = new PassThrough();
  let written = 0;
  const limit = context.pdfRowLimit ?? PDF_ROW_LIMIT;

  const produce = async () => {
    const title = head.report.title;
    // Many columns need the page turned sideways.
    const pdf = new PdfWriter({ title: `${title}: ${context.scope}`, landscape: head.columns.length > 5 });
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
    const widths = fitColumns(
      head.columns.map((c) => WEIGHTS[c.kind]),
      pdf.width,
    );
    const table = pdf.table(
      head.columns.map((c, i) => ({ title: c.title, width: widths[i]!, align: ALIGN[c.kind] })),
      { size: head.columns.length > 8 ? 7 : 8 },
    );
    rows: for await (const batch of source.rows(EXPORT_BATCH)) {
      for (const row of batch) {
        if (written >= limit || out.destroyed) break rows;
        table.row(head.columns.map((c) => cellText(c.kind, row[c.name] ?? null, context.timeZone)));
        written += 1;
      }
    }
    if (written === 0) table.note('No rows match these filters.');
    pdf.end(`${title} · ${context.scope}`);
  };
  produce().catch((error: unknown) => out.destroy(error as Error));
  return { stream: out, contentType: 'application/pdf', extension: 'pdf', rowCount: () => written };
};
