// Every PDF of the product (proposals, task cards, report exports) is made here with pdfkit: DejaVu Sans embedded, so
// every name prints as typed ("Zoë Łukasiewicz", "Łódź", "€"); a title block; tables whose header repeats on each
// page they run onto, their columns sized from what they hold (pdf-layout.ts); summary figures; notice texts;
// "Page N of M" footers written once all pages exist.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { layoutTable, measureColumns, wordsOf } from './pdf-layout.js';

export type Doc = InstanceType<typeof PDFDocument>;

const FONT_FILES = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  italic: 'DejaVuSans-Oblique.ttf',
  boldItalic: 'DejaVuSans-BoldOblique.ttf',
} as const;
export type FontName = keyof typeof FONT_FILES;
const FONT_NAMES: Record<FontName, string> = {
  regular: 'DejaVuSans',
  bold: 'DejaVuSans-Bold',
  italic: 'DejaVuSans-Oblique',
  boldItalic: 'DejaVuSans-BoldOblique',
};

let fonts: Record<FontName, Buffer> | null = null;
/** The font files, read once per process. */
function fontData(): Record<FontName, Buffer> {
  if (!fonts) {
    const require = createRequire(import.meta.url);
    const read = (file: string) => readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
    fonts = {
      regular: read(FONT_FILES.regular),
      bold: read(FONT_FILES.bold),
      italic: read(FONT_FILES.italic),
      boldItalic: read(FONT_FILES.boldItalic),
    };
  }
  return fonts;
}

export const fontOf = (marks: { bold?: boolean; italic?: boolean }): FontName =>
  marks.bold ? (marks.italic ? 'boldItalic' : 'bold') : marks.italic ? 'italic' : 'regular';

/** ¾-inch margins on US Letter (612 × 792 points, or 792 × 612 turned). */
export const MARGIN = 54;
export const GREY = '#555555';
export const RULE = '#bbbbbb';
export const BODY_SIZE = 10;
/** The space between a table's columns. */
export const CELL_GAP = 8;

export type PdfOptions = {
  /** The document's title (its metadata). */
  title: string;
  subject?: string;
  /** Letter turned sideways. 'fit': the first page waits for fitTable, which turns it if the columns need it. */
  landscape?: boolean | 'fit';
};

export type Align = 'left' | 'right' | 'center';
/** A table column: its width with the gap after it; `nowrap` values (dates, amounts) are never broken. */
export type PdfColumn = { title: string; width: number; align?: Align; nowrap?: boolean };
/** A table column before it is sized: what it is called and whether its values may wrap. */
export type TableSpec = Omit<PdfColumn, 'width'>;
/** A table sized by fitTable: its columns with their widths, and its font size. */
export type FittedTable = { columns: PdfColumn[]; size: number };

/** The font size of a table that fits, and the smallest it may shrink to. */
export const TABLE_SIZE = 8;
export const TABLE_MIN_SIZE = 6;
const PORTRAIT_WIDTH = 612 - 2 * MARGIN;
const LANDSCAPE_WIDTH = 792 - 2 * MARGIN;

/** The title block of a report-like document: who it is about, what it is, and the lines under it. */
export type TitleBlock = {
  /** The organization's name (or "3 organizations", "All clients"). */
  organization: string;
  title: string;
  /** Grey lines under the title: period, filters, when it was generated. */
  lines?: string[];
};

export type Figure = { label: string; value: string };

/** A name with line breaks (an imported one) as one line: a title or a filter is read as one. */
const oneLine = (text: string) => text.replace(/\s*[\r\n]+\s*/g, ' ');
export type NoticeText = { title: string; body: string };

export class PdfWriter {
  readonly doc: Doc;
  readonly left = MARGIN;
  readonly top = MARGIN;
  private sideways: boolean;
  private started = false;

