// The security pack of one client (beyond the peers): one PDF with the summaries of the antivirus, BitLocker,
// patch, warranty, device-age and outdated-response reports, each with its chart drawn as bars, and the notices
// that go with it. Made for every chosen client by one background job; each pack lands in that client's history.

import { chartValueText } from '../../../../shared/format/figures.js';
import { formatStamp } from '../../../../shared/format/stamp.js';
import type { ClientReportKey, ReportChart, ReportQuery } from '../../../../shared/reports.js';
import { reportQuery } from '../../../../shared/reports.js';
import { GREY, type NoticeText, PdfWriter } from '../../../platform/pdf.js';
import type { Queryable } from '../../../platform/records.js';
import { equipmentCode } from '../engine/report-filters.js';
import type { OpenReport } from '../exports/export-format.js';
import { and } from '../queries/plan.js';

/** The reports a pack summarises, in the order they are printed. */
export const PACK_REPORTS: readonly ClientReportKey[] = [
  'antivirus',
  'bitlocker',
  'patch',
  'warranty',
  'device-summary-by-age',
  'outdated-response',
];

const TONE_COLOR: Record<string, string> = {
  good: '#2e7d32',
  warning: '#b26a00',
  bad: '#c62828',
  neutral: '#546e7a',
};

/** A chart as horizontal bars, each labelled with its value: the pack is printed, so no donuts. */
function bars(pdf: PdfWriter, chart: ReportChart): void {
  const data = chart.data.filter((d) => Number.isFinite(d.value));
  if (data.length === 0) return;
  const { doc } = pdf;
  const labelWidth = 150;
  const barSpace = pdf.width - labelWidth - 60;
  const max = Math.max(...data.map((d) => d.value), 1);
  pdf.ensure(16 + data.length * 14);
  pdf.use('regular', 8, GREY).text(chart.title, pdf.left, doc.y, { width: pdf.width });
  doc.moveDown(0.2);
  for (const d of data) {
    const y = doc.y;
    pdf
      .use('regular', 8)
      .text(d.label, pdf.left, y, { width: labelWidth - 6, lineBreak: false, ellipsis: true });
    const w = Math.max(1, (d.value / max) * barSpace);
    doc.rect(pdf.left + labelWidth, y + 1, w, 8).fill(TONE_COLOR[d.tone ?? 'neutral'] ?? TONE_COLOR.neutral!);
    pdf
      .use('regular', 8)
      .text(chartValueText(chart.unit, d.value), pdf.left + labelWidth + w + 4, y, { lineBreak: false });
    doc.y = y + 13;
  }
  doc.moveDown(0.6);
}

export type PackInput = {
  organization: { id: number; name: string };
  /** Notices printed at the end besides the reports' own (the security-pack required upload's notice). */
  extraNotices: NoticeText[];
  timeZone: string;
  now: Date;
};

/** The query of one section: this organization, its active devices, each report's own defaults. */
export const packQuery = (organizationId: number): ReportQuery =>
  reportQuery.parse({ organization: String(organizationId) });

/** Devices `e` a pack reports on (its sections' equipment filter): an organization without any has nothing to report. */
export const PACK_DEVICES = and(equipmentCode(packQuery(1)));

/** Makes one client's pack; answers the PDF's bytes. */
export async function securityPackPdf(db: Queryable, open: OpenReport, input: PackInput): Promise<Buffer> {
  const { organization, timeZone, now } = input;
  const pdf = new PdfWriter({ title: `Security Pack: ${organization.name}`, subject: 'Security Pack' });
  pdf.titleBlock({
    organization: organization.name,
    title: 'Security Pack',
    lines: [`Generated ${formatStamp(now, timeZone)}`, 'Active devices, as last reported by the RMM agents'],
  });
  const notices = new Map<string, NoticeText>();
  const query = packQuery(organization.id);
  for (const key of PACK_REPORTS) {
    // Sections one after another: the embedded database has one connection, and each is a few small queries.
    const { head } = await open(db, key, query, timeZone);
    pdf.heading(head.report.title);
    if (head.filtersText) pdf.paragraph(head.filtersText, { size: 8, color: GREY });
    pdf.doc.moveDown(0.3);
    pdf.figures(head.summary.figures);
    if (head.summary.chart) bars(pdf, head.summary.chart);
    for (const notice of head.notices) notices.set(`${notice.title}\n${notice.body}`, notice);
  }
  for (const notice of input.extraNotices) notices.set(`${notice.title}\n${notice.body}`, notice);
  if (notices.size > 0) {
    pdf.heading('Notices', 11);
    pdf.notices([...notices.values()]);
  }
  return pdf.toBuffer(`Security Pack · ${organization.name}`);
}
