// Dates (SPEC §5): the accepted input forms, display MM/dd/yyyy and path form MMddyyyy.
// Calendar dates are local midnight Dates built from their parts, so no time zone ever shifts a day.

const pad = (n: number, size = 2) => String(n).padStart(size, '0');

/** Two-digit years: 00–68 are 2000s, 69–99 are 1900s. */
/** The months' names, January first (en-US, the app's language). */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export const expandYear = (yy: number) => (yy <= 68 ? 2000 + yy : 1900 + yy);

/** A local date of its parts, or null when the day does not exist (02/30). */
export function makeDate(
  year: number,
  month: number,
  day: number,
  hours = 0,
  minutes = 0,
  seconds = 0,
): Date | null {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1000 || year > 9999) return null;
  const d = new Date(year, month - 1, day, hours, minutes, seconds);
  if (d.getFullYear() !== year || d.getMonth() !== month - 1 || d.getDate() !== day) return null;
  return d;
}

type Rule = [RegExp, (m: string[], today: Date) => Date | null];

function firstMatch(rules: Rule[], text: string, today: Date): Date | null {
  for (const [pattern, build] of rules) {
    const m = pattern.exec(text);
    if (m) return build(m as string[], today);
  }
  return null;
}

const n = (s: string | undefined) => Number(s ?? 0);

// What a person may type into a date input (SPEC §5); `today` gives the year of `MM/DD`.
const INPUT_RULES: Rule[] = [
  [/^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/, (m) => makeDate(n(m[1]), n(m[2]), n(m[3]))],
  [/^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/, (m) => makeDate(n(m[3]), n(m[1]), n(m[2]))],
  [/^(\d{1,2})[/-](\d{1,2})[/-](\d{2})$/, (m) => makeDate(expandYear(n(m[3])), n(m[1]), n(m[2]))],
  [/^(\d{1,2})[/-](\d{1,2})$/, (m, today) => makeDate(today.getFullYear(), n(m[1]), n(m[2]))],
  [/^(\d{2})(\d{2})(\d{2})$/, (m) => makeDate(expandYear(n(m[3])), n(m[1]), n(m[2]))],
  [/^(\d{2})(\d{2})(\d{4})$/, (m) => makeDate(n(m[3]), n(m[1]), n(m[2]))],
];

export function parseDateInput(input: string, today: Date = new Date()): Date | null {
  return firstMatch(INPUT_RULES, input.trim(), today);
}

// The stored and exchanged forms: yyyy-MM-dd (optional time), yyyy/MM/dd, MM/dd/yyyy (optional time), MM/dd/yy hh:mmaa.
const PARSE_RULES: Rule[] = [
  [
    /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/,
    (m) => makeDate(n(m[1]), n(m[2]), n(m[3]), n(m[4]), n(m[5]), n(m[6])),
  ],
  [/^(\d{4})\/(\d{2})\/(\d{2})$/, (m) => makeDate(n(m[1]), n(m[2]), n(m[3]))],
  [
    /^(\d{2})\/(\d{2})\/(\d{4})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/,
    (m) => makeDate(n(m[3]), n(m[1]), n(m[2]), n(m[4]), n(m[5]), n(m[6])),
  ],
  [
    /^(\d{2})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2})\s?([AaPp])[Mm]$/,
    (m) => {
      const h12 = n(m[4]);
      if (h12 < 1 || h12 > 12) return null;
      const hours = (h12 % 12) + (m[6]?.toLowerCase() === 'p' ? 12 : 0);
      return makeDate(expandYear(n(m[3])), n(m[1]), n(m[2]), hours, n(m[5]));
    },
  ],
];

export function parseDate(input: string): Date | null {
  return firstMatch(PARSE_RULES, input.trim(), new Date());
}

/** MM/dd/yyyy */
export const formatDate = (d: Date) => `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;
/** MMddyyyy, the form dates take in paths. */
export const toPathDate = (d: Date) => `${pad(d.getMonth() + 1)}${pad(d.getDate())}${d.getFullYear()}`;
export function fromPathDate(text: string): Date | null {
  const m = /^(\d{2})(\d{2})(\d{4})$/.exec(text);
  return m ? makeDate(+m[3]!, +m[1]!, +m[2]!) : null;
}
/** yyyy-MM-dd, the form a database `date` takes, of a local calendar date (its local getters). */
export const toIsoDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
/**
 * yyyy-MM-dd of an instant's UTC day: for day arithmetic done in UTC (a Date.UTC timestamp), where a local date
 * would shift a day in zones west of UTC.
 */
export const toUtcIsoDate = (at: Date | number) => new Date(at).toISOString().slice(0, 10);
/** yyyy-MM-dd of an MM/dd/yyyy text already checked (a query's or a form's date). */
export const isoOfDisplay = (display: string) => {
  const [mm, dd, yyyy] = display.split('/');
  return `${yyyy}-${mm}-${dd}`;
};
/** MM/dd/yyyy of a yyyy-MM-dd text. */
export const displayOf = (day: string) => {
  const [yyyy, mm, dd] = day.split('-');
  return `${mm}/${dd}/${yyyy}`;
};

/** Calendar-day arithmetic on yyyy-MM-dd days, in UTC so no time zone shifts a day. */
const isoDay = (day: string) => Date.parse(`${day}T00:00:00Z`);
/** The yyyy-MM-dd day `days` after `day` (before, when negative). */
export const addIsoDays = (day: string, days: number) => toUtcIsoDate(isoDay(day) + days * 86_400_000);
/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const isoDaysBetween = (from: string, to: string) =>
  Math.round((isoDay(to) - isoDay(from)) / 86_400_000);

export type DateRules = { min?: Date; max?: Date; disabled?: (d: Date) => boolean; allowEmpty?: boolean };
export type DateCheck = { value: string; valid: boolean; error?: string };

const sameOrAfter = (a: Date, b: Date) => toIsoDate(a) >= toIsoDate(b);

/** Normalises a typed date to MM/dd/yyyy and checks it against the field's rules. */
export function normalizeDateInput(
  input: string,
  rules: DateRules = {},
  today: Date = new Date(),
): DateCheck {
  if (input.trim() === '') {
    return rules.allowEmpty === false
      ? { value: '', valid: false, error: 'This value should not be blank.' }
      : { value: '', valid: true };
  }
  const d = parseDateInput(input, today);
  if (!d)
    return { value: input, valid: false, error: `Please enter a valid date (e.g. ${formatDate(today)}).` };
  const value = formatDate(d);
  if (rules.min && !sameOrAfter(d, rules.min)) {
    return { value, valid: false, error: `The date must be on or after ${formatDate(rules.min)}.` };
  }
  if (rules.max && !sameOrAfter(rules.max, d)) {
    return { value, valid: false, error: `The date must be on or before ${formatDate(rules.max)}.` };
  }
  if (rules.disabled?.(d)) return { value, valid: false, error: 'This date is not available.' };
  return { value, valid: true };
}
