// What the three exporters (CSV, XLSX, PDF) share: the report source they read, the context of one export, how a
// raw cell reads as text, who an export is about, and its file name.
import type { Readable, Writable } from 'node:stream';
import { formatDay, reportCellText } from '../../../../shared/format/figures.js';
import { formatStamp } from '../../../../shared/format/stamp.js';
import type {
  ExportFormat,
  ReportCell,
  ReportColumnKind,
  ReportKey,
  ReportQuery,
  ReportResponse,
  ReportRow,
} from '../../../../shared/reports.js';
import { reportDef } from '../../../../shared/reports.js';
import { codeLabel } from '../../../../shared/schemas/fields.js';
import { CLIENT_FILTERS } from '../../../../shared/schemas/organization.js';
import type { Queryable } from '../../../platform/records.js';

/** A report ready to export: its summary and columns, and all its rows a batch at a time (report-source.ts). */
export type ReportSource = {
  /** Everything but the rows: report, filtersText, period, organization, summary, columns, sort, notices, total. */
  head: Omit<ReportResponse, 'rows'>;
  /** Every matching row in the report's order, in batches of up to `batch` rows (keyset; bounded memory). */
  rows: (batch?: number) => AsyncIterable<ReportRow[]>;
  /** Ends what the source holds while its rows are read (a report cut by organization: its temporary table). */
  close?: () => Promise<void>;
};
export type OpenReport = (
  db: Queryable,
  key: ReportKey,
  query: ReportQuery,
  timeZone: string,
  options?: { cut?: boolean },
) => Promise<ReportSource>;

export type ExportContext = {
  /** The company time zone: instants are written as its wall clock. */
  timeZone: string;
  /** When the export was made. */
  now: Date;
  /** Who the report is about: the organization's name, "3 organizations", "All clients (Active)". */
  scope: string;
  /** The most rows a PDF lists (default PDF_ROW_LIMIT). */
  pdfRowLimit?: number;
};

/** An export being made: its bytes (read them to make it), and how many rows it has written so far. */
export type ExportOutput = {
  stream: Readable;
  contentType: string;
  extension: string;
  rowCount: () => number;
};

export type Exporter = (source: ReportSource, context: ExportContext) => ExportOutput;

/** Resolves once `stream` wants more (its reader caught up) or is closed (the reader went away, or it failed). */
export function drained(stream: Writable): Promise<void> {
  if (stream.destroyed || !stream.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/** Rows asked of the source at a time. */
export const EXPORT_BATCH = 1000;

export const FORMAT_CODES: Record<ExportFormat, 'CSV' | 'XLSX' | 'PDF'> = {
  csv: 'CSV',
  xlsx: 'XLSX',
  pdf: 'PDF',
};

/** A number from a raw cell (numbers, or decimal text for money), or null. */
export function cellNumber(value: ReportCell): number | null {
  if (value === null || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/**
 * A percent cell as the fraction it holds (0.925 for 92.5 %, 1.038 for 103.8 %): report columns of kind percent
 * always carry a fraction, so nothing is guessed from the size (that rule is for what a person types).
 */
export function percentFraction(value: ReportCell): number | null {
  return cellNumber(value);
}

/** yyyy-MM-dd -> MM/dd/yyyy (the screens' day formatter); anything else as it is. */
export const usDate = (value: string) => formatDay(value);

/** An instant's wall clock in the zone, "MM/dd/yyyy h:mm AM"; text that is no instant as it is. */
export function stampText(value: string, timeZone: string): string {
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : formatStamp(at, timeZone);
}

/** A cell as people read it: the text the report's screen shows (the shared figure formatters), in every export. */
export const cellText = (kind: ReportColumnKind, value: ReportCell, timeZone: string): string =>
  reportCellText(kind, value, (iso) => stampText(iso, timeZone));

/** Who an export is about: the one organization, how many were chosen, or the client filter. */
export function scopeOf(head: ReportSource['head'], query: ReportQuery): string {
  // Staff reports are about people, not clients: the first of their filters in words names who ("Staff: Everyone").
  if (reportDef(head.report.key)?.subject === 'staff')
    return (head.filtersText.split(' · ')[0] ?? '').replace(/^Staff: /, '') || 'Everyone';
  if (head.organization) return head.organization.label;
  const chosen = query.organization?.length ?? 0;
  if (chosen) return `${chosen} organization${chosen === 1 ? '' : 's'}`;
  return query.clients === 'all'
    ? 'All clients'
    : `All clients (${codeLabel(CLIENT_FILTERS, query.clients)})`;
}

/** Lower-case words of any script joined by hyphens: "Łódź Dental (Main)" -> "łódź-dental-main". */
export function slug(text: string): string {
  return (
    text
      .normalize('NFC')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'report'
  );
}

/** "warranty-acme-corp-2026-11-24.xlsx": the report, who it is about, the company's date. */
export function exportFileName(key: string, scope: string, date: string, extension: string): string {
  return `${key}-${slug(scope)}-${date}.${extension}`;
}

/** The company's date (yyyy-MM-dd) at an instant. */
export function companyDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** What is said under a report's title, as label and value: period, filters, when it was made. */
export function headFacts(head: ReportSource['head'], context: ExportContext): [string, string][] {
  return [
    ...(head.period ? [['Period', `${head.period.from} – ${head.period.to}`] as [string, string]] : []),
    ...(head.filtersText ? [['Filters', head.filtersText] as [string, string]] : []),
    ['Generated', formatStamp(context.now, context.timeZone)],
  ];
}
