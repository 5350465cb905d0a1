// The three exporters, read back as their readers would: CSV with csv-parse, XLSX with exceljs (types and formats of
// the cells), PDF with pdfjs-dist (text, organization, period, pages with the header repeated).
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readCsv } from '../../../../../test/support/export-readers.js';
import { pdfPages } from '../../../../../test/support/history-factories.js';
import type { ReportColumn, ReportRow } from '../../../../shared/reports.js';
import { csvExport, csvSafe } from './export-csv.js';
import {
  type ExportContext,
  type ExportOutput,
  exportFileName,
  type ReportSource,
  scopeOf,
  slug,
} from './export-format.js';
import { pdfExport, pdfRowLimitNotice } from './export-pdf.js';
import { xlsxExport } from './export-xlsx.js';

const COLUMNS: ReportColumn[] = [
  { name: 'name', title: 'Device', kind: 'text' },
  { name: 'count', title: 'Count', kind: 'number' },
  { name: 'ends', title: 'Warranty Ends', kind: 'date' },
  { name: 'seen', title: 'Last Seen', kind: 'datetime' },
  { name: 'share', title: 'Compliant', kind: 'percent' },
  { name: 'time', title: 'Time', kind: 'minutes' },
  { name: 'cost', title: 'Cost', kind: 'money' },
];

const ROW: ReportRow = {
  name: 'Zoë Łukasiewicz’s laptop',
  count: -5,
  ends: '2026-03-05',
  seen: '2026-11-24T15:30:00.000Z',
  share: 0.925,
  time: 135,
  cost: '1234.50',
};

type SourceOptions = { rows?: ReportRow[]; count?: number; total?: number; fail?: boolean };

/** A hand-made report source: `rows` as given, or `count` generated rows, handed out in batches as asked. */
function source(options: SourceOptions = {}): ReportSource & { finished: () => boolean; batches: number[] } {
  const count = options.rows?.length ?? options.count ?? 1;
  const make = (i: number): ReportRow =>
    options.rows?.[i] ?? { ...ROW, name: `Device ${i + 1}`, count: i + 1 };
  const state = { finished: false, batches: [] as number[] };
  return {
    head: {
      report: { key: 'warranty', title: 'Warranty' },
      filtersText: 'Clients: Active · Devices: Active · Ending within 90 days',
      period: { from: '10/01/2026', to: '10/31/2026' },
      organization: { value: 4, label: 'Łódź Dental Group' },
      summary: {
        figures: [
          { label: 'Devices', value: '2,000' },
          { label: 'Expired', value: '12' },
        ],
        chart: null,
      },
      columns: COLUMNS,
      total: options.total ?? count,
      sort: { field: 'name', dir: 'asc' },
      notices: [
        { title: 'Disclaimer', body: 'Warranty dates come from the vendors and may be late by a day.' },
      ],
    },
    rows: (batch = 1000) => ({
      async *[Symbol.asyncIterator]() {
        try {
          for (let at = 0; at < count; at += batch) {
            if (options.fail && at > 0) throw new Error('the database went away');
            const size = Math.min(batch, count - at);
            state.batches.push(size);
            yield Array.from({ length: size }, (_, i) => make(at + i));
          }
        } finally {
          state.finished = true;
        }
      },
    }),
    finished: () => state.finished,
    batches: state.batches,
  };
}

const context: ExportContext = {
  timeZone: 'America/New_York',
  now: new Date('2026-11-24T14:05:00Z'),
  scope: 'Łódź Dental Group',
};

async function bytesOf(output: ExportOutput): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of output.stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

describe('csvSafe', () => {
  it.each([
    ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    // Full-width forms, which some spreadsheets read as the formula signs.
    ['\uFF1D1+1', "'\uFF1D1+1"],
    ['\uFF20x', "'\uFF20x"],
    ['plain = text', 'plain = text'],
    ['', ''],
  ])('%j is written as %j', (text, written) => {
    expect(csvSafe(text)).toBe(written);
  });
  it('leaves a negative number of a numeric column alone, not one of a text column', () => {
    expect(csvSafe('-5', 'number')).toBe('-5');
    expect(csvSafe('-12.50', 'money')).toBe('-12.50');
    // Figures as the screens write them.
    expect(csvSafe('-$1,554.50', 'money')).toBe('-$1,554.50');
    expect(csvSafe('-1:30', 'minutes')).toBe('-1:30');
    expect(csvSafe('-2.0%', 'percent')).toBe('-2.0%');
    expect(csvSafe('-1,234', 'number')).toBe('-1,234');
    expect(csvSafe('-5', 'text')).toBe("'-5");
    expect(csvSafe('-5=1', 'number')).toBe("'-5=1");
  });
});

