// A proposal as a letter-size PDF: heading, who it is for, dates, the lines table (its header repeated on every page
// it runs onto), the totals and the terms drawn from their rich text. The fonts are DejaVu Sans, embedded, so every
// name prints as typed ("Zoë Łukasiewicz", "€"). Also used to keep an accepted proposal with its agreement.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatMoney, formatQuantity } from '../../../shared/format/money.js';
import { codeLabel } from '../../../shared/schemas/fields.js';
import { PROPOSAL_STATUSES, type ProposalLine, proposalTotals } from '../../../shared/schemas/opportunity.js';
import type { Queryable } from '../../platform/records.js';
import { type Block, parseRichText, type Run } from '../../platform/rich-text.js';
import { wallClockOf } from '../outage/company-time.js';
import { lineName, loadLines } from './proposal-lines.js';

type Doc = InstanceType<typeof PDFDocument>;

const FONT_FILES = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  italic: 'DejaVuSans-Oblique.ttf',
  boldItalic: 'DejaVuSans-BoldOblique.ttf',
} as const;
type FontName = keyof typeof FONT_FILES;

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

const fontOf = (marks: { bold?: boolean; italic?: boolean }): FontName =>
  marks.bold ? (marks.italic ? 'boldItalic' : 'bold') : marks.italic ? 'italic' : 'regular';

// Letter: 612 × 792 points; ¾-inch margins.
const MARGIN = 54;
const PAGE = { width: 612, height: 792 };
const LEFT = MARGIN;
const WIDTH = PAGE.width - 2 * MARGIN;
const BOTTOM = PAGE.height - MARGIN;
const GREY = '#555555';
const RULE = '#bbbbbb';
/** Where the lines table's columns start and how wide they are (together the text width). */
const COLUMNS = [
  { key: 'what', label: 'Description', width: 214, align: 'left' },
  { key: 'quantity', label: 'Qty', width: 50, align: 'right' },
  { key: 'unitPrice', label: 'Unit price', width: 80, align: 'right' },
  { key: 'recurrence', label: 'Billing', width: 72, align: 'left' },
  { key: 'amount', label: 'Amount', width: 88, align: 'right' },
] as const;
const CELL_GAP = 8;
/** A column's text width: a gap before the next column, none after the last (amounts end at the margin). */
const cellWidth = (c: (typeof COLUMNS)[number]) => (c.key === 'amount' ? c.width : c.width - CELL_GAP);
const BODY_SIZE = 10;

/** What the PDF shows of one proposal. */
export type ProposalPrint = {
  number: string;
  title: string;
  status: string;
  organization: string;
  opportunity: string;
  date: string;
  validUntil: string | null;
  terms: string | null;
  lines: ProposalLine[];
};

export type PdfOptions = {
  /** The company time zone, for the proposal's date (default: the configuration's own default zone). */
  timeZone?: string;
};

const DEFAULT_TIME_ZONE = 'America/New_York';

