// The export files of a run, made as they are read (a batch of invoices at a time): Xero, QuickBooks Online and the
// plain CSV through csv-stringify (UTF-8 with a BOM, as Excel's "CSV UTF-8" saves the vendors' templates, CR LF,
// every cell with a line break or edge space quoted), IIF as tab-separated lines, XLSX through exceljs's streaming
// writer with typed cells.
import { PassThrough, type Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { InvoiceExportFormat } from '../../../../shared/schemas/accounting-mapping.js';
import { drained, XLSX_TYPE, xlsxText } from '../../report/index.js';
import type { ExportInvoice } from './export-data.js';
import {
  IIF_HEADER,
  iifLine,
  iifRows,
  PLAIN_COLUMNS,
  PLAIN_DATES,
  PLAIN_MONEY,
  PLAIN_NUMBERS,
  plainCsvRow,
  plainRows,
  QBO_COLUMNS,
  qboRows,
  XERO_COLUMNS,
  xeroRows,
} from './invoice-formats.js';

export type ExportFile = {
  stream: Readable;
  contentType: string;
  extension: string;
  /** The history row's format. */
  historyFormat: 'CSV' | 'XLSX' | 'FILE';
  /** Lines written so far. */
  rowCount: () => number;
};

export type FileContext = { receivableAccount: string; now: Date };

/** Quoted besides cells with a quote or comma: a bare LF or CR, and leading or trailing spaces (export-csv.ts). */
const QUOTED = /[\r\n]|^\s|\s$/;

function csvFile(
  header: readonly string[],
  rowsOf: (invoice: ExportInvoice) => string[][],
  invoices: AsyncIterable<ExportInvoice[]>,
): ExportFile {
  const out = stringify({ bom: true, record_delimiter: 'windows', quoted_match: QUOTED });
  let written = 0;
  const produce = async () => {
    out.write([...header]);
    for await (const batch of invoices) {
      for (const invoice of batch)
        for (const row of rowsOf(invoice)) {
          if (out.destroyed) return;
          if (!out.write(row)) await drained(out);
          written += 1;
        }
    }
    out.end();
  };
  produce().catch((error: unknown) => out.destroy(error as Error));
  return {
    stream: out,
    contentType: 'text/csv; charset=utf-8',
    extension: 'csv',
    historyFormat: 'CSV',
    rowCount: () => written,
  };
}

function iifFile(invoices: AsyncIterable<ExportInvoice[]>, context: FileContext): ExportFile {
  const out = new PassThrough();
  let written = 0;
  const produce = async () => {
    out.write(IIF_HEADER.map(iifLine).join(''));
    for await (const batch of invoices) {
      for (const invoice of batch) {
        if (out.destroyed) return;
        const rows = iifRows(invoice, context.receivableAccount);
        if (!out.write(rows.map(iifLine).join(''))) await drained(out);
        written += rows.length - 2;
      }
    }
    out.end();
  };
  produce().catch((error: unknown) => out.destroy(error as Error));
  return {
    stream: out,
    contentType: 'text/plain; charset=utf-8',
    extension: 'iif',
    historyFormat: 'FILE',
    rowCount: () => written,
  };
}

const WIDTHS = [12, 12, 8, 28, 28, 20, 24, 12, 12, 12, 12, 12, 6, 18, 40, 40, 10, 12, 12, 14, 20, 12, 14];

/** A yyyy-MM-dd day as the Date exceljs writes as that day. */
const day = (iso: string) => new Date(Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)));

function xlsxFile(invoices: AsyncIterable<ExportInvoice[]>, context: FileContext): ExportFile {
  const out = new PassThrough();
  let written = 0;
  const produce = async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    workbook.creator = 'SD6';
    workbook.created = context.now;
    const sheet = workbook.addWorksheet('Invoices', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = PLAIN_COLUMNS.map((_, i) => ({
      width: WIDTHS[i] ?? 14,
      ...(PLAIN_DATES.has(i)
        ? { style: { numFmt: 'mm/dd/yyyy' } }
        : PLAIN_MONEY.has(i)
          ? { style: { numFmt: '"$"#,##0.00;-"$"#,##0.00' } }
          : {}),
    }));
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: PLAIN_COLUMNS.length } };
    const header = sheet.addRow([...PLAIN_COLUMNS]);
    header.eachCell((cell) => {
      cell.font = { bold: true };
      cell.numFmt = 'General';
    });
    header.commit();
    for await (const batch of invoices) {
      for (const invoice of batch)
        for (const row of plainRows(invoice)) {
          // Typed cells: a text cell is never read as a formula by Excel, so text is written as it is.
          const values = row.map((value, i): ExcelJS.CellValue => {
            if (value === '') return null;
            if (PLAIN_DATES.has(i)) return day(value);
            if (PLAIN_MONEY.has(i) || PLAIN_NUMBERS.has(i)) return Number(value);
            return xlsxText(value);
          });
          sheet.addRow(values).commit();
          written += 1;
        }
      if (out.destroyed) return;
      await drained(out);
    }
    sheet.commit();
    await workbook.commit();
  };
  produce().catch((error: unknown) => out.destroy(error as Error));
  return {
    stream: out,
    contentType: XLSX_TYPE,
    extension: 'xlsx',
    historyFormat: 'XLSX',
    rowCount: () => written,
  };
}

export const FORMAT_TITLES: Record<InvoiceExportFormat, string> = {
  xero: 'Xero Sales Invoices',
  qbo: 'QuickBooks Online Invoices',
  iif: 'QuickBooks Desktop IIF',
  csv: 'Invoices CSV',
  xlsx: 'Invoices XLSX',
};

export function exportFile(
  format: InvoiceExportFormat,
  invoices: AsyncIterable<ExportInvoice[]>,
  context: FileContext,
): ExportFile {
  switch (format) {
    case 'xero':
      return csvFile(XERO_COLUMNS, xeroRows, invoices);
    case 'qbo':
      return csvFile(QBO_COLUMNS, qboRows, invoices);
    case 'iif':
      return iifFile(invoices, context);
    case 'csv':
      return csvFile(PLAIN_COLUMNS, (invoice) => plainRows(invoice).map(plainCsvRow), invoices);
    case 'xlsx':
      return xlsxFile(invoices, context);
  }
}
