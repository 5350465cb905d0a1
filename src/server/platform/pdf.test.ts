// Tables of the shared PDF writer read back with pdfjs-dist: columns sized from what they hold, headers wrapped
// only between words, values that must not break whole on one line even past the smallest font, the page turned
// only when the columns need it.
import { describe, expect, it } from 'vitest';
import { pdfLines } from '../../../test/support/export-readers.js';
import { PdfWriter, type TableSpec } from './pdf.js';

/** A one-table document: its columns fitted to `rows`, then the rows written. */
async function tablePdf(specs: TableSpec[], rows: string[][], landscape: boolean | 'fit' = 'fit') {
  const pdf = new PdfWriter({ title: 'Table', landscape });
  const fitted = pdf.fitTable(specs, rows);
  pdf.titleBlock({ organization: 'Acme Corp', title: 'Table' });
  const table = pdf.table(fitted.columns, { size: fitted.size });
  for (const row of rows) table.row(row);
  const bytes = await pdf.toBuffer();
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes) }).promise;
  const { width } = (await doc.getPage(1)).getViewport({ scale: 1 });
  await doc.destroy();
  return { width, size: fitted.size, lines: (await pdfLines(bytes)).flat().map((l) => l.text) };
}

const has = (lines: string[], text: string) => lines.some((l) => l.includes(text));

describe('PDF tables', () => {
  it('keeps dates and amounts whole and wraps headers only between words', async () => {
    const specs: TableSpec[] = [
      { title: 'Organization' },
      { title: 'Purchase Date', nowrap: true },
      { title: 'Amount', nowrap: true, align: 'right' },
      { title: 'Notes' },
    ];
    const rows = Array.from({ length: 5 }, (_, i) => [
      `Northwestern Regional Orthopedic and Sports Medicine Associates ${i}`,
      '10/21/2020',
      i % 2 ? '-$1,863.00' : '$2,032.50',
      'Replaced the failed drive in the RAID array and rebuilt it overnight',
    ]);
    const { width, lines } = await tablePdf(specs, rows);
    expect(width).toBe(612);
    for (const value of ['10/21/2020', '-$1,863.00', '$2,032.50', 'Purchase', 'Organization'])
      expect(has(lines, value), value).toBe(true);
    expect(has(lines, 'Purc ')).toBe(false);
  });

  it('turns the page only when the columns need it, then shrinks the font', async () => {
    const amounts = (n: number): TableSpec[] =>
      Array.from({ length: n }, (_, i) => ({ title: `Amount ${i + 1}`, nowrap: true, align: 'right' }));
    const row = (n: number) => Array.from({ length: n }, () => '$1,234,567.89');
    // Seven short columns stay upright.
    const seven = await tablePdf(
      Array.from({ length: 7 }, (_, i) => ({ title: `C${i}`, nowrap: true })),
      [Array.from({ length: 7 }, () => '12')],
    );
    expect(seven.width).toBe(612);
    expect(seven.size).toBe(8);
    const eight = await tablePdf(amounts(8), [row(8)]);
    expect(eight.width).toBe(792);
    const fourteen = await tablePdf(amounts(14), [row(14)]);
    expect(fourteen.width).toBe(792);
    expect(fourteen.size).toBeLessThan(8);
    expect(fourteen.lines.filter((l) => l.includes('$1,234,567.89'))).toHaveLength(1);
    expect(fourteen.lines.find((l) => l.includes('$1,234,567.89'))!.split('$1,234,567.89')).toHaveLength(15);
  });

  it('past the smallest font writes a value smaller rather than break it', async () => {
    const specs: TableSpec[] = Array.from({ length: 20 }, (_, i) => ({ title: `A${i}`, nowrap: true }));
    const values = Array.from({ length: 20 }, () => '$9,999,999,999.99');
    const { width, size, lines } = await tablePdf(specs, [values]);
    expect(width).toBe(792);
    expect(size).toBe(6);
    expect(lines.find((l) => l.includes('$9,999,999,999.99'))!.split('$9,999,999,999.99')).toHaveLength(21);
  });

  it('fits a table on a page already written without turning it', async () => {
    const specs: TableSpec[] = Array.from({ length: 10 }, (_, i) => ({ title: `Amount ${i}`, nowrap: true }));
    const { width, size, lines } = await tablePdf(specs, [specs.map(() => '$123,456.78')], false);
    expect(width).toBe(612);
    expect(size).toBeLessThan(8);
    expect(lines.find((l) => l.includes('$123,456.78'))!.split('$123,456.78')).toHaveLength(11);
  });

  it('writes a name with line breaks in the title block on one line', async () => {
    const pdf = new PdfWriter({ title: 'T' });
    pdf.titleBlock({ organization: 'line1\nline2', title: 'a\r\nb', lines: ['Filters: x\ry'] });
    const lines = (await pdfLines(await pdf.toBuffer())).flat().map((l) => l.text);
    for (const text of ['line1 line2', 'a b', 'Filters: x y']) expect(has(lines, text), text).toBe(true);
  });
});