/** The proposal of this opportunity, as printed; null when there is none. */
export async function loadProposalPrint(
  db: Queryable,
  opportunityId: number,
  proposalId: number,
  options: PdfOptions = {},
): Promise<ProposalPrint | null> {
  const { rows } = await db.query<{
    number: string;
    title: string;
    status: string;
    valid_until: string | null;
    terms: string | null;
    created_at: Date;
    opportunity_number: string;
    opportunity_title: string;
    organization: string;
  }>(
    `SELECT p.number, p.title, p.status, to_char(p.valid_until, 'MM/DD/YYYY') AS valid_until, p.terms, p.created_at,
            o.number AS opportunity_number, o.title AS opportunity_title, org.name AS organization
       FROM proposals p
       JOIN opportunities o ON o.id = p.opportunity_id
       JOIN organizations org ON org.id = o.organization_id
      WHERE p.id = $1 AND p.opportunity_id = $2`,
    [proposalId, opportunityId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    number: row.number,
    title: row.title,
    status: codeLabel(PROPOSAL_STATUSES, row.status) ?? row.status,
    organization: row.organization,
    opportunity: `${row.opportunity_number} · ${row.opportunity_title}`,
    date: wallClockOf(row.created_at, options.timeZone ?? DEFAULT_TIME_ZONE).date,
    validUntil: row.valid_until,
    terms: row.terms,
    lines: await loadLines(db, proposalId),
  };
}

/** Writes `text` at the cursor in a font and size, and returns the document for chaining. */
function use(doc: Doc, font: FontName, size: number, color = 'black'): Doc {
  return doc.font(font).fontSize(size).fillColor(color);
}

function rule(doc: Doc, y: number, color = RULE) {
  doc
    .moveTo(LEFT, y)
    .lineTo(LEFT + WIDTH, y)
    .lineWidth(0.5)
    .strokeColor(color)
    .stroke();
}

function heading(doc: Doc, p: ProposalPrint) {
  use(doc, 'bold', 20).text(`Proposal ${p.number}`, LEFT, MARGIN, { width: WIDTH - 120 });
  // The status at the top right, beside the number.
  use(doc, 'bold', 11, GREY).text(p.status.toUpperCase(), LEFT + WIDTH - 120, MARGIN + 6, {
    width: 120,
    align: 'right',
  });
  doc.y = Math.max(doc.y, MARGIN + 26);
  use(doc, 'bold', 14).text(p.title, LEFT, doc.y, { width: WIDTH });
  doc.moveDown(0.6);
  const facts: [string, string][] = [
    ['Prepared for', p.organization],
    ['Opportunity', p.opportunity],
    ['Date', p.date],
    ['Valid until', p.validUntil ?? '—'],
    ['Status', p.status],
  ];
  for (const [label, value] of facts) {
    const y = doc.y;
    use(doc, 'regular', BODY_SIZE, GREY).text(label, LEFT, y, { width: 90 });
    use(doc, 'regular', BODY_SIZE).text(value, LEFT + 95, y, { width: WIDTH - 95 });
    doc.moveDown(0.15);
  }
  doc.moveDown(0.8);
}

function tableHeader(doc: Doc) {
  let x = LEFT;
  const y = doc.y;
  use(doc, 'bold', BODY_SIZE);
  for (const c of COLUMNS) {
    doc.text(c.label, x, y, { width: cellWidth(c), align: c.align, lineBreak: false });
    x += c.width;
  }
  doc.y = y + doc.currentLineHeight(true) + 3;
  rule(doc, doc.y, '#333333');
  doc.y += 4;
}

function cells(line: ProposalLine): Record<(typeof COLUMNS)[number]['key'], string> {
  return {
    what: lineName(line),
    quantity: formatQuantity(line.quantity),
    unitPrice: formatMoney(line.unitPrice),
    recurrence: line.recurrence.label,
    amount: formatMoney(line.amount),
  };
}

/** The lines, one row each; a row that does not fit starts a new page under the header again. */
function linesTable(doc: Doc, lines: ProposalLine[]) {
  use(doc, 'bold', 13).text('Lines', LEFT, doc.y);
  doc.moveDown(0.3);
  tableHeader(doc);
  if (lines.length === 0) {
    use(doc, 'italic', BODY_SIZE, GREY).text('No lines.', LEFT, doc.y);
    doc.moveDown(0.5);
    return;
  }
  for (const line of lines) {
    const values = cells(line);
    use(doc, 'regular', BODY_SIZE);
    const height = Math.max(
      ...COLUMNS.map((c) => doc.heightOfString(values[c.key] || ' ', { width: cellWidth(c) })),
    );
    if (doc.y + height + 6 > BOTTOM) {
      doc.addPage();
      doc.y = MARGIN;
      tableHeader(doc);
      use(doc, 'regular', BODY_SIZE);
    }
    const top = doc.y;
    let x = LEFT;
    for (const c of COLUMNS) {
      doc.text(values[c.key], x, top, { width: cellWidth(c), align: c.align });
      x += c.width;
    }
    doc.y = top + height + 3;
    rule(doc, doc.y);
    doc.y += 4;
  }
}

function totalsBlock(doc: Doc, lines: ProposalLine[]) {
  const totals = proposalTotals(lines.map((l) => ({ ...l, recurrence: String(l.recurrence.value) })));
  const rows: [string, string, boolean][] = [
    ['One-time total', formatMoney(totals.oneTime), false],
    ['Monthly total', formatMoney(totals.monthly), false],
    ['First year (one-time + 12 × monthly)', formatMoney(totals.firstYear), true],
  ];
  // The totals stay together on one page.
  if (doc.y + rows.length * 16 + 10 > BOTTOM) {
    doc.addPage();
    doc.y = MARGIN;
  }
  doc.moveDown(0.4);
  const labelWidth = 260;
  const valueWidth = 100;
  const x = LEFT + WIDTH - labelWidth - valueWidth;
  for (const [label, value, strong] of rows) {
    const y = doc.y;
    use(doc, strong ? 'bold' : 'regular', strong ? 11 : BODY_SIZE).text(label, x, y, {
      width: labelWidth - CELL_GAP,
      align: 'right',
    });
    doc.text(value, x + labelWidth, y, { width: valueWidth, align: 'right' });
    doc.moveDown(0.3);
  }
  doc.moveDown(1);
}

/** One block's runs as flowing text (fonts changing within it) at x, wrapped to width; a break starts a new line. */
function paragraph(doc: Doc, runs: Run[], x: number, width: number, size: number, allBold = false) {
  if (runs.length === 0) {
    doc.moveDown(0.5);
    return;
  }
  // pdfkit drops a line break inside a chain of continued segments: each line is a chain of its own.
  const lines: Run[][] = [[]];
  for (const run of runs) {
    if (run.text === '\n') lines.push([]);
    else lines[lines.length - 1]!.push(run);
  }
  for (const line of lines) {
    if (line.length === 0) {
      use(doc, 'regular', size).text(' ', x, doc.y, { width, lineGap: 1 });
      continue;
    }
    line.forEach((run, i) => {
      const continued = i < line.length - 1;
      use(doc, fontOf({ bold: allBold || run.bold, italic: run.italic }), size);
      const options = { width, continued, underline: !!run.underline, strike: !!run.strike, lineGap: 1 };
      if (i === 0) doc.text(run.text, x, doc.y, options);
      else doc.text(run.text, options);
    });
  }
}

function terms(doc: Doc, html: string | null) {
  const blocks: Block[] = parseRichText(html);
  if (blocks.length === 0) return;
  if (doc.y + 60 > BOTTOM) {
    doc.addPage();
    doc.y = MARGIN;
  }
  use(doc, 'bold', 13).text('Terms', LEFT, doc.y);
  doc.moveDown(0.4);
  for (const block of blocks) {
    if (block.type === 'heading1' || block.type === 'heading2') {
      doc.moveDown(0.3);
      paragraph(doc, block.runs, LEFT, WIDTH, block.type === 'heading1' ? 14 : 12, true);
      doc.moveDown(0.3);
    } else if (block.type === 'bullet' || block.type === 'ordered') {
      const marker = block.type === 'bullet' ? '•' : `${block.number}.`;
      // A marker at the page's foot would leave its item on the next page.
      if (doc.y + 14 > BOTTOM) {
        doc.addPage();
        doc.y = MARGIN;
      }
      const y = doc.y;
      use(doc, 'regular', BODY_SIZE).text(marker, LEFT + 6, y, { width: 18, align: 'right' });
      doc.y = y;
      paragraph(doc, block.runs, LEFT + 30, WIDTH - 30, BODY_SIZE);
      doc.moveDown(0.2);
    } else {
      paragraph(doc, block.runs, LEFT, WIDTH, BODY_SIZE);
      doc.moveDown(0.5);
    }
  }
}

/** "PR-1001 · Page 1 of 3" on every page, written once all pages exist. */
function footers(doc: Doc, number: string) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Below the bottom margin: without this the text would start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    use(doc, 'regular', 8, GREY).text(
      `${number} · Page ${i - range.start + 1} of ${range.count}`,
      LEFT,
      PAGE.height - MARGIN / 2 - 8,
      { width: WIDTH, align: 'center', lineBreak: false },
    );
    doc.page.margins.bottom = bottom;
  }
}

