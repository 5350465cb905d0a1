// Every report exported through its route over data whose text breaks files (line breaks, quotes, commas, formula
// signs, other scripts, a 300-character word) and read back by independent readers: the CSV as a spreadsheet reads
// it (csv-parse), the workbook with exceljs, the PDF's text with pdfjs-dist. Each file holds the API's rows, no more
// and no fewer, cell for cell, in the text the report's screen shows (the shared figure formatters: the CSV's and
// PDF's text, the workbook's typed cells through their number formats); the PDF every date, amount and number whole
// on one line, and every header word whole.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, type Caller, setupApi } from '../../../../../test/support/api.js';
import { HOSTILE_TEXTS, makeExportData } from '../../../../../test/support/export-factories.js';
import { pdfLines, readCsv } from '../../../../../test/support/export-readers.js';
import { makeAdmin, TEST_PASSWORD } from '../../../../../test/support/factories.js';
import { reportCellText } from '../../../../shared/format/figures.js';
import { formatStamp } from '../../../../shared/format/stamp.js';
import { wallParts } from '../../../../shared/format/wall-clock.js';
import {
  REPORT_KEYS,
  type ReportColumn,
  type ReportResponse,
  type ReportRow,
} from '../../../../shared/reports.js';
import { wordsOf } from '../../../platform/pdf-layout.js';
import { companyDay } from '../engine/report-source.js';
import { cellText, percentFraction } from './export-format.js';
import { cellFormat } from './export-xlsx.js';

let api: ApiHarness;
let admin: Caller;
let query: Record<string, string>;
let timeZone: string;

beforeAll(async () => {
  api = await setupApi();
  timeZone = api.config.timeZone;
  admin = await api.signIn((await makeAdmin(api.db.pool)).email, TEST_PASSWORD);
  ({ query } = await makeExportData(api.db.pool, companyDay(timeZone)));
}, 120_000);
afterAll(() => api?.close());

/** Every report (the device summaries by age and by address among them). */
const CASES: { name: string; key: string; extra?: Record<string, string> }[] = REPORT_KEYS.map((key) => ({
  name: key,
  key,
}));
const label = (c: (typeof CASES)[number]) => c.name;

/** A cell as the report's screen shows it (the client's formatCell: the shared formatter, the company's clock). */
const screenText = (col: ReportColumn, row: ReportRow) =>
  reportCellText(col.kind, row[col.name] ?? null, (iso) => formatStamp(new Date(iso), timeZone));

