// Exported files read back by independent readers, as the people who receive them would: CSV as a spreadsheet
// reads it (any line break ends an unquoted record), a PDF's text grouped into the lines a reader sees.
import { parse } from 'csv-parse/sync';

/**
 * The records of a CSV. A spreadsheet ends an unquoted record at a bare LF or CR as well as at CR LF, so this
 * reader does too (csv-parse would otherwise guess CR LF from the first line and forgive a bare LF in a cell).
 */
export function readCsv(bytes: Uint8Array | string): string[][] {
  return parse(typeof bytes === 'string' ? bytes : Buffer.from(bytes), {
    bom: true,
    record_delimiter: ['\r\n', '\n', '\r'],
  });
}

/** A line of a PDF page: the text items at one height, left to right, joined by a space. */
export type PdfLine = { y: number; text: string };

/**
 * Each page's lines: pdfjs-dist's text items grouped by their baseline (within `tolerance` points), top to bottom.
 * A value broken across two lines of a cell shows as two lines, so a whole value is found within one line.
 */
export async function pdfLines(bytes: Uint8Array, tolerance = 1): Promise<PdfLine[][]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes) }).promise;
  const pages: PdfLine[][] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    const items: { x: number; y: number; str: string }[] = [];
    for (const item of content.items)
      if ('str' in item && item.str.trim())
        items.push({ x: item.transform[4], y: item.transform[5], str: item.str });
    items.sort((a, b) => b.y - a.y || a.x - b.x);
    const lines: { y: number; items: typeof items }[] = [];
    for (const item of items) {
      const line = lines.find((l) => Math.abs(l.y - item.y) <= tolerance);
      if (line) line.items.push(item);
      else lines.push({ y: item.y, items: [item] });
    }
    pages.push(
      lines.map((l) => ({
        y: l.y,
        text: l.items
          .sort((a, b) => a.x - b.x)
          .map((it) => it.str)
          .join(' '),
      })),
    );
  }
  await doc.destroy();
  return pages;
}
