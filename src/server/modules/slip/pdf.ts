// A task card as a PDF (the shared pdfkit maker, platform/pdf.ts): the task, its case and organization, the slips
// (date, time range, minutes, biller, multiplier, comment) with the table header on every page, and the totals.
import { minutesToHmm } from '../../../shared/format/duration.js';
import { timeRange } from '../../../shared/format/slip-display.js';
import { formatTimeOfDay, fromDbTime } from '../../../shared/format/time-of-day.js';
import { PdfWriter, type TableSpec } from '../../platform/pdf.js';
import { displayDate, rateValue } from './slip.service.js';

export type CardSlip = {
  workDate: string;
  startTime: string;
  stopTime: string | null;
  biller: string;
  /** Null where the viewer may not see it (slip.visibility.ts). */
  rateMultiplier: string | null;
  comment: string | null;
};

export type TaskCard = {
  taskId: number;
  taskTitle: string;
  taskStatus: string;
  caseId: number;
  caseTitle: string;
  organization: string;
  printedAt: string;
  slips: CardSlip[];
  totalSlips: number;
  totalMinutes: number;
};

const slipMinutes = (s: CardSlip) => {
  if (!s.stopTime) return null;
  const start = fromDbTime(s.startTime);
  const stop = fromDbTime(s.stopTime);
  return stop > start ? stop - start : null;
};

/** The slips table: dates, times, minutes and multipliers are never broken; names and comments wrap. */
const COLUMNS: readonly TableSpec[] = [
  { title: 'Date', nowrap: true },
  { title: 'Time', nowrap: true },
  { title: 'Minutes', nowrap: true, align: 'right' },
  { title: 'Biller' },
  { title: 'Multi', nowrap: true },
  { title: 'Comment' },
];

const slipCells = (s: CardSlip): string[] => {
  const minutes = slipMinutes(s);
  return [
    displayDate(s.workDate),
    timeRange(
      formatTimeOfDay(fromDbTime(s.startTime)),
      s.stopTime ? formatTimeOfDay(fromDbTime(s.stopTime)) : null,
    ),
    minutes === null ? '' : String(minutes),
    s.biller,
    s.rateMultiplier === null ? '—' : `${rateValue(s.rateMultiplier)}x`,
    s.comment ?? '',
  ];
};

/** The card's pages: heading, the slips, totals; "Task Card #7 · Page 1 of 2" at the foot of each. */
export function taskCardPdf(card: TaskCard): Promise<Buffer> {
  const title = `Task Card #${card.taskId}`;
  const rows = card.slips.map(slipCells);
  // The columns are sized from the slips before the first page: it turns only if they need it.
  const pdf = new PdfWriter({ title, landscape: 'fit' });
  const fitted = pdf.fitTable(COLUMNS, rows, { size: 9 });
  pdf.titleBlock({
    organization: title,
    title: `Task: ${card.taskTitle}${card.taskStatus === 'CLOSED' ? ' (closed)' : ''}`,
    lines: [
      `Case #${card.caseId}: ${card.caseTitle}`,
      `Organization: ${card.organization}`,
      `Printed: ${card.printedAt}`,
    ],
  });
  const table = pdf.table(fitted.columns, { size: fitted.size });
  if (!card.slips.length) table.note('No slips logged on this task.');
  for (const row of rows) table.row(row);
  pdf.doc.moveDown(0.5);
  if (card.totalSlips > card.slips.length)
    pdf.paragraph(
      `Only the latest ${card.slips.length} of ${card.totalSlips} slips are listed; the totals cover all of them.`,
      { size: 9 },
    );
  pdf.paragraph(
    `Total: ${card.totalSlips} slip${card.totalSlips === 1 ? '' : 's'}, ${minutesToHmm(card.totalMinutes)} (${card.totalMinutes} minutes)`,
    { font: 'bold' },
  );
  return pdf.toBuffer(title);
}
