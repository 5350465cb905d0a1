// A report as an Excel workbook (exceljs's streaming writer: each row is written and let go): typed cells (numbers,
// Excel dates with a date format, percents, minutes as [h]:mm durations, money in dollars), a bold frozen header row
// with an auto filter and sized columns, and a second sheet "Summary" with the figures, filters and notices.
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { wallParts } from '../../../../shared/format/wall-clock.js';
import type { ReportCell, ReportColumn, ReportColumnKind } from '../../../../shared/reports.js';
import {
  cellNumber,
  drained,
  EXPORT_BATCH,
  type Exporter,
  headFacts,
  percentFraction,
} from './export-format.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Excel number formats by column kind (none: General), each showing the text of the screens' formatter (shared
 * figures): MM/dd/yyyy, percents with one decimal, money with $ and cents, whole numbers grouped. Durations stay typed
 * ([h]:mm, so they add up in Excel), which has no grouping for elapsed hours: 1,000 hours and more show ungrouped.
 */
export const NUMBER_FORMATS: Partial<Record<ReportColumnKind, string>> = {
  date: 'mm/dd/yyyy',
  datetime: 'mm/dd/yyyy h:mm AM/PM',
  percent: '#,##0.0%',
  minutes: '[h]:mm',
  money: '"$"#,##0.00',
  number: '#,##0',
};

/** A number that is not whole shows two decimals, as on the screens ("2.50"). */
export const FRACTION_FORMAT = '#,##0.00';

/** The format of one cell: its column's, or two decimals for a number of a number column that is not whole. */
export const cellFormat = (kind: ReportColumnKind, value: ExcelJS.CellValue) =>
  kind === 'number' && typeof value === 'number' && !Number.isInteger(value)
    ? FRACTION_FORMAT
    : NUMBER_FORMATS[kind];

const WIDTHS: Record<ReportColumnKind, number> = {
  text: 28,
  number: 12,
  percent: 11,
  date: 12,
  datetime: 20,
  minutes: 11,
  money: 14,
};

const MINUTES_PER_DAY = 24 * 60;

/** A date's midnight (or an instant's wall clock in `timeZone`) as a Date whose UTC fields are that wall clock. */
function wallDate(value: string, timeZone: string | null): Date | null {
  if (timeZone === null) {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  }
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  const w = wallParts(at, timeZone);
  return new Date(Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second));
}

/**
 * Text as a workbook must hold it: "_x0041_" is the file format's own escape of a character (ECMA-376 Part 1,
 * 22.9.2.19 ST_Xstring, which Excel decodes on reading), so an underscore that starts such a run is escaped itself
 * ("_x005F_x0041_", as Excel stores a typed "_x0041_").
 */
export const xlsxText = (text: string) => text.replace(/_(x[0-9A-Fa-f]{4}_)/g, '_x005F_$1');

/** A raw report value as the typed value of its cell (text that does not fit the kind stays text). */
export function xlsxValue(kind: ReportColumnKind, value: ReportCell, timeZone: string): ExcelJS.CellValue {
  if (value === null || value === undefined || value === '') return null;
  const text = xlsxText(String(value));
  switch (kind) {
    case 'date':
      return wallDate(String(value), null) ?? text;
    case 'datetime':
      return wallDate(String(value), timeZone) ?? text;
    case 'percent':
      return percentFraction(value) ?? text;
    case 'minutes': {
      const n = cellNumber(value);
      return n === null ? text : n / MINUTES_PER_DAY;
    }
    case 'money':
    case 'number':
      return cellNumber(value) ?? text;
    default:
      return text;
  }
}

/** A worksheet name Excel accepts: at most 31 characters, none of []:*?/\. */
const sheetName = (title: string) => title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Report';

const columnWidth = (c: ReportColumn) => Math.min(60, Math.max(WIDTHS[c.kind], c.title.length + 4));

export const xlsxExport: Exporter = (source, context) => {
  const { head } = source;
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
    const sheet = workbook.addWorksheet(sheetName(head.report.title), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = head.columns.map((c) => ({
      key: c.name,
      width: columnWidth(c),
      ...(NUMBER_FORMATS[c.kind] ? { style: { numFmt: NUMBER_FORMATS[c.kind] } } : {}),
    }));
    if (head.columns.length)
      sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: head.columns.length } };
    const header = sheet.addRow(head.columns.map((c) => c.title));
    header.eachCell((cell) => {
      cell.font = { bold: true };
      cell.numFmt = 'General';
    });
    header.commit();
    for await (const batch of source.rows(EXPORT_BATCH)) {
      for (const row of batch) {
        const values = head.columns.map((c) => xlsxValue(c.kind, row[c.name] ?? null, context.timeZone));
        const added = sheet.addRow(values);
        head.columns.forEach((c, i) => {
          const format = cellFormat(c.kind, values[i] ?? null);
          if (format && format !== NUMBER_FORMATS[c.kind]) added.getCell(i + 1).numFmt = format;
        });
        added.commit();
        written += 1;
      }
      if (out.destroyed) return;
      // The file store reads slower than rows are written: wait for it rather than hold the workbook's bytes.
      await drained(out);
    }
    sheet.commit();

    const summary = workbook.addWorksheet('Summary');
    summary.columns = [{ width: 30 }, { width: 70 }];
    const line = (label: string, value: string | number, bold = false) => {
      const row = summary.addRow([xlsxText(label), typeof value === 'string' ? xlsxText(value) : value]);
      if (bold) row.getCell(1).font = { bold: true };
      row.commit();
    };
    const title = summary.addRow([xlsxText(head.report.title)]);
    title.getCell(1).font = { bold: true, size: 14 };
    title.commit();
    line('Organizations', context.scope, true);
    for (const [label, value] of headFacts(head, context)) line(label, value, true);
    line('Rows', written, true);
    if (head.summary.figures.length) {
      summary.addRow([]).commit();
      const figures = summary.addRow(['Summary']);
      figures.getCell(1).font = { bold: true };
      figures.commit();
      for (const figure of head.summary.figures) line(figure.label, figure.value);
    }
    for (const notice of head.notices) {
      summary.addRow([]).commit();
      line(notice.title, notice.body, true);
    }
    summary.commit();
    await workbook.commit();
  };
  produce().catch((error: unknown) => out.destroy(error as Error));
  return { stream: out, contentType: XLSX_TYPE, extension: 'xlsx', rowCount: () => written };
};
