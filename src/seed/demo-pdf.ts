// A minimal valid one-page PDF (PDF 1.4, Helvetica, a few lines of text) for the demo data set's documents: a few
// hundred bytes each, with the cross-reference table a reader needs, so the demo files open in any PDF viewer.

/** PDF string literal: ASCII only, with the three characters special to it escaped. */
const pdfText = (line: string) =>
  `(${line.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`)})`;

export function minimalPdf(lines: string[]): Buffer {
  const text = lines.map((line, i) => `${i === 0 ? '' : 'T* '}${pdfText(line)} Tj`).join('\n');
  const content = `BT /F1 11 Tf 72 720 Td 16 TL\n${text}\nET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const [i, body] of objects.entries()) {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  // Each cross-reference entry is exactly 20 bytes: 10-digit offset, 5-digit generation, type, space, newline.
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