  constructor(options: PdfOptions) {
    const data = fontData();
    this.sideways = options.landscape === true;
    this.doc = new PDFDocument({
      size: 'LETTER',
      layout: this.sideways ? 'landscape' : 'portrait',
      margin: MARGIN,
      bufferPages: true,
      // The first page is added below, or by fitTable once it knows which way the page is turned.
      autoFirstPage: false,
      // Our own font from the start: the built-in Helvetica cannot print most names.
      font: data.regular as unknown as string,
      info: { Title: options.title, Author: 'SD6', ...(options.subject ? { Subject: options.subject } : {}) },
    });
    // Registered under their own PostScript names: pdfkit caches a font by the name it is asked for only when that
    // is not already the name of a loaded font (the default one), and would parse the file again on every switch.
    for (const [name, bytes] of Object.entries(data))
      this.doc.registerFont(FONT_NAMES[name as FontName], bytes);
    if (options.landscape !== 'fit') this.start(this.sideways);
  }

  get pageWidth(): number {
    return this.sideways ? 792 : 612;
  }
  get pageHeight(): number {
    return this.sideways ? 612 : 792;
  }
  /** The text width: the page between its margins. */
  get width(): number {
    return this.pageWidth - 2 * MARGIN;
  }
  get bottom(): number {
    return this.pageHeight - MARGIN;
  }

  /** Adds the first page, turned as asked; every later page is turned the same way. */
  private start(landscape: boolean): void {
    this.sideways = landscape;
    this.doc.options.layout = landscape ? 'landscape' : 'portrait';
    this.doc.addPage();
    this.started = true;
  }

  /** A text's width at font size 1 (widths grow in proportion to the size). Set the font again (use) to write. */
  measure(text: string, font: FontName = 'regular'): number {
    return this.doc.font(FONT_NAMES[font]).fontSize(1).widthOfString(text);
  }

  /**
   * Sizes a table's columns from its titles and `rows` (all of them, or the first of a long table): see
   * pdf-layout.ts. A document made with `landscape: 'fit'` gets its first page here, turned if the columns need it;
   * on a page already written the table fits its width, the font shrinking if it must.
   */
  fitTable(
    specs: readonly TableSpec[],
    rows: readonly (readonly string[])[],
    options: { size?: number; minSize?: number } = {},
  ): FittedTable {
    const needs = measureColumns(specs, rows, (text, bold) => this.measure(text, bold ? 'bold' : 'regular'));
    const layout = layoutTable(needs, {
      size: options.size ?? TABLE_SIZE,
      minSize: options.minSize ?? TABLE_MIN_SIZE,
      gap: CELL_GAP,
      portrait: this.started ? this.width : PORTRAIT_WIDTH,
      landscape: this.started ? null : LANDSCAPE_WIDTH,
    });
    if (!this.started) this.start(layout.landscape);
    return {
      columns: specs.map((spec, i) => ({ ...spec, width: layout.widths[i]! })),
      size: layout.size,
    };
  }

  /** Sets font, size and colour for what is written next. */
  use(font: FontName, size: number, color = 'black'): Doc {
    return this.doc.font(FONT_NAMES[font]).fontSize(size).fillColor(color);
  }

  rule(y = this.doc.y, color = RULE, weight = 0.5): void {
    this.doc
      .moveTo(this.left, y)
      .lineTo(this.left + this.width, y)
      .lineWidth(weight)
      .strokeColor(color)
      .stroke();
  }

  newPage(): void {
    this.doc.addPage();
    this.doc.y = this.top;
  }

  /** Starts a new page unless `height` more points fit on this one. */
  ensure(height: number): void {
    if (this.doc.y + height > this.bottom) this.newPage();
  }

  titleBlock(block: TitleBlock): void {
    const { doc } = this;
    this.use('bold', 18).text(oneLine(block.organization), this.left, this.top, { width: this.width });
    this.use('bold', 14).text(oneLine(block.title), this.left, doc.y + 2, { width: this.width });
    doc.moveDown(0.3);
    for (const line of block.lines ?? []) {
      this.use('regular', 9, GREY).text(oneLine(line), this.left, doc.y, { width: this.width });
      doc.moveDown(0.1);
    }
    doc.moveDown(0.6);
    this.rule(doc.y, '#333333');
    doc.y += 8;
  }

