// The values of an export's cells as SD6 stores them: dates in the formats the tools write (ISO, numeric dates
// slashed, dotted or dashed in the column's order, dd-MMM-yyyy, Excel serial numbers, the APIs' Unix times in
// seconds or milliseconds), the tools' antivirus and BitLocker words as SD6 codes, yes/no words, counts.

import { instantOf } from '../../../shared/format/company-time.js';
import type { ImportField } from '../../../shared/schemas/file-import.js';
import type { DateOrder } from './date-order.js';

/** A cell as a reader gives it: CSV cells are text; XLSX cells may be numbers, dates or booleans. */
export type CellValue = string | number | boolean | Date | null;

/** A field's value once normalised: text, yyyy-MM-dd for dates, a Date for instants, a count, a boolean. */
export type FieldValue = string | number | boolean | Date;

type Parts = { y: number; m: number; d: number; h: number; mi: number; s: number; offset: number | null };

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const ISO =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i;
// 1/11/2026, 1.11.2026, 1-11-2026 (one separator throughout), with an optional time.
const NUMERIC_DATE =
  /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})(?:,?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap]\.?m\.?)?)?$/i;
// NinjaOne's and Datto RMM's APIs give times as Unix seconds (with a fraction) or milliseconds.
const UNIX_SECONDS = /^\d{10}(\.\d+)?$/;
const UNIX_MILLISECONDS = /^\d{13}$/;
const NAMED =
  /^(\d{1,2})[- ]([a-z]{3})[a-z]*[- ,]+(\d{4})(?:,?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap]\.?m\.?)?)?$/i;

const hour12 = (h: number, meridiem: string | undefined) => {
  if (!meridiem) return h;
  const pm = meridiem.toLowerCase().startsWith('p');
  return (h % 12) + (pm ? 12 : 0);
};