/** The PDF of a loaded proposal. */
export function proposalPdf(p: ProposalPrint): Promise<Buffer> {
  const data = fontData();
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    // Our own font from the start: the built-in Helvetica cannot print most names.
    font: data.regular as unknown as string,
    info: { Title: `Proposal ${p.number}: ${p.title}`, Author: 'SD6', Subject: p.opportunity },
  });
  for (const [name, bytes] of Object.entries(data)) doc.registerFont(name, bytes);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  heading(doc, p);
  linesTable(doc, p.lines);
  totalsBlock(doc, p.lines);
  terms(doc, p.terms);
  footers(doc, p.number);
  doc.end();
  return done;
}

/** The proposal and its PDF; null when this opportunity has no such proposal. */
export async function printProposal(
  db: Queryable,
  opportunityId: number,
  proposalId: number,
  options: PdfOptions = {},
): Promise<{ number: string; pdf: Buffer } | null> {
  const p = await loadProposalPrint(db, opportunityId, proposalId, options);
  return p ? { number: p.number, pdf: await proposalPdf(p) } : null;
}

/**
 * The PDF of one proposal of an opportunity, or null when the opportunity has no such proposal. Pass the company
 * time zone (config.timeZone) for the proposal's date.
 */
export async function renderProposalPdf(
  db: Queryable,
  opportunityId: number,
  proposalId: number,
  options: PdfOptions = {},
): Promise<Buffer | null> {
  return (await printProposal(db, opportunityId, proposalId, options))?.pdf ?? null;
}