describe('CSV export', () => {
  it('starts with a BOM and writes titles and typed cells as people read them', async () => {
    const output = csvExport(
      source({
        rows: [
          ROW,
          { ...ROW, name: '=HYPERLINK("http://x")', ends: null, time: 0 },
          { name: 'two\nlines, "quoted"' },
        ],
      }),
      context,
    );
    const bytes = await bytesOf(output);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(output.contentType).toBe('text/csv; charset=utf-8');
    expect(output.rowCount()).toBe(3);
    const records: string[][] = parse(bytes, { bom: true });
    expect(records[0]).toEqual([
      'Device',
      'Count',
      'Warranty Ends',
      'Last Seen',
      'Compliant',
      'Time',
      'Cost',
    ]);
    expect(records[1]).toEqual([
      'Zoë Łukasiewicz’s laptop',
      '-5',
      '03/05/2026',
      '11/24/2026 10:30 AM',
      '92.5%',
      '2:15',
      '$1,234.50',
    ]);
    expect(records[2]![0]).toBe('\'=HYPERLINK("http://x")');
    expect(records[2]![2]).toBe('');
    expect(records[2]![5]).toBe('0:00');
    expect(records[3]).toEqual(['two\nlines, "quoted"', '', '', '', '', '', '']);
  });

  it('quotes every cell holding a line break, so each row reads back as one record', async () => {
    const hostile = ['line1\nline2', 'a\r\nb', 'carriage\rreturn', ' padded ', '"quoted"', 'a,b', 'end\n'];
    const output = csvExport(source({ rows: hostile.map((name) => ({ ...ROW, name })) }), context);
    const records = readCsv(await bytesOf(output));
    expect(records).toHaveLength(hostile.length + 1);
    expect(records.slice(1).map((r) => r[0])).toEqual(hostile);
    expect(records.slice(1).every((r) => r.length === COLUMNS.length)).toBe(true);
  });

  it('streams many rows a batch at a time', async () => {
    const src = source({ count: 2500 });
    const records: string[][] = parse(await bytesOf(csvExport(src, context)), { bom: true });
    expect(records).toHaveLength(2501);
    expect(records[2500]![0]).toBe('Device 2500');
    expect(src.batches).toEqual([1000, 1000, 500]);
  });

  it('stops reading rows when the reader goes away, and fails when the rows do', async () => {
    const src = source({ count: 100_000 });
    const output = csvExport(src, context);
    for await (const _ of output.stream) break;
    await expect.poll(() => src.finished()).toBe(true);
    expect(src.batches.length).toBeLessThan(100);
    await expect(bytesOf(csvExport(source({ count: 3000, fail: true }), context))).rejects.toThrow(
      'the database went away',
    );
  });
});

