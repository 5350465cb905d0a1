// How a report cell shows, by its column kind (raw values of the contract in src/shared/reports.ts).
import { formatDay, reportCellText } from '../../../shared/format/figures';
import { formatDecimal } from '../../../shared/format/number';
import type { ReportCell, ReportColumnKind } from '../../../shared/reports';
import { formatWhen } from '../history/history-api';

export { formatDay };

/** A day or an instant as staff read it: MM/dd/yyyy, or MM/dd/yyyy h:mm AM for an instant. */
export function formatDayOrInstant(value: string | null | undefined): string {
  if (!value) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDay(value);
  if (/^\d{4}-\d{2}-\d{2}T/.test(value)) return formatWhen(value);
  return value;
}

export const NUMERIC_KINDS: readonly ReportColumnKind[] = ['number', 'percent', 'minutes', 'money'];

/** A cell as the screen shows it: the shared figure formatters, instants in the company time zone. */
export const formatCell = (value: ReportCell, kind: ReportColumnKind): string =>
  reportCellText(kind, value, (iso) => formatWhen(iso));

/** 1536 -> "1.5 KB": the size of an exported file. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${formatDecimal(bytes)} B`;
  const units = ['KB', 'MB', 'GB'];
  let n = bytes / 1024;
  let unit = 0;
  while (n >= 1024 && unit < units.length - 1) {
    n /= 1024;
    unit++;
  }
  const oneDecimal = n < 10 && !Number.isInteger(Math.round(n * 10) / 10);
  return `${formatDecimal(n, oneDecimal ? 1 : 0)} ${units[unit]}`;
}
