// A task card as a PDF (the shared pdfkit maker, platform/pdf.ts): the task, its case and organization, the slips
// (date, time range, minutes, biller, multiplier, comment) with the table header on every page, and the totals.
import { minutesToHmm } from '../../../shared/format/duration.js';
import { timeRange } from '../../../shared/format/slip-display.js';
import { formatTimeOfDay, fromDbTime } from '../../../shared/format/time-of-day.js';
import { fitColumns, PdfWriter } from '../../platform/pdf.js';
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

const TITLES = ['Date', 'Time', 'Minutes', 'Biller', 'Multi', 'Comment'] as const;
const WEIGHTS = [70, 105, 50, 110, 40, 129];

/** The card's pages: heading, the slips, totals; "Task Card #7 · Page 1 of 2" at the foot of each. */
export function taskCardPdf(card: TaskCard): Promise<Buffer> {
  const title = `Task Card #${card.taskId}`;
  const pdf = new PdfWriter({ title });
  pdf.titleBlock({
    organization: title,
    title: `Task: ${card.taskTitle}${card.taskStatus === 'CLOSED' ? ' (closed)' : ''}`,
    lines: [
      `Case #${card.caseId}: ${card.caseTitle}`,
      `Organization: ${card.organization}`,
      `Printed: ${card.printedAt}`,
    ],
  });
  const widths = fitColumns(WEIGHTS, pdf.width);
  const table = pdf.table(
    TITLES.map((t, i) => ({ title: t, width: widths[i]!, align: t === 'Minutes' ? 'right' : 'left' })),
    { size: 9 },
  );
  if (!card.slips.length) table.note('No slips logged on this task.');
  for (const s of card.slips) {
    const minutes = slipMinutes(s);
    table.row([
      displayDate(s.workDate),
      timeRange(
        formatTimeOfDay(fromDbTime(s.startTime)),
        s.stopTime ? formatTimeOfDay(fromDbTime(s.stopTime)) : null,
      ),
      minutes === null ? '' : String(minutes),
      s.biller,
      s.rateMultiplier === null ? '—' : `${rateValue(s.rateMultiplier)}x`,
      s.comment ?? '',
    ]);
  }
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