describe('XLSX export', () => {
  it('writes a workbook of typed cells with formats, a frozen bold header, a filter and a Summary sheet', async () => {
    const output = xlsxExport(
      source({ rows: [ROW, { ...ROW, name: '=1+1', share: 0.4, cost: null }] }),
      context,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await bytesOf(output)) as unknown as ExcelJS.Buffer);
    expect(output.rowCount()).toBe(2);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Warranty', 'Summary']);
    const sheet = workbook.getWorksheet('Warranty')!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    const header = sheet.getRow(1);
    expect(header.values).toEqual([undefined, ...COLUMNS.map((c) => c.title)]);
    expect(header.getCell(1).font?.bold).toBe(true);
    expect(sheet.getColumn(1).width).toBeGreaterThanOrEqual(20);

    const row = sheet.getRow(2);
    const cell = (i: number) => row.getCell(i);
    expect(cell(1).type).toBe(ExcelJS.ValueType.String);
    expect(cell(1).value).toBe('Zoë Łukasiewicz’s laptop');
    expect(cell(2)).toMatchObject({ type: ExcelJS.ValueType.Number, value: -5, numFmt: '#,##0' });
    expect(cell(3).type).toBe(ExcelJS.ValueType.Date);
    expect(cell(3).value).toEqual(new Date(Date.UTC(2026, 2, 5)));
    expect(cell(3).numFmt).toBe('mm/dd/yyyy');
    // An instant as the company's wall clock (10:30 AM in New York).
    expect(cell(4).value).toEqual(new Date(Date.UTC(2026, 10, 24, 10, 30)));
    expect(cell(4).numFmt).toBe('mm/dd/yyyy h:mm AM/PM');
    expect(cell(5)).toMatchObject({ type: ExcelJS.ValueType.Number, value: 0.925, numFmt: '#,##0.0%' });
    // 135 minutes: the number 135/1440 of a day, which a reader shows through its [h]:mm format as 2:15 (exceljs
    // reads such a cell back as that span after Excel's day zero).
    expect(cell(6).numFmt).toBe('[h]:mm');
    expect(cell(6).value).toEqual(new Date(Date.UTC(1899, 11, 30, 2, 15)));
    expect(cell(7)).toMatchObject({ type: ExcelJS.ValueType.Number, value: 1234.5, numFmt: '"$"#,##0.00' });
    // Text that looks like a formula stays text: a workbook cell is typed, never run.
    const second = sheet.getRow(3);
    expect(second.getCell(1)).toMatchObject({ type: ExcelJS.ValueType.String, value: '=1+1' });
    expect(second.getCell(5).value).toBe(0.4);
    expect(second.getCell(7).value).toBeNull();

    const summary = workbook.getWorksheet('Summary')!;
    const lines = summary.getSheetValues().map((r) => (Array.isArray(r) ? r.slice(1).join(' | ') : ''));
    for (const line of [
      'Warranty',
      'Organizations | Łódź Dental Group',
      'Period | 10/01/2026 – 10/31/2026',
      'Filters | Clients: Active · Devices: Active · Ending within 90 days',
      'Generated | 11/24/2026 9:05 AM',
      'Rows | 2',
      'Devices | 2,000',
      'Expired | 12',
      'Disclaimer | Warranty dates come from the vendors and may be late by a day.',
    ])
      expect(lines).toContain(line);
  });

  it('keeps text that looks like the format’s own character escape (_x0041_) as typed, in the rows and the summary', async () => {
    // How Excel reads a cell's text: ECMA-376 Part 1, 22.9.2.19 ST_Xstring, "_xHHHH_" is the character HHHH and a
    // literal "_x0041_" is stored as "_x005F_x0041_". exceljs hands the stored text back as it is.
    const excelShows = (stored: unknown) =>
      String(stored).replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) =>
        String.fromCharCode(parseInt(hex, 16)),
      );
    const typed = 'Rack _x0041_ and _x00e9_ (_X0042_), __x1234__';
    const output = xlsxExport(source({ rows: [{ ...ROW, name: typed }] }), { ...context, scope: typed });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await bytesOf(output)) as unknown as ExcelJS.Buffer);
    const cell = workbook.getWorksheet('Warranty')!.getRow(2).getCell(1).value;
    expect(cell).toBe('Rack _x005F_x0041_ and _x005F_x00e9_ (_X0042_), __x005F_x1234__');
    expect(excelShows(cell)).toBe(typed);
    const summary = workbook.getWorksheet('Summary')!.getRow(2).values as unknown[];
    expect(excelShows(summary[2])).toBe(typed);
  });

  it('streams thousands of rows', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      (await bytesOf(xlsxExport(source({ count: 2500 }), context))) as unknown as ExcelJS.Buffer,
    );
    const sheet = workbook.getWorksheet('Warranty')!;
    expect(sheet.rowCount).toBe(2501);
    expect(sheet.getRow(2501).getCell(1).value).toBe('Device 2500');
    expect(sheet.getRow(2501).getCell(2).value).toBe(2500);
  });
});

