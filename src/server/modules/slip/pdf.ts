// A minimal PDF 1.4 writer: pages of positioned text lines in the standard Helvetica fonts (no embedded fonts, no
// images, no dependency). Enough for a printable task card; text outside Latin-1 prints as "?".

export type PdfText = { x: number; y: number; text: string; size?: number; bold?: boolean };
export type PdfPage = PdfText[];

/** US Letter in points. */
export const PAGE_WIDTH = 612;
export const PAGE_HEIGHT = 792;

/** A PDF string literal body: backslash, parentheses escaped; control characters and non-Latin-1 replaced. */
export function escapePdfText(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === '\\' || ch === '(' || ch === ')') out += `\\${ch}`;
    else if (ch === '\t') out += ' ';
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0) || code > 0xff) out += '?';
    else out += ch;
  }
  return out;
}

/** Splits text into lines of at most `width` characters, at spaces where possible; keeps explicit line breaks. */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.replace(/\r\n?/g, '\n').split('\n')) {
    let line = '';
    for (const word of paragraph.split(/ +/)) {
      let rest = word;
      while (rest.length > width) {
        if (line) {
          lines.push(line);
          line = '';
        }
        lines.push(rest.slice(0, width));
        rest = rest.slice(width);
      }
      if (!line) line = rest;
      else if (line.length + 1 + rest.length <= width) line += ` ${rest}`;
      else {
        lines.push(line);
        line = rest;
      }
    }
    lines.push(line);
  }
  return lines;
}

const num = (n: number) => String(Math.round(n * 100) / 100);

function contentStream(page: PdfPage): string {
  const ops: string[] = [];
  for (const t of page) {
    ops.push(
      `BT /${t.bold ? 'F2' : 'F1'} ${num(t.size ?? 10)} Tf ${num(t.x)} ${num(t.y)} Td (${escapePdfText(t.text)}) Tj ET`,
    );
  }
  return ops.join('\n');
}

/** The bytes of a PDF document with the given pages (at least one page is written). */
export function buildPdf(pages: PdfPage[], title = ''): Buffer {
  const all = pages.length ? pages : [[]];
  // Objects: 1 catalog, 2 page tree, 3 Helvetica, 4 Helvetica-Bold, 5 info, then page + content per page.
  const objects: string[] = [];
  const pageIds = all.map((_, i) => 6 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${all.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  objects[5] = `<< /Title (${escapePdfText(title)}) /Producer (SD6) >>`;
  all.forEach((page, i) => {
    const id = pageIds[i]!;
    const stream = contentStream(page);
    objects[id] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${id + 1} 0 R >>`;
    objects[id + 1] = `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
  });
  // Latin-1 throughout: one character is one byte, so offsets are string lengths in bytes.
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(out, 'latin1');
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** Lays out lines top to bottom over as many pages as they need. */
export class PageLayout {
  readonly pages: PdfPage[] = [[]];
  private y: number;

  constructor(
    readonly margin = 50,
    readonly lineHeight = 13,
  ) {
    this.y = PAGE_HEIGHT - margin;
  }

  /** Writes one line made of positioned cells (x relative to the left margin). */
  line(cells: { x?: number; text: string; size?: number; bold?: boolean }[], height = this.lineHeight): void {
    if (this.y - height < this.margin) {
      this.pages.push([]);
      this.y = PAGE_HEIGHT - this.margin;
    }
    this.y -= height;
    const page = this.pages[this.pages.length - 1]!;
    for (const c of cells) {
      if (c.text)
        page.push({ x: this.margin + (c.x ?? 0), y: this.y, text: c.text, size: c.size, bold: c.bold });
    }
  }

  gap(height = this.lineHeight / 2): void {
    this.y -= height;
  }
}
