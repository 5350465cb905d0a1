// Zod building blocks for entity forms, on the SPEC §5 rules: client forms and server routes parse with the same ones.
import { z } from 'zod';
import { formatDate, parseDateInput } from '../format/date.js';
import { parseDecimal } from '../format/money.js';
import { checkDuns, checkEmail, checkPhone, checkTaxId } from '../format/validators.js';
import { recordId, wholeNumber } from './common.js';
import type { CodeList } from './constants.js';
import { BLANK } from './messages.js';

export { BLANK };

/** Required single-line text, trimmed. */
export const requiredText = (max = 200) => z.string().trim().min(1, BLANK).max(max);

/** Optional text: empty or missing becomes null. */
export const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** Text checked (and normalised) by one of the shared SPEC §5 validators; empty becomes null. */
function checked(check: (input: string) => { valid: boolean; value: string; error?: string }) {
  return z
    .string()
    .trim()
    .nullish()
    .transform((v, ctx) => {
      if (!v) return null;
      const result = check(v);
      if (!result.valid) {
        ctx.addIssue({ code: 'custom', message: result.error ?? BLANK });
        return z.NEVER;
      }
      return result.value;
    });
}

export const optionalEmail = () => checked(checkEmail);
export const optionalPhone = () => checked(checkPhone);
export const optionalTaxId = () => checked(checkTaxId);
export const optionalDuns = () => checked(checkDuns);

export const DATE_INVALID = 'Please enter a valid date (MM/DD/YYYY).';

/** A date typed in any accepted format; travels and is stored as MM/dd/yyyy, empty is null. */
export const optionalDate = () =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v, ctx) => {
      if (!v) return null;
      const d = parseDateInput(v);
      if (!d) {
        ctx.addIssue({ code: 'custom', message: DATE_INVALID });
        return z.NEVER;
      }
      return formatDate(d);
    });

/** A picked record (travels as its bare id); empty is null. */
export const optionalRef = () =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), recordId().nullable());
export const requiredRef = () => z.preprocess((v) => (v === '' || v === null ? undefined : v), recordId());

/** One of a fixed set of codes; empty is null. */
export const optionalEnum = <T extends string>(values: readonly [T, ...T[]]) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), z.enum(values).nullable());

/** A whole number ≥ 0 typed as text or number; empty is null. */
export const optionalCount = (max = 1_000_000) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.coerce
      .number({ error: 'Please enter a whole number.' })
      .int('Please enter a whole number.')
      .min(0, 'Please enter a number of 0 or more.')
      .max(max)
      .nullable(),
  );

/**
 * The version of the record the user edited: absent on a new record; a save or delete of an existing one without
 * it is refused with a clear message (requireVersion on the server), never read as NaN.
 */
export const version = () =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), wholeNumber().optional());

/** Code lists as {value, label} pairs, from which forms take options and presenters take labels. */
export type { CodeList };
export const codeValues = <T extends string>(list: CodeList<T>) =>
  list.map((c) => c.value) as unknown as readonly [T, ...T[]];
/** A code list as select options (plain {value, label} objects, not the frozen list itself). */
export const codeOptions = (list: CodeList): { value: string; label: string }[] =>
  list.map((c) => ({ value: c.value, label: c.label }));
export const codeLabel = (list: CodeList, value: string | null | undefined) =>
  value == null ? null : (list.find((c) => c.value === value)?.label ?? value);

/** SPEC §4 active filter codes (user report, staff, software, pick lists); "all" is the select's empty choice. */
export const ACTIVE_FILTERS = [
  { value: 'all', label: 'All' },
  { value: '1', label: 'Active' },
  { value: '2', label: 'Inactive' },
] as const satisfies CodeList;
export type ActiveFilter = (typeof ACTIVE_FILTERS)[number]['value'];
export const activeFilter = z.enum(codeValues(ACTIVE_FILTERS)).default('1');
/** The filter's choices as a select shows them (All is its empty choice). */
export const ACTIVE_CHOICES = ACTIVE_FILTERS.filter((f) => f.value !== 'all').map((f) => ({ ...f }));

/** A required date typed in any accepted format; travels and is stored as MM/dd/yyyy. */
export const requiredDate = () =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v, ctx) => {
      if (!v) {
        ctx.addIssue({ code: 'custom', message: BLANK });
        return z.NEVER;
      }
      const d = parseDateInput(v);
      if (!d) {
        ctx.addIssue({ code: 'custom', message: DATE_INVALID });
        return z.NEVER;
      }
      return formatDate(d);
    });

/** yyyyMMdd of a valid MM/dd/yyyy text, else null: compares dates of a form whose single fields may have failed. */
export const dateKey = (v: unknown): string | null => {
  if (typeof v !== 'string' || !/^\d{2}\/\d{2}\/\d{4}$/.test(v)) return null;
  const [mm, dd, yyyy] = v.split('/');
  return `${yyyy}${mm}${dd}`;
};

/** An exact decimal amount (money, quantity) typed as "$1,250.5" or a number; travels as "1250.50". */
export const decimalAmount = (options: { required: boolean; maxWholeDigits?: number }) =>
  z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v, ctx) => {
      const parsed = v === null || v === undefined ? null : parseDecimal(v, options.maxWholeDigits);
      if (parsed === null) {
        if (options.required) ctx.addIssue({ code: 'custom', message: BLANK });
        return null;
      }
      if (!parsed.ok) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed.value;
    });
