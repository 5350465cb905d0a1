// How a report cell shows, by its column kind (raw values of the contract in src/shared/reports.ts).
import { formatDate } from '../../../shared/format/date';
import { minutesToHmm } from '../../../shared/format/duration';
import { formatMoney } from '../../../shared/format/money';
import { formatDecimal, formatFraction, toNumber } from '../../../shared/format/number';
import type { ReportCell, ReportColumnKind } from '../../../shared/reports';
import { formatWhen } from '../history/history-api';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** yyyy-MM-dd -> MM/dd/yyyy (no time zone shift: a day is a day); other text as it is. */
export function formatDay(value: string): string {
  const m = ISO_DAY.exec(value);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : value;
}

/** A day or an instant as staff read it: MM/dd/yyyy, or MM/dd/yyyy h:mm AM for an instant. */
export function formatDayOrInstant(value: string | null | undefined): string {
  if (!value) return '';
  if (ISO_DAY.test(value)) return formatDay(value);
  if (/^\d{4}-\d{2}-\d{2}T/.test(value)) return formatWhen(value);
  return value;
}

export const NUMERIC_KINDS: readonly ReportColumnKind[] = ['number', 'percent', 'minutes', 'money'];

export function formatCell(value: ReportCell, kind: ReportColumnKind): string {
  if (value === null || value === '') return '';
  switch (kind) {
    case 'date':
      return typeof value === 'string' ? formatDay(value) : formatDate(new Date(value));
    case 'datetime':
      return formatWhen(String(value));
    case 'minutes': {
      const n = toNumber(value);
      return n === null ? String(value) : minutesToHmm(n);
    }
    case 'money':
      return formatMoney(String(value));
    case 'percent': {
      // A percent column always holds a fraction (1.038 is 103.8 %): its unit is never guessed from its size.
      const n = toNumber(value);
      return n === null ? String(value) : formatFraction(n);
    }
    case 'number': {
      const n = toNumber(value);
      return n === null ? String(value) : formatDecimal(n, Number.isInteger(n) ? 0 : 2);
    }
    default:
      return String(value);
  }
}

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
