// One formatter per unit for the figures reports show (SPEC §5, §9): summaries, table cells, the charts' panels and
// every export call these, so a figure reads the same on a screen, in a CSV and in a PDF.
import type { ReportCell, ReportChart, ReportColumnKind } from '../reports.js';
import { displayOf, formatDate } from './date.js';
import { formatMoney } from './money.js';
import { formatDecimal, toNumber } from './number.js';

type Num = number | string | null | undefined;

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimalPercent = new Intl.NumberFormat('en-US', {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** Minutes as h:mm with grouped hours: 333384 → "5,556:24", -90 → "-1:30"; blank → "". */
export function formatHours(minutes: Num): string {
  const n = toNumber(minutes);
  if (n === null) return '';
  const total = Math.round(Math.abs(n));
  const sign = n < 0 && total > 0 ? '-' : '';
  return `${sign}${grouped.format(Math.floor(total / 60))}:${String(total % 60).padStart(2, '0')}`;
}

/** Dollars and cents: 1554.5 or "1554.5" → "$1,554.50"; blank → "". Text keeps every digit (no float). */
export function formatAmount(value: Num): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') return Number.isFinite(value) ? formatMoney(value.toFixed(2)) : '';
  const n = toNumber(value);
  return n === null ? '' : formatMoney(value.replace(/[^\d.-]/g, ''));
}

/** A share held as a fraction, with exactly one decimal: 0.02 → "2.0%", 0.157 → "15.7%", 1.038 → "103.8%". */
export function formatShare(fraction: Num): string {
  const n = toNumber(fraction);
  return n === null ? '' : oneDecimalPercent.format(n);
}

/** A count with separators: 12345 → "12,345"; blank → "". */
export function formatCount(value: Num): string {
  const n = toNumber(value);
  return n === null ? '' : grouped.format(n);
}

/** Any other quantity: whole numbers as counts, others with two decimals ("1,234.50"). */
export function formatQuantityFigure(value: Num): string {
  const n = toNumber(value);
  if (n === null) return '';
  return Number.isInteger(n) ? grouped.format(n) : formatDecimal(n, 2);
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day as MM/dd/yyyy: a yyyy-MM-dd text (no time zone shift: a day is a day) or a local Date. */
export function formatDay(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : formatDate(value);
  return ISO_DAY.test(value) ? displayOf(value) : value;
}

/**
 * A report cell as people read it, by its column kind; `stamp` writes an instant (the company's wall clock).
 * Text that does not fit its kind is shown as it is.
 */
export function reportCellText(
  kind: ReportColumnKind,
  value: ReportCell | undefined,
  stamp: (iso: string) => string,
): string {
  if (value === null || value === undefined || value === '') return '';
  const fallback = (text: string) => (text === '' ? String(value) : text);
  switch (kind) {
    case 'date':
      return typeof value === 'string' ? formatDay(value) : formatDay(new Date(value));
    case 'datetime':
      return stamp(String(value));
    case 'minutes':
      return fallback(formatHours(typeof value === 'number' ? value : numericText(value)));
    case 'money':
      return fallback(formatAmount(typeof value === 'number' ? value : numericText(value)));
    case 'percent':
      return fallback(formatShare(typeof value === 'number' ? value : numericText(value)));
    case 'number':
      return fallback(formatQuantityFigure(typeof value === 'number' ? value : numericText(value)));
    default:
      return String(value);
  }
}

/** Text that is a plain number ("12.5", "-3"), or null: other text is never read as a figure. */
const numericText = (text: string) => (/^-?\d+(\.\d+)?$/.test(text.trim()) ? text.trim() : null);

/** A chart's value as its panel, legend and printed bars write it: hours as h:mm, money as $, else numbers. */
export const chartValueText = (unit: ReportChart['unit'], value: number): string =>
  unit === 'minutes'
    ? formatHours(value)
    : unit === 'money'
      ? formatAmount(value.toFixed(2))
      : formatQuantityFigure(value);