  /** A small bold heading over a section. */
  heading(text: string, size = 13): void {
    this.ensure(size * 3);
    this.use('bold', size).text(text, this.left, this.doc.y, { width: this.width });
    this.doc.moveDown(0.3);
  }

  /** Label / value pairs, one a line: "Prepared for  Acme Corp". */
  facts(pairs: readonly (readonly [string, string])[], labelWidth = 90): void {
    const { doc } = this;
    for (const [label, value] of pairs) {
      this.ensure(14);
      const y = doc.y;
      this.use('regular', BODY_SIZE, GREY).text(label, this.left, y, { width: labelWidth });
      const labelBottom = doc.y;
      this.use('regular', BODY_SIZE).text(value, this.left + labelWidth + 5, y, {
        width: this.width - labelWidth - 5,
      });
      doc.y = Math.max(doc.y, labelBottom);
      doc.moveDown(0.15);
    }
  }

  /** A line of text across the page. */
  paragraph(text: string, options: { font?: FontName; size?: number; color?: string } = {}): void {
    const size = options.size ?? BODY_SIZE;
    this.ensure(size * 2);
    this.use(options.font ?? 'regular', size, options.color).text(text, this.left, this.doc.y, {
      width: this.width,
    });
  }

  /** Summary figures, four to a row: a small grey label over a large value. */
  figures(figures: readonly Figure[]): void {
    if (figures.length === 0) return;
    const { doc } = this;
    const perRow = Math.min(4, figures.length);
    const boxWidth = this.width / perRow;
    for (let at = 0; at < figures.length; at += perRow) {
      const row = figures.slice(at, at + perRow);
      this.use('regular', 8);
      const labelHeight = Math.max(
        ...row.map((f) => doc.heightOfString(f.label, { width: boxWidth - CELL_GAP })),
      );
      this.ensure(labelHeight + 24);
      const y = doc.y;
      row.forEach((figure, i) => {
        const x = this.left + i * boxWidth;
        this.use('regular', 8, GREY).text(figure.label, x, y, { width: boxWidth - CELL_GAP });
        this.use('bold', 14).text(figure.value, x, y + labelHeight + 2, {
          width: boxWidth - CELL_GAP,
          lineBreak: false,
        });
      });
      doc.y = y + labelHeight + 22;
    }
    doc.moveDown(0.4);
  }

  /** Notice texts (a disclaimer): a bold title over its body. */
  notices(notices: readonly NoticeText[]): void {
    const { doc } = this;
    for (const notice of notices) {
      this.ensure(40);
      this.use('bold', 9).text(notice.title, this.left, doc.y, { width: this.width });
      this.use('regular', 9, GREY).text(notice.body, this.left, doc.y, { width: this.width });
      doc.moveDown(0.5);
    }
  }

  /** A table: write rows with `row`; its header starts it and every page it runs onto. */
  table(columns: readonly PdfColumn[], options: { size?: number } = {}): PdfTable {
    return new PdfTable(this, columns, options.size ?? BODY_SIZE);
  }

  /** "<prefix> · Page 1 of 3" (or "Page 1 of 3") at the foot of every page, once all pages exist. */
  footers(prefix?: string): void {
    const { doc } = this;
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      // Below the bottom margin: without this the text would start a new page.
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      const page = `Page ${i - range.start + 1} of ${range.count}`;
      this.use('regular', 8, GREY).text(
        prefix ? `${prefix} · ${page}` : page,
        this.left,
        this.pageHeight - MARGIN / 2 - 8,
        { width: this.width, align: 'center', lineBreak: false },
      );
      doc.page.margins.bottom = bottom;
    }
  }

  /** Writes the footers and ends the document; its bytes flow from `doc` (a readable stream). */
  end(footerPrefix?: string): void {
    this.footers(footerPrefix);
    this.doc.end();
  }

  /** Ends the document and collects its bytes. */
  toBuffer(footerPrefix?: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    const done = new Promise<Buffer>((resolve, reject) => {
      this.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
    });
    this.end(footerPrefix);
    return done;
  }
}

