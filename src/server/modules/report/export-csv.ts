// A report as CSV (csv-stringify, streamed a batch of rows at a time): a UTF-8 BOM so Excel reads every name, the
// column titles, then the rows with dates as MM/dd/yyyy, instants in the company time zone and minutes as h:mm.
// A text cell that a spreadsheet would run as a formula ("=cmd|..."), starting with = + - @ tab or CR, gets a
// leading apostrophe.
import { stringify } from 'csv-stringify';
import type { ReportColumnKind } from '../../../shared/reports.js';
import { cellText, drained, EXPORT_BATCH, type Exporter } from './export-format.js';

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?%?$/;
const NUMERIC: ReadonlySet<ReportColumnKind> = new Set(['number', 'percent', 'money', 'minutes']);

/** The cell as written: text a spreadsheet would read as a formula is escaped; a number of a numeric column is not. */
export function csvSafe(text: string, kind: ReportColumnKind = 'text'): string {
  if (!FORMULA_START.test(text)) return text;
  return NUMERIC.has(kind) && PLAIN_NUMBER.test(text) ? text : `'${text}`;
}

export const csvExport: Exporter = (source, context) => {
  const { columns } = source.head;
  const out = stringify({ bom: true, record_delimiter: 'windows' });
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
          columns.map((c) => csvSafe(cellText(c.kind, row[c.name] ?? null, context.timeZone, true), c.kind)),
        );
        written += 1;
      }
    }
    out.end();
  };
  produce().catch((error: unknown) => out.destroy(error as Error));
  return { stream: out, contentType: 'text/csv; charset=utf-8', extension: 'csv', rowCount: () => written };
};
