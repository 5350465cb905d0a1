// An export's rows, one at a time, from its temp copy: CSV through csv-parse (BOM, quoted line breaks, the
// delimiter the file uses, UTF-8 or else Windows-1252, said so), XLSX through exceljs's streaming reader once the
// zip guard has passed it. Each row carries the line (CSV) or row number (XLSX) the user finds it at.
import { createReadStream } from 'node:fs';
import { Transform } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { IMPORT_EMPTY } from '../../../shared/schemas/file-import.js';
import { ImportRefused, XLSX_TYPE } from './file-store.js';
import type { CellValue } from './normalize.js';
import { guardWorkbook } from './zip-guard.js';

/** The most data rows one file may have. */
export const MAX_ROWS = 500_000;
export const TOO_MANY_ROWS = `The file has more than ${MAX_ROWS.toLocaleString('en-US')} rows. Split it into smaller files.`;
export const WINDOWS_1252_NOTICE =
  'This file is not UTF-8 text: it was read as Windows-1252 (Western European). Check accented names in the preview.';

export type Encoding = 'utf-8' | 'windows-1252' | 'utf-16le';
export type FileRow = { line: number; cells: CellValue[] };
export type Table = { headers: string[]; rows: AsyncGenerator<FileRow>; notices: string[] };

/** Whether the whole file is valid UTF-8 (or UTF-16 by its byte order mark), read once as a stream. */
async function detectEncoding(path: string): Promise<Encoding> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let first = true;
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 }) as AsyncIterable<Buffer>) {
    if (first && chunk[0] === 0xff && chunk[1] === 0xfe) return 'utf-16le';
    first = false;
    try {
      decoder.decode(chunk, { stream: true });
    } catch {
      return 'windows-1252';
    }
  }
  try {
    decoder.decode();
  } catch {
    return 'windows-1252';
  }
  return 'utf-8';
}

const decoding = (encoding: Encoding) => {
  const decoder = new TextDecoder(encoding);
  return new Transform({
    readableObjectMode: false,
    transform(chunk: Buffer, _encoding, done) {
      done(null, decoder.decode(chunk, { stream: true }));
    },
    flush(done) {
      done(null, decoder.decode());
    },
  });
};

/** The delimiter of the header line: the one of comma, semicolon and tab found most often outside quotes. */
async function detectDelimiter(path: string, encoding: Encoding): Promise<string> {
  const head = createReadStream(path, { start: 0, end: 64 * 1024 });
  let text = '';
  for await (const chunk of head.pipe(decoding(encoding))) text += String(chunk);
  const counts = new Map([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && counts.has(c)) counts.set(c, counts.get(c)! + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]![1] > 0
    ? [...counts].sort((a, b) => b[1] - a[1])[0]![0]
    : ',';
}

type CsvError = Error & { code?: string; lines?: number };

function csvFailure(error: unknown): Error {
  const e = error as CsvError;
  if (e?.code === 'CSV_QUOTE_NOT_CLOSED')
    return new ImportRefused(
      `A quoted value is never closed (it runs to the end of the file, line ${e.lines}).`,
    );
  if (e?.code === 'CSV_MAX_RECORD_SIZE')
    return new ImportRefused(`Line ${e.lines} is far too long for an export row.`);
  if (typeof e?.code === 'string' && e.code.startsWith('CSV_'))
    return new ImportRefused(`Line ${e.lines ?? '?'} could not be read as CSV.`);
  return error as Error;
}

/** Header names, trimmed; blanks named by position and repeats numbered, so each is unique. */
function headerNames(cells: CellValue[]): string[] {
  const seen = new Map<string, number>();
  return cells.map((cell, i) => {
    let name = cell === null ? '' : String(cell).trim();
    if (!name) name = `Column ${i + 1}`;
    const n = (seen.get(name.toLowerCase()) ?? 0) + 1;
    seen.set(name.toLowerCase(), n);
    return n > 1 ? `${name} (${n})` : name;
  });
}

const blank = (cells: CellValue[]) => cells.every((c) => c === null || c === '');

async function openCsv(path: string, encoding?: Encoding): Promise<Table & { encoding: Encoding }> {
  const used = encoding ?? (await detectEncoding(path));
  const delimiter = await detectDelimiter(path, used);
  const parser = createReadStream(path, { highWaterMark: 256 * 1024 })
    .pipe(decoding(used))
    .pipe(
      parse({
        bom: true,
        delimiter,
        info: true,
        relax_column_count: true,
        relax_quotes: true,
        max_record_size: 1024 * 1024,
      }),
    );
  const records = parser[Symbol.asyncIterator]() as AsyncIterator<{
    record: string[];
    info: { lines: number };
  }>;
  let lastLine = 0;
  const next = async () => {
    for (;;) {
      let result: IteratorResult<{ record: string[]; info: { lines: number } }>;
      try {
        result = await records.next();
      } catch (error) {
        throw csvFailure(error);
      }
      if (result.done) return null;
      const line = lastLine + 1;
      lastLine = result.value.info.lines;
      if (!blank(result.value.record)) return { line, cells: result.value.record as CellValue[] };
    }
  };
  const header = await next();
  if (!header) throw new ImportRefused(IMPORT_EMPTY);
  async function* rows() {
    let count = 0;
    try {
      for (let row = await next(); row; row = await next()) {
        if (++count > MAX_ROWS) throw new ImportRefused(TOO_MANY_ROWS);
        yield row;
      }
    } finally {
      parser.destroy();
    }
  }
  return {
    headers: headerNames(header.cells),
    rows: rows(),
    notices: used === 'windows-1252' ? [WINDOWS_1252_NOTICE] : [],
    encoding: used,
  };
}

type XlsxCell = ExcelJS.CellValue;

/** A workbook cell as text, number, boolean or date: formulas by their result, rich text by its text. */
function xlsxCell(value: XlsxCell | undefined): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return xlsxCell(value.result as XlsxCell);
    if ('text' in value) return String((value as { text: unknown }).text);
    if ('error' in value) return null;
  }
  return null;
}

async function openXlsx(path: string): Promise<Table> {
  await guardWorkbook(path);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  // The first worksheet only: exports have one.
  async function* sheetRows(): AsyncGenerator<FileRow> {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = (row.values as XlsxCell[]).slice(1).map(xlsxCell);
        if (!blank(values)) yield { line: row.number, cells: values };
      }
      return;
    }
  }
  const source = sheetRows();
  let first: IteratorResult<FileRow>;
  try {
    first = await source.next();
  } catch (error) {
    throw error instanceof ImportRefused ? error : new ImportRefused('The workbook could not be read.');
  }
  if (first.done) throw new ImportRefused(IMPORT_EMPTY);
  async function* rows() {
    let count = 0;
    try {
      for (;;) {
        let result: IteratorResult<FileRow>;
        try {
          result = await source.next();
        } catch (error) {
          throw error instanceof ImportRefused ? error : new ImportRefused('The workbook could not be read.');
        }
        if (result.done) return;
        if (++count > MAX_ROWS) throw new ImportRefused(TOO_MANY_ROWS);
        yield result.value;
      }
    } finally {
      await source.return(undefined);
    }
  }
  return { headers: headerNames(first.value.cells), rows: rows(), notices: [] };
}

/** Opens a temp copy as a table of rows; the caller iterates `rows` to its end (or returns it) to release it. */
export async function openTable(path: string, contentType: string): Promise<Table> {
  return contentType === XLSX_TYPE ? openXlsx(path) : openCsv(path);
}