export class PdfTable {
  private readonly widths: number[];
  /** Each header's size: the table's, or smaller where a title word is wider than its column. */
  private readonly titleSizes: number[];
  /** A row taller than this is cut (with an ellipsis): one cell of long text must not fill pages. */
  private readonly maxRowHeight: number;

  constructor(
    private readonly pdf: PdfWriter,
    private readonly columns: readonly PdfColumn[],
    private readonly size: number,
  ) {
    // A gap before the next column, none after the last (its text ends at the margin).
    this.widths = columns.map((c, i) => (i === columns.length - 1 ? c.width : c.width - CELL_GAP));
    this.titleSizes = columns.map((c, i) => {
      const word = Math.max(0, ...wordsOf(c.title).map((w) => pdf.measure(w, 'bold')));
      return word * size > this.widths[i]! ? Math.max(1, this.widths[i]! / word) : size;
    });
    this.maxRowHeight = (pdf.bottom - pdf.top) / 3;
    this.header();
  }

  private header(): void {
    const { pdf } = this;
    const { doc } = pdf;
    const height = Math.max(
      ...this.columns.map((c, i) => {
        pdf.use('bold', this.titleSizes[i]!);
        return doc.heightOfString(c.title || ' ', { width: this.widths[i] });
      }),
    );
    pdf.ensure(height + 30);
    const y = doc.y;
    let x = pdf.left;
    this.columns.forEach((c, i) => {
      pdf
        .use('bold', this.titleSizes[i]!)
        .text(c.title, x, y, { width: this.widths[i], align: c.align ?? 'left' });
      x += c.width;
    });
    doc.y = y + height + 3;
    pdf.rule(doc.y, '#333333');
    doc.y += 4;
  }

  /** A value that must not break, on one line at (x, y): smaller than the table's size if it must, to fit. */
  private whole(value: string, x: number, y: number, i: number, font: FontName): void {
    const { pdf } = this;
    const width = this.widths[i]!;
    const natural = pdf.measure(value, font) * this.size;
    const size = natural > width ? (this.size * width) / natural : this.size;
    const used = Math.min(natural, width);
    const align = this.columns[i]!.align ?? 'left';
    const at = align === 'right' ? x + width - used : align === 'center' ? x + (width - used) / 2 : x;
    // No width: pdfkit would wrap within one; the value is drawn as it is.
    pdf.use(font, size).text(value, at, y, { lineBreak: false });
  }

  /** One row; one that does not fit starts a new page under the header again. */
  row(values: readonly string[], options: { bold?: boolean } = {}): void {
    const { pdf } = this;
    const { doc } = pdf;
    const font = options.bold ? 'bold' : 'regular';
    // Every line break as one (a CR would print as a box); a value that must not break on one line.
    const cells = this.columns.map((c, i) => {
      const text = (values[i] ?? '').replace(/\r\n?/g, '\n');
      return c.nowrap ? text.replace(/\s+/g, ' ').trim() : text;
    });
    pdf.use(font, this.size);
    const measured = Math.max(
      ...this.columns.map((c, i) =>
        doc.heightOfString(c.nowrap ? ' ' : cells[i] || ' ', { width: this.widths[i] }),
      ),
    );
    const height = Math.min(measured, this.maxRowHeight);
    if (doc.y + height + 6 > pdf.bottom) {
      pdf.newPage();
      this.header();
    }
    const top = doc.y;
    let x = pdf.left;
    this.columns.forEach((c, i) => {
      if (c.nowrap) this.whole(cells[i]!, x, top, i, font);
      else
        pdf.use(font, this.size).text(cells[i]!, x, top, {
          width: this.widths[i],
          align: c.align ?? 'left',
          ...(measured > height ? { height, ellipsis: true } : {}),
        });
      x += c.width;
    });
    doc.y = top + height + 3;
    pdf.rule(doc.y);
    doc.y += 4;
  }

  /** A grey italic line in place of rows ("No lines."). */
  note(text: string): void {
    this.pdf.ensure(20);
    this.pdf
      .use('italic', this.size, GREY)
      .text(text, this.pdf.left, this.pdf.doc.y, { width: this.pdf.width });
    this.pdf.doc.moveDown(0.5);
  }
}
