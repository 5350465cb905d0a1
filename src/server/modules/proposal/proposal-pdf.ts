// A proposal as a letter-size PDF: heading, who it is for, dates, the lines table (its header repeated on every page
// it runs onto), the totals and the terms drawn from their rich text. The fonts are DejaVu Sans, embedded, so every
// name prints as typed ("Zoë Łukasiewicz", "€"). Also used to keep an accepted proposal with its agreement.

import { wallClockOf } from '../../../shared/format/company-time.js';
import { formatMoney, formatQuantity } from '../../../shared/format/money.js';
import { codeLabel } from '../../../shared/schemas/fields.js';
import { PROPOSAL_STATUSES, type ProposalLine, proposalTotals } from '../../../shared/schemas/opportunity.js';
import { BODY_SIZE, CELL_GAP, fontOf, GREY, PdfWriter, type TableSpec } from '../../platform/pdf.js';
import type { Queryable } from '../../platform/records.js';
import { type Block, parseRichText, type Run } from '../../platform/rich-text.js';
import { lineName, loadLines } from './proposal-lines.js';

/** The lines table's columns, sized from the lines: quantities and amounts are never broken. */
const COLUMNS: readonly TableSpec[] = [
  { title: 'Description' },
  { title: 'Qty', align: 'right', nowrap: true },
  { title: 'Unit price', align: 'right', nowrap: true },
  { title: 'Billing' },
  { title: 'Amount', align: 'right', nowrap: true },
];
/** The smallest the lines are written at when their amounts need the room. */
const LINES_MIN_SIZE = 7;

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

function heading(pdf: PdfWriter, p: ProposalPrint) {
  const { doc, left, top, width } = pdf;
  pdf.use('bold', 20).text(`Proposal ${p.number}`, left, top, { width: width - 120 });
  // The status at the top right, beside the number.
  pdf.use('bold', 11, GREY).text(p.status.toUpperCase(), left + width - 120, top + 6, {
    width: 120,
    align: 'right',
  });
  doc.y = Math.max(doc.y, top + 26);
  pdf.use('bold', 14).text(p.title, left, doc.y, { width });
  doc.moveDown(0.6);
  pdf.facts([
    ['Prepared for', p.organization],
    ['Opportunity', p.opportunity],
    ['Date', p.date],
    ['Valid until', p.validUntil ?? '—'],
    ['Status', p.status],
  ]);
  doc.moveDown(0.8);
}

/** The lines, one row each; a row that does not fit starts a new page under the header again. */
function linesTable(pdf: PdfWriter, lines: ProposalLine[]) {
  pdf.heading('Lines');
  const rows = lines.map((line) => [
    lineName(line),
    formatQuantity(line.quantity),
    formatMoney(line.unitPrice),
    line.recurrence.label,
    formatMoney(line.amount),
  ]);
  // A proposal is a letter: its page stays upright, the font shrinks if its amounts need the room.
  const fitted = pdf.fitTable(COLUMNS, rows, { size: BODY_SIZE, minSize: LINES_MIN_SIZE });
  const table = pdf.table(fitted.columns, { size: fitted.size });
  if (rows.length === 0) table.note('No lines.');
  for (const row of rows) table.row(row);
}

function totalsBlock(pdf: PdfWriter, lines: ProposalLine[]) {
  const { doc } = pdf;
  const totals = proposalTotals(lines.map((l) => ({ ...l, recurrence: String(l.recurrence.value) })));
  const rows: [string, string, boolean][] = [
    ['One-time total', formatMoney(totals.oneTime), false],
    ['Monthly total', formatMoney(totals.monthly), false],
    ['First year (one-time + 12 × monthly)', formatMoney(totals.firstYear), true],
  ];
  // The totals stay together on one page.
  pdf.ensure(rows.length * 16 + 10);
  doc.moveDown(0.4);
  const labelWidth = 260;
  // As wide as the largest amount, so that none is broken.
  const valueWidth = Math.max(
    100,
    ...rows.map(
      ([, value, strong]) => pdf.measure(value, strong ? 'bold' : 'regular') * (strong ? 11 : BODY_SIZE) + 1,
    ),
  );
  const x = pdf.left + pdf.width - labelWidth - valueWidth;
  for (const [label, value, strong] of rows) {
    const y = doc.y;
    pdf.use(strong ? 'bold' : 'regular', strong ? 11 : BODY_SIZE).text(label, x, y, {
      width: labelWidth - CELL_GAP,
      align: 'right',
    });
    doc.text(value, x + labelWidth, y, { width: valueWidth, align: 'right' });
    doc.moveDown(0.3);
  }
  doc.moveDown(1);
}

/** One block's runs as flowing text (fonts changing within it) at x, wrapped to width; a break starts a new line. */
function paragraph(pdf: PdfWriter, runs: Run[], x: number, width: number, size: number, allBold = false) {
  const { doc } = pdf;
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
      pdf.use('regular', size).text(' ', x, doc.y, { width, lineGap: 1 });
      continue;
    }
    line.forEach((run, i) => {
      const continued = i < line.length - 1;
      pdf.use(fontOf({ bold: allBold || run.bold, italic: run.italic }), size);
      const options = { width, continued, underline: !!run.underline, strike: !!run.strike, lineGap: 1 };
      if (i === 0) doc.text(run.text, x, doc.y, options);
      else doc.text(run.text, options);
    });
  }
}

function terms(pdf: PdfWriter, html: string | null) {
  const { doc, left, width } = pdf;
  const blocks: Block[] = parseRichText(html);
  if (blocks.length === 0) return;
  pdf.ensure(60);
  pdf.heading('Terms');
  doc.moveDown(0.1);
  for (const block of blocks) {
    if (block.type === 'heading1' || block.type === 'heading2') {
      doc.moveDown(0.3);
      paragraph(pdf, block.runs, left, width, block.type === 'heading1' ? 14 : 12, true);
      doc.moveDown(0.3);
    } else if (block.type === 'bullet' || block.type === 'ordered') {
      const marker = block.type === 'bullet' ? '•' : `${block.number}.`;
      // A marker at the page's foot would leave its item on the next page.
      pdf.ensure(14);
      const y = doc.y;
      pdf.use('regular', BODY_SIZE).text(marker, left + 6, y, { width: 18, align: 'right' });
      doc.y = y;
      paragraph(pdf, block.runs, left + 30, width - 30, BODY_SIZE);
      doc.moveDown(0.2);
    } else {
      paragraph(pdf, block.runs, left, width, BODY_SIZE);
      doc.moveDown(0.5);
    }
  }
}

/** The PDF of a loaded proposal, "PR-1001 · Page 1 of 3" at the foot of each page. */
export function proposalPdf(p: ProposalPrint): Promise<Buffer> {
  const pdf = new PdfWriter({ title: `Proposal ${p.number}: ${p.title}`, subject: p.opportunity });
  heading(pdf, p);
  linesTable(pdf, p.lines);
  totalsBlock(pdf, p.lines);
  terms(pdf, p.terms);
  return pdf.toBuffer(p.number);
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
