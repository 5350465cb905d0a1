// Which way round a date column writes its numeric dates: day first (1.11.2026 is 1 November) or month first
// (11/1/2026 is November 1). Each column is judged on its own values: one value with 13 or more in first place
// proves day first, in second place month first; a column whose values read both ways asks the user, showing
// three of them parsed each way.

/** How a numeric date like 03/04/2024 is read: month first (US tools) or day first. */
export type DateOrder = 'MDY' | 'DMY';

/** A numeric date with a four-digit year, dotted, slashed or dashed, with an optional time after it. */
const NUMERIC = /^\s*(\d{1,2})([/.-])(\d{1,2})\2(\d{4})(?:$|[\sT,])/;

/** What a column's values said so far. */
export type DateEvidence = {
  /** Values only day first can read (13+ in first place). */
  dayFirst: number;
  /** Values only month first can read (13+ in second place). */
  monthFirst: number;
  /** Up to three distinct values both ways read, differently. */
  ambiguous: string[];
};

export const newEvidence = (): DateEvidence => ({ dayFirst: 0, monthFirst: 0, ambiguous: [] });

/** The first two numbers of a numeric date, or null when the text is not one. */
export function numericParts(text: string): { first: number; second: number; year: number } | null {
  const m = NUMERIC.exec(text);
  return m ? { first: +m[1]!, second: +m[3]!, year: +m[4]! } : null;
}

const SAMPLES = 3;

/** Adds one cell's text to a column's evidence. */
export function noteDate(evidence: DateEvidence, text: string): void {
  const p = numericParts(text);
  if (!p || p.first < 1 || p.second < 1) return;
  if (p.first > 12 && p.second <= 12) evidence.dayFirst += 1;
  else if (p.second > 12 && p.first <= 12) evidence.monthFirst += 1;
  else if (p.first <= 12 && p.second <= 12 && p.first !== p.second) {
    const shown = text.trim();
    if (evidence.ambiguous.length < SAMPLES && !evidence.ambiguous.includes(shown))
      evidence.ambiguous.push(shown);
  }
}

/**
 * What the values decide: an order they prove (the larger count wins when the column mixes both, and `mixed` says
 * so), `ask` when only values that read both ways were seen, or nothing to decide (no numeric dates, or only
 * ones like 5/5/2026 that read the same either way).
 */
export function decideOrder(
  evidence: DateEvidence,
): { order: DateOrder; mixed: boolean } | { ask: true } | { none: true } {
  const { dayFirst, monthFirst } = evidence;
  if (dayFirst || monthFirst)
    return { order: dayFirst > monthFirst ? 'DMY' : 'MDY', mixed: !!dayFirst && !!monthFirst };
  return evidence.ambiguous.length ? { ask: true } : { none: true };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A numeric date's calendar day read one way (yyyy-MM-dd), or null when that way it is no date. */
export function readAs(text: string, order: DateOrder): string | null {
  const p = numericParts(text);
  if (!p) return null;
  const [month, day] = order === 'MDY' ? [p.first, p.second] : [p.second, p.first];
  if (month < 1 || month > 12 || day < 1) return null;
  if (day > new Date(Date.UTC(p.year, month, 0)).getUTCDate()) return null;
  return `${p.year}-${pad(month)}-${pad(day)}`;
}