function offsetMinutes(zone: string | undefined): number | null {
  if (!zone) return null;
  if (zone.toUpperCase() === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
}

function valid(p: Parts): Parts | null {
  if (p.m < 1 || p.m > 12 || p.d < 1 || p.h > 23 || p.mi > 59 || p.s > 59) return null;
  const days = new Date(Date.UTC(p.y, p.m, 0)).getUTCDate();
  return p.d <= days && p.y >= 1900 && p.y <= 2200 ? p : null;
}

/** Excel's day numbers (1900 date system, with its phantom 29 Feb 1900) as a UTC wall time. */
function fromExcelSerial(serial: number): Parts | null {
  if (!Number.isFinite(serial) || serial < 1 || serial > 120_000) return null;
  const ms = Math.round((serial - 25569) * 86_400_000);
  return fromWallDate(new Date(ms));
}

/** A Unix time: an instant in UTC. */
function fromUnix(ms: number): Parts | null {
  const d = new Date(Math.round(ms));
  return Number.isNaN(d.getTime()) ? null : { ...fromWallDate(d), offset: 0 };
}

/** A Date whose UTC fields hold a wall time (exceljs reads date cells so). */
const fromWallDate = (d: Date): Parts => ({
  y: d.getUTCFullYear(),
  m: d.getUTCMonth() + 1,
  d: d.getUTCDate(),
  h: d.getUTCHours(),
  mi: d.getUTCMinutes(),
  s: d.getUTCSeconds(),
  offset: null,
});

function parseDateParts(value: CellValue, order: DateOrder): Parts | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : fromWallDate(value);
  if (typeof value === 'number') return fromExcelSerial(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  let m = ISO.exec(text);
  if (m) {
    return valid({
      y: +m[1]!,
      m: +m[2]!,
      d: +m[3]!,
      h: +(m[4] ?? 0),
      mi: +(m[5] ?? 0),
      s: +(m[6] ?? 0),
      offset: offsetMinutes(m[7]),
    });
  }
  m = NUMERIC_DATE.exec(text);
  if (m) {
    const [a, b] = [+m[1]!, +m[3]!];
    return valid({
      y: +m[4]!,
      m: order === 'MDY' ? a : b,
      d: order === 'MDY' ? b : a,
      h: hour12(+(m[5] ?? 0), m[8]),
      mi: +(m[6] ?? 0),
      s: +(m[7] ?? 0),
      offset: null,
    });
  }
  if (UNIX_SECONDS.test(text)) return fromUnix(Number(text) * 1000);
  if (UNIX_MILLISECONDS.test(text)) return fromUnix(Number(text));
  m = NAMED.exec(text);
  if (m) {
    const month = MONTHS.indexOf(m[2]!.toLowerCase()) + 1;
    if (month === 0) return null;
    return valid({
      y: +m[3]!,
      m: month,
      d: +m[1]!,
      h: hour12(+(m[4] ?? 0), m[7]),
      mi: +(m[5] ?? 0),
      s: +(m[6] ?? 0),
      offset: null,
    });
  }
  // An Excel day number that reached a CSV as text.
  if (/^\d{5}(\.\d+)?$/.test(text)) return fromExcelSerial(Number(text));
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A wall time without a zone is the company's local time. */
function toInstant(p: Parts, timeZone: string): Date {
  if (p.offset !== null) return new Date(Date.UTC(p.y, p.m - 1, p.d, p.h, p.mi, p.s) - p.offset * 60_000);
  const at = instantOf(`${pad(p.m)}/${pad(p.d)}/${p.y}`, p.h * 60 + p.mi, timeZone);
  return new Date(at.getTime() + p.s * 1000);
}

export const parseImportDate = (value: CellValue, order: DateOrder = 'MDY'): string | null => {
  const p = parseDateParts(value, order);
  return p ? `${p.y}-${pad(p.m)}-${pad(p.d)}` : null;
};

export const parseImportInstant = (value: CellValue, timeZone: string, order: DateOrder = 'MDY') => {
  const p = parseDateParts(value, order);
  return p ? toInstant(p, timeZone) : null;
};

// ---- Words ----

const word = (v: string) => v.trim().toLowerCase().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ');

const ANTIVIRUS_WORDS: Record<string, string> = {};
const BITLOCKER_WORDS: Record<string, string> = {};
const learn = (table: Record<string, string>, code: string, words: string[]) => {
  for (const w of words) table[w] = code;
};
learn(ANTIVIRUS_WORDS, 'PROTECTED', [
  'protected',
  'active',
  'on',
  'enabled',
  'running',
  'up to date',
  'ok',
  'secure',
  'healthy',
  'installed',
  'real time protection on',
  'green',
  // Datto RMM's API antivirusStatus codes.
  'runninganduptodate',
]);
learn(ANTIVIRUS_WORDS, 'AT_RISK', [
  'at risk',
  'out of date',
  'outdated',
  'expired',
  'threat detected',
  'threats detected',
  'warning',
  'needs attention',
  'definitions out of date',
  'not up to date',
  'infected',
  'red',
  'amber',
  'runningandnotuptodate',
]);
learn(ANTIVIRUS_WORDS, 'DISABLED', [
  'disabled',
  'off',
  'snoozed',
  'stopped',
  'not running',
  'notrunning',
  'inactive',
]);
learn(ANTIVIRUS_WORDS, 'NOT_INSTALLED', [
  'not installed',
  'none',
  'missing',
  'no antivirus',
  'not detected',
  'no av',
  'uninstalled',
  'not present',
  'notdetected',
]);
learn(BITLOCKER_WORDS, 'ENCRYPTED', [
  'encrypted',
  'fully encrypted',
  'protection on',
  'on',
  'enabled',
  'yes',
  'protected',
  'compliant',
]);
learn(BITLOCKER_WORDS, 'PARTIAL', [
  'partial',
  'partially encrypted',
  'encryption in progress',
  'encrypting',
  'decryption in progress',
  'decrypting',
  'encryption paused',
]);
learn(BITLOCKER_WORDS, 'SUSPENDED', ['suspended', 'protection off', 'protection suspended', 'paused']);
learn(BITLOCKER_WORDS, 'NOT_ENCRYPTED', [
  'not encrypted',
  'fully decrypted',
  'decrypted',
  'off',
  'disabled',
  'no',
  'none',
  'unencrypted',
  'not compliant',
  'non compliant',
]);
learn(BITLOCKER_WORDS, 'NOT_SUPPORTED', [
  'not supported',
  'unsupported',
  'not applicable',
  'n/a',
  'na',
  'no tpm',
  'not capable',
]);

const TRUE_WORDS = new Set(['yes', 'y', 'true', '1', 'x', 'virtual', 'vm', 'virtual machine']);
const FALSE_WORDS = new Set(['no', 'n', 'false', '0', 'physical', 'not virtual']);

/** Serial numbers that vendors leave unset: they identify nothing. */
const PLACEHOLDER_SERIALS = new Set([
  'to be filled by o.e.m.',
  'default string',
  'system serial number',
  'none',
  '0',
  '00000000',
  'n/a',
  'not specified',
  'not applicable',
  '123456789',
  'invalid',
  'unknown',
]);

export const cellText = (value: CellValue): string => {
  if (value === null) return '';
  if (value instanceof Date) return value.toISOString();
  return String(value).trim();
};

export type FieldResult = { value: FieldValue | null } | { error: string };

const TEXT_LIMITS: Partial<Record<ImportField, number>> = { osVersion: 100, firmwareVersion: 100 };

/** One cell as the value of `field`: null when empty (the file says nothing), or why it cannot be read. */
export function normalizeField(
  field: ImportField,
  label: string,
  raw: CellValue,
  context: { timeZone: string; dateOrder: DateOrder },
): FieldResult {
  if (raw === null || (typeof raw === 'string' && raw.trim() === '')) return { value: null };
  const text = cellText(raw);
  const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  switch (field) {
    case 'purchaseDate':
    case 'warrantyEnd':
    case 'lastPatchDate': {
      const date = parseImportDate(raw, context.dateOrder);
      return date ? { value: date } : { error: `${label} "${shown}" is not a date.` };
    }
    case 'lastResponseAt': {
      const at = parseImportInstant(raw, context.timeZone, context.dateOrder);
      return at ? { value: at } : { error: `${label} "${shown}" is not a date and time.` };
    }
    case 'antivirusState': {
      const code = ANTIVIRUS_WORDS[word(text)];
      return code ? { value: code } : { error: `${label} "${shown}" is not an antivirus state SD6 knows.` };
    }
    case 'bitlockerState': {
      const code = BITLOCKER_WORDS[word(text)];
      return code ? { value: code } : { error: `${label} "${shown}" is not a BitLocker state SD6 knows.` };
    }
    case 'missingPatches': {
      const n = typeof raw === 'number' ? raw : Number(text.replace(/,/g, ''));
      return Number.isInteger(n) && n >= 0 && n <= 100_000
        ? { value: n }
        : { error: `${label} "${shown}" is not a whole number.` };
    }
    case 'virtual': {
      if (typeof raw === 'boolean') return { value: raw };
      const w = word(text);
      if (TRUE_WORDS.has(w)) return { value: true };
      if (FALSE_WORDS.has(w)) return { value: false };
      return { error: `${label} "${shown}" is not yes or no.` };
    }
    case 'serialNumber':
      if (PLACEHOLDER_SERIALS.has(text.toLowerCase())) return { value: null };
      return text.length > 200 ? { error: `${label} is longer than 200 characters.` } : { value: text };
    default: {
      const max = TEXT_LIMITS[field] ?? 200;
      return text.length > max ? { error: `${label} is longer than ${max} characters.` } : { value: text };
    }
  }
}