/** The report as the API lists it, every page: its exported columns and all its rows. */
async function listed(key: string, q: Record<string, string>) {
  const rows: ReportRow[] = [];
  let columns: ReportColumn[] = [];
  for (let start = 0; ; start += 100) {
    const res = await admin.get(
      `/api/report/${key}?${new URLSearchParams({ ...q, start: String(start), limit: '100' })}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ReportResponse;
    columns = body.columns.filter((c) => !c.hidden);
    rows.push(...body.rows);
    if (rows.length >= body.total) return { columns, rows };
  }
}

async function exported(key: string, format: string, q: Record<string, string>): Promise<Buffer> {
  const res = await admin.post(`/api/report/${key}/export`, { format, query: q });
  expect(res.statusCode, res.body).toBe(200);
  const file = await admin.get(res.json().history.download);
  expect(file.statusCode).toBe(200);
  return file.rawPayload;
}

const FORMULA = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/** A CSV cell as meant: the apostrophe that keeps a spreadsheet from running a formula taken off. */
const unescaped = (cell: string) =>
  cell.startsWith("'") && FORMULA.test(cell.slice(1)) ? cell.slice(1) : cell;

describe.each(CASES)('$name', (c) => {
  const q = () => ({ ...query, ...c.extra });

  it('CSV: reads back as the API rows, cell for cell, no formula left to run', async () => {
    const { columns, rows } = await listed(c.key, q());
    expect(rows.length, label(c)).toBeGreaterThan(0);
    const records = readCsv(await exported(c.key, 'csv', q()));
    expect(records[0]).toEqual(columns.map((col) => col.title));
    expect(records).toHaveLength(rows.length + 1);
    rows.forEach((row, r) => {
      const record = records[r + 1]!;
      expect(record).toHaveLength(columns.length);
      columns.forEach((col, i) => {
        const cell = record[i]!;
        // Only a figure of a numeric column may start with a sign.
        if (FORMULA.test(cell))
          expect(col.kind === 'text' ? cell : /^-\$?\d/.test(cell), label(c)).toBe(true);
        const where = `${label(c)} row ${r + 1} ${col.name}`;
        expect(unescaped(cell), where).toBe(screenText(col, row));
        expect(unescaped(cell), where).toBe(cellText(col.kind, row[col.name] ?? null, timeZone));
      });
    });
    // The awkward texts reached the file (every report lists an organization's or a person's name).
    const cells = new Set(records.flat().map(unescaped));
    expect(HOSTILE_TEXTS.filter((t) => [...cells].some((cell) => cell.includes(t.trim())))).not.toEqual([]);
  });

  it('XLSX: holds the API rows as typed cells', async () => {
    const { columns, rows } = await listed(c.key, q());
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await exported(c.key, 'xlsx', q())) as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(rows.length + 1);
    rows.forEach((row, r) => {
      const cells = sheet.getRow(r + 2);
      columns.forEach((col, i) => {
        const raw = row[col.name] ?? null;
        const value = cells.getCell(i + 1).value;
        const where = `${label(c)} row ${r + 1} ${col.name}`;
        if (raw === null || raw === '') expect(value ?? null, where).toBeNull();
        else {
          expect(value, where).toEqual(typedCell(col, raw));
          if (col.kind !== 'text') {
            const format = cells.getCell(i + 1).numFmt;
            expect(format, where).toBe(cellFormat(col.kind, typedCell(col, raw)));
            expect(excelShows(format, raw), where).toBe(ungroupedHours(col, screenText(col, row)));
          }
        }
      });
    });
  });

  it('PDF: every date, amount and number whole on one line, every header word whole', async () => {
    const { columns, rows } = await listed(c.key, q());
    const pages = await pdfLines(await exported(c.key, 'pdf', q()));
    const lines = pages.flat().map((l) => l.text);
    const firstPage = pages[0]!.map((l) => l.text);
    for (const col of columns)
      for (const word of wordsOf(col.title))
        expect(
          firstPage.some((l) => l.includes(word.trim())),
          `${label(c)} header ${col.title}`,
        ).toBe(true);
    let checked = 0;
    for (const row of rows)
      for (const col of columns.filter((x) => x.kind !== 'text')) {
        const text = cellText(col.kind, row[col.name] ?? null, timeZone);
        if (!text) continue;
        expect(text, `${label(c)} ${col.name}`).toBe(screenText(col, row));
        expect(
          lines.some((l) => l.includes(text)),
          `${label(c)} ${col.name} ${text}`,
        ).toBe(true);
        checked += 1;
      }
    // Firmware lists text only.
    if (columns.some((x) => x.kind !== 'text')) expect(checked, label(c)).toBeGreaterThan(0);
  });
});

/**
 * The text Excel shows for a raw value through the number format the export gave its cell (the formats it uses:
 * ECMA-376 Part 1, 18.8.31 numFmt): "mm/dd/yyyy", "mm/dd/yyyy h:mm AM/PM", "#,##0.0%", '"$"#,##0.00', "#,##0",
 * "#,##0.00" and the elapsed "[h]:mm".
 */
function excelShows(format: string, raw: string | number): string {
  const n = Number(raw);
  const grouped = (digits: number) =>
    new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
      n,
    );
  switch (format) {
    case 'mm/dd/yyyy': {
      const [y, m, d] = String(raw).split('-');
      return `${m}/${d}/${y}`;
    }
    case 'mm/dd/yyyy h:mm AM/PM':
      return formatStamp(new Date(String(raw)), timeZone);
    case '#,##0.0%':
      return `${new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n * 100)}%`;
    case '"$"#,##0.00':
      return n < 0 ? `-$${grouped(2).slice(1)}` : `$${grouped(2)}`;
    case '#,##0':
      return grouped(0);
    case '#,##0.00':
      return grouped(2);
    case '[h]:mm': {
      const m = Math.round(n);
      return `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
    }
    default:
      throw new Error(`No rendering for the number format ${format}`);
  }
}

/** Excel has no grouping for elapsed hours: past 999 hours a duration's text differs by its commas only. */
const ungroupedHours = (col: ReportColumn, text: string) =>
  col.kind === 'minutes' ? text.replace(/,/g, '') : text;

/** What exceljs reads back for a raw value: text as written (XML keeps a line break as LF), typed values. */
function typedCell(col: ReportColumn, raw: string | number): ExcelJS.CellValue {
  switch (col.kind) {
    case 'text':
      return String(raw).replace(/\r\n?/g, '\n');
    case 'number':
    case 'money':
      return Number(raw);
    case 'percent':
      return percentFraction(raw);
    case 'date': {
      const [y, m, d] = String(raw).split('-').map(Number) as [number, number, number];
      return new Date(Date.UTC(y, m - 1, d));
    }
    case 'datetime': {
      // The company's wall clock, as a date whose UTC fields are it.
      const w = wallParts(Date.parse(String(raw)), timeZone);
      return new Date(Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second));
    }
    case 'minutes':
      // A span of [h]:mm after Excel's day zero.
      return new Date(Date.UTC(1899, 11, 30) + Number(raw) * 60_000);
  }
}

describe('bill list with line breaks in its detail', () => {
  it('reads back as one CSV row per case', async () => {
    const { rows } = await listed('bill-list', query);
    expect(rows.filter((r) => String(r.detail).includes('\n')).length).toBe(rows.length);
    expect(readCsv(await exported('bill-list', 'csv', query))).toHaveLength(rows.length + 1);
  });
});
