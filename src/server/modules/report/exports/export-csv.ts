// A report as CSV (csv-stringify, streamed a batch of rows at a time): a UTF-8 BOM so Excel reads every name, the
// column titles, then the rows as the report's screen shows them (dates MM/dd/yyyy, instants in the company time
// zone, hours h:mm, money with $ and cents, percents with one decimal).
// A text cell that a spreadsheet would run as a formula ("=cmd|..."), starting with = + - @ tab or CR (or their
// full-width forms, which some spreadsheets read as those), gets a leading apostrophe. Every cell holding a line
// break is quoted, so each row reads back as one record.
import { stringify } from 'csv-stringify';
import type { ReportColumnKind } from '../../../../shared/reports.js';
import { cellText, drained, EXPORT_BATCH, type Exporter } from './export-format.js';

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
// A figure as the screens write it: "-12", "-$1,554.50", "-1:30", "-2.0%".
const PLAIN_NUMBER = /^-?\$?[\d,]+(\.\d+)?(:\d{2})?%?$/;
/**
 * Cells quoted besides those with a quote or comma. csv-stringify quotes a cell holding its record delimiter (CR LF)
 * but not a bare LF or CR, which spreadsheets take for the end of the row; and some readers trim an unquoted cell's
 * leading or trailing spaces.
 */
const QUOTED = /[\r\n]|^\s|\s$/;
const NUMERIC: ReadonlySet<ReportColumnKind> = new Set(['number', 'percent', 'money', 'minutes']);

/** The cell as written: text a spreadsheet would read as a formula is escaped; a number of a numeric column is not. */
export function csvSafe(text: string, kind: ReportColumnKind = 'text'): string {
  if (!FORMULA_START.test(text)) return text;
  return NUMERIC.has(kind) && PLAIN_NUMBER.test(text) ? text : `'${text}`;
}

export const csvExport: Exporter = (source, context) => {
  const { columns } = source.head;
  const out = stringify({ bom: true, record_delimiter: 'windows', quoted_match: QUOTED });
  let written = 0;

  const write = async (record: string[]) => {
    if (!out.write(record)) await drained(out);
  };
  const produce = async () => {
    await write(columns.map((c) => csvSafe(c.title)));
    for await (const batch of source.rows(EXPORT_BATCH)) {
      for (const row of batch) {
        if (out.destroyed) return;
        await write(
          columns.map((c) => csvSafe(cellText(c.kind, row[c.name] ?? null, context.timeZone), c.kind)),
        );
        written += 1;
      }
    }
    out.end();
  };
  produce().catch((error: unknown) => out.destroy(error as Error));
  return { stream: out, contentType: 'text/csv; charset=utf-8', extension: 'csv', rowCount: () => written };
};