describe('PDF export', () => {
  it('has the organization, report, period, filters, figures, notices and the rows, in any script', async () => {
    const output = pdfExport(source({ rows: [ROW] }), context);
    const bytes = await bytesOf(output);
    expect(output.contentType).toBe('application/pdf');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await pdfPages(bytes);
    expect(pages).toHaveLength(1);
    for (const text of [
      'Łódź Dental Group',
      'Warranty',
      'Period: 10/01/2026 – 10/31/2026',
      'Filters: Clients: Active · Devices: Active · Ending within 90 days',
      'Generated: 11/24/2026 9:05 AM',
      'Devices',
      '2,000',
      'Disclaimer',
      'Zoë Łukasiewicz’s laptop',
      '03/05/2026',
      '11/24/2026 10:30 AM',
      '92.5%',
      '2:15',
      '$1,234.50',
      'Page 1 of 1',
    ])
      expect(pages[0]).toContain(text);
  });

  it('turns the page only when its columns need it, never for a count of columns', async () => {
    const widthOf = async (bytes: Buffer) => {
      const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
      const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes) }).promise;
      const { width } = (await doc.getPage(1)).getViewport({ scale: 1 });
      await doc.destroy();
      return width;
    };
    // Seven columns of short values fit upright.
    expect(await widthOf(await bytesOf(pdfExport(source({ rows: [ROW] }), context)))).toBe(612);
    const wide = source({ rows: [ROW] });
    wide.head.columns = [...COLUMNS, ...COLUMNS.map((c) => ({ ...c, name: `${c.name}2` }))];
    expect(await widthOf(await bytesOf(pdfExport(wide, context)))).toBe(792);
  });

  it('runs 2,000 rows onto several pages, the header and page number on each', async () => {
    const pages = await pdfPages(await bytesOf(pdfExport(source({ count: 2000 }), context)));
    expect(pages.length).toBeGreaterThan(5);
    for (const [i, page] of pages.entries()) {
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(page).toMatch(/Device\s+Count\s+Warranty Ends\s+Last Seen\s+Compliant\s+Time\s+Cost/);
    }
    const all = pages.join('\n');
    expect(all).toMatch(/Device 1\b/);
    expect(all).toContain('Device 2000');
  }, 30_000);

  it('lists at most its row limit and says so; says when there are no rows', async () => {
    const output = pdfExport(source({ count: 30, total: 30 }), { ...context, pdfRowLimit: 10 });
    const text = (await pdfPages(await bytesOf(output))).join('\n');
    expect(output.rowCount()).toBe(10);
    expect(text).toContain(pdfRowLimitNotice(10, 30));
    expect(text).toContain('Device 10');
    expect(text).not.toContain('Device 11');
    const empty = (await pdfPages(await bytesOf(pdfExport(source({ rows: [] }), context)))).join('\n');
    expect(empty).toContain('No rows match these filters.');
  });
});

describe('names', () => {
  it('says who an export is about', () => {
    const head = source().head;
    const query = { clients: '1', organization: undefined } as unknown as Parameters<typeof scopeOf>[1];
    expect(scopeOf(head, query)).toBe('Łódź Dental Group');
    const noOne = { ...head, organization: null };
    expect(scopeOf(noOne, { ...query, organization: [3, 5, 9] })).toBe('3 organizations');
    expect(scopeOf(noOne, { ...query, clients: 'all' })).toBe('All clients');
    expect(scopeOf(noOne, { ...query, clients: '4' })).toBe('All clients (RMM - Bill By Device)');
  });
  it.each([
    ['warranty', 'Acme Corp', 'xlsx', 'warranty-acme-corp-2026-11-24.xlsx'],
    ['patch', 'Łódź Dental (Main)', 'pdf', 'patch-łódź-dental-main-2026-11-24.pdf'],
    [
      'device',
      'All clients (RMM - Bill By Device)',
      'csv',
      'device-all-clients-rmm-bill-by-device-2026-11-24.csv',
    ],
    ['device', '../..', 'csv', 'device-report-2026-11-24.csv'],
  ])('%s for %s as %s is %s', (key, scope, extension, name) => {
    expect(exportFileName(key, scope, '2026-11-24', extension)).toBe(name);
  });
  it('cuts long names at 60 characters, with no hyphen left at the end', () => {
    expect(slug(`${'a'.repeat(59)} b c`)).toBe('a'.repeat(59));
  });
});
