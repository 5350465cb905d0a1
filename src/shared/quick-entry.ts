// One-line time entry (issue 17): `930-1045 acme vpn #1234 remote phone fixed the tunnel` → a slip. Pure: the
// server's task match (how many target words named the task) and the day's context are inputs, never guessed here.
import { z } from 'zod';
import { addIsoDays } from './format/date.js';
import { minutesToHmm, parseDuration } from './format/duration.js';
import { formatTimeOfDay, parseTimeOfDay } from './format/time-of-day.js';
import type { QuickCandidate, QuickMatch } from './schemas/quick-entry.js';
import {
  ABBREVIATIONS,
  HOW_OPTIONS,
  RATE_MULTIPLIER_OPTIONS,
  STOP_AFTER_START,
  WHERE_OPTIONS,
} from './schemas/slip.js';

export type { QuickCandidate, QuickMatch, QuickMatchTask } from './schemas/quick-entry.js';

export const START_WITH_TIME = 'Start with the time, e.g. 930-1045 or 45m';
export const NAME_THE_TASK = 'Name the task after the time, e.g. 930-1045 acme vpn';
export const PAST_MIDNIGHT = 'The time runs past midnight: enter the start and end instead.';
/** SPEC §9: business hours start at 08:00, the start of a duration on a day with nothing logged yet. */
export const DAY_START_MINUTES = 8 * 60;

export type QuickTime =
  | { kind: 'range'; start: number; end: number | null; text: string }
  | { kind: 'duration'; minutes: number; text: string };

export type QuickLine = {
  time: QuickTime;
  /** `#1234`: the case number. */
  caseId: number | null;
  where: string | null;
  how: string | null;
  /** '0' | '1' | '1.5' | '2' */
  multiplier: string | null;
  yesterday: boolean;
  /** The plain words after the time that name the task (some may be description: see `describe`). */
  targetWords: string[];
  /** A structured word followed the target words: the description is exactly `description` (maybe empty). */
  explicit: boolean;
  description: string;
};

export type QuickParse = { ok: true; line: QuickLine } | { ok: false; message: string };

type Kind = 'time' | 'case' | 'where' | 'how' | 'multiplier' | 'date';
const KIND_NAMES: Record<Kind, string> = {
  time: 'times',
  case: 'case numbers',
  where: 'places (where)',
  how: 'ways (how)',
  multiplier: 'multipliers',
  date: 'dates',
};

const squash = (label: string) => label.toLowerCase().replace(/\s+/g, '');
const hyphenate = (label: string) => label.toLowerCase().replace(/\s+/g, '-');

/** The words of a code list: its labels (joined and hyphenated), their abbreviations, and a few synonyms. */
function wordsOf(options: readonly { value: string; label: string }[], synonyms: Record<string, string>) {
  const words = new Map<string, string>();
  for (const o of options) {
    words.set(squash(o.label), o.value);
    words.set(hyphenate(o.label), o.value);
    const abbreviation = ABBREVIATIONS[o.value];
    if (abbreviation) words.set(abbreviation.toLowerCase(), o.value);
  }
  for (const [word, value] of Object.entries(synonyms)) words.set(word, value);
  return words;
}

/** Where/how words: labels and abbreviations of the slip's option lists, plus the short forms people type. */
export const WHERE_WORDS = wordsOf(WHERE_OPTIONS, { office: 'IN_OFFICE' });
export const HOW_WORDS = wordsOf(HOW_OPTIONS, { session: 'REMOTE_SESSION' });
const MULTIPLIERS = new Map<string, string>(
  RATE_MULTIPLIER_OPTIONS.map((o) => [o.label.toLowerCase(), o.value]),
);
const DATE_WORDS = new Set(['yesterday', 'yday']);

/** Minutes of a duration word (`45m`, `1h`, `1h30`, `1.5h`, `:45`), or null. */
export function parseDurationWord(word: string): number | null {
  const w = word.toLowerCase();
  const minutesOnly = /^(\d{1,4})m(?:in)?$/.exec(w);
  const hoursMinutes = /^(\d{1,2})h(\d{1,2})m?$/.exec(w);
  const hours = /^(\d{0,2}\.?\d+)h$/.exec(w);
  let minutes: number | null = null;
  if (minutesOnly) minutes = Number(minutesOnly[1]);
  else if (hoursMinutes) minutes = Number(hoursMinutes[1]) * 60 + Number(hoursMinutes[2]);
  else if (hours) minutes = Math.round(Number(hours[1]) * 60);
  else if (/^:\d{1,2}$/.test(w)) minutes = parseDuration(w);
  return minutes !== null && minutes > 0 && minutes <= 24 * 60 ? minutes : null;
}

/** A range (`930-1045`, `9:30a-1p`, `930-`) or a duration word; a message when it is a range that cannot be. */
export function parseTimeWord(word: string): QuickTime | { message: string } | null {
  const range = /^([^-]+)-([^-]*)$/.exec(word);
  if (range) {
    const start = parseTimeOfDay(range[1]!);
    const end = range[2] === '' ? null : parseTimeOfDay(range[2]!);
    if (start === null || (range[2] !== '' && end === null)) return null;
    if (end !== null && end <= start) return { message: STOP_AFTER_START };
    return { kind: 'range', start, end, text: word };
  }
  const minutes = parseDurationWord(word);
  return minutes === null ? null : { kind: 'duration', minutes, text: word };
}

type Classified = { kind: Kind; value: string; time?: QuickTime } | { kind: 'error'; message: string } | null;

function classify(word: string): Classified {
  const w = word.toLowerCase();
  const caseNumber = /^#(\d{1,9})$/.exec(w);
  if (caseNumber) return { kind: 'case', value: caseNumber[1]! };
  if (WHERE_WORDS.has(w)) return { kind: 'where', value: WHERE_WORDS.get(w)! };
  if (HOW_WORDS.has(w)) return { kind: 'how', value: HOW_WORDS.get(w)! };
  if (MULTIPLIERS.has(w)) return { kind: 'multiplier', value: MULTIPLIERS.get(w)! };
  if (DATE_WORDS.has(w)) return { kind: 'date', value: 'yesterday' };
  if (/\d/.test(w)) {
    const time = parseTimeWord(word);
    if (time && 'message' in time) return { kind: 'error', message: time.message };
    if (time) return { kind: 'time', value: word, time };
  }
  return null;
}

/** Parses a line. Errors: no time first, an impossible range, or two words of the same kind (asks, never guesses). */
export function parseQuickLine(input: string): QuickParse {
  const words = input.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return { ok: false, message: START_WITH_TIME };
  const time = parseTimeWord(first);
  if (!time) return { ok: false, message: START_WITH_TIME };
  if ('message' in time) return { ok: false, message: time.message };

  const seen = new Map<Kind, string>([['time', first]]);
  const line: QuickLine = {
    time,
    caseId: null,
    where: null,
    how: null,
    multiplier: null,
    yesterday: false,
    targetWords: [],
    explicit: false,
    description: '',
  };
  // Plain words name the task until a structured word follows them; the next plain word starts the description.
  let closed = false;
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!;
    const found = classify(word);
    if (found === null) {
      if (closed) {
        line.description = words.slice(i).join(' ');
        break;
      }
      line.targetWords.push(word);
      continue;
    }
    if (found.kind === 'error') return { ok: false, message: found.message };
    const before = seen.get(found.kind);
    if (before !== undefined) {
      return {
        ok: false,
        message: `Two ${KIND_NAMES[found.kind]}: “${before}” and “${word}”. Keep one.`,
      };
    }
    seen.set(found.kind, word);
    if (found.kind === 'case') line.caseId = Number(found.value);
    else if (found.kind === 'where') line.where = found.value;
    else if (found.kind === 'how') line.how = found.value;
    else if (found.kind === 'multiplier') line.multiplier = found.value;
    else if (found.kind === 'date') line.yesterday = true;
    if (line.targetWords.length > 0) {
      closed = true;
      line.explicit = true;
    }
  }
  return { ok: true, line };
}

/**
 * The description and the words nobody understood, once the server said how many target words named the task.
 * Without a structured word after them, the target words the task did not take are the description; with one,
 * they are words not understood (the description was already marked off).
 */
export function splitDescription(
  line: QuickLine,
  consumed: number,
): { description: string; unknown: string[] } {
  const rest = line.targetWords.slice(consumed);
  if (line.explicit) return { description: line.description, unknown: rest };
  return { description: rest.join(' '), unknown: [] };
}

export type DayContext = {
  /** End of the day's last slip (minutes since midnight), or null when the day has none with an end. */
  lastEnd: number | null;
  /** Now (minutes since midnight) when the day is today, else null. */
  now: number | null;
};

/** Start and end of the line's time on a day: a duration starts at the last slip's end, else now minus it, else 8 AM. */
export function resolveTimes(
  time: QuickTime,
  day: DayContext,
): { start: number; end: number | null } | { message: string } {
  if (time.kind === 'range') return { start: time.start, end: time.end };
  const start =
    day.lastEnd ??
    (day.now !== null ? Math.max(0, Math.floor((day.now - time.minutes) / 5) * 5) : DAY_START_MINUTES);
  const end = start + time.minutes;
  if (end > 24 * 60) return { message: PAST_MIDNIGHT };
  return { start, end };
}

/** "9:30 AM – 10:45 AM (1:15)"; an unfinished slip: "9:30 AM – …". */
export function timesLabel(start: number, end: number | null): string {
  if (end === null) return `${formatTimeOfDay(start)} – … (unfinished)`;
  return `${formatTimeOfDay(start)} – ${formatTimeOfDay(end)} (${minutesToHmm(end - start)})`;
}

/** The task words the match call takes at most: a task is named in a few words, the rest is description. */
export const MATCH_WORDS_MAX = 8;
export const MATCH_LIMIT = 10;
export const NAME_A_TASK = 'Type a word of the task or a case number (#1234).';
export const TOO_MANY_WORDS = `Up to ${MATCH_WORDS_MAX} words name a task.`;

/** GET /api/time/quick-match?words=<space-separated>&case=<id> */
export const quickMatchQuery = z
  .object({
    words: z
      .string()
      .max(400, TOO_MANY_WORDS)
      .default('')
      .transform((v) => v.trim().split(/\s+/).filter(Boolean))
      .refine((w) => w.length <= MATCH_WORDS_MAX, TOO_MANY_WORDS),
    case: z.coerce
      .number({ message: 'The case number is a whole number, e.g. 1234.' })
      .int('The case number is a whole number, e.g. 1234.')
      .min(1, 'The case number is a whole number, e.g. 1234.')
      .max(2_147_483_647, 'The case number is a whole number, e.g. 1234.')
      .optional(),
  })
  .refine((q) => q.words.length > 0 || q.case !== undefined, { message: NAME_A_TASK, path: ['words'] });

/** A word as the match compares it: lower case, letters and digits, other characters as spaces. */
export const matchWord = (word: string) =>
  word
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** How long a task counts as recent for the user (its matches come first). */
export const RECENT_DAYS = 30;

/** The words a task is found by: its organization's name and short code, case title, task title and case number. */
export const candidateText = (c: QuickCandidate) =>
  ` ${matchWord([c.organization, c.shortCode ?? '', c.caseTitle, c.taskTitle, String(c.caseId)].join(' '))}`;

/** How many leading words start a word of `text` (a word of only punctuation starts none and ends the run). */
export function prefixOf(text: string, words: readonly string[]): number {
  let n = 0;
  for (const word of words) {
    const w = matchWord(word);
    if (w === '' || !text.includes(` ${w}`)) break;
    n += 1;
  }
  return n;
}

/**
 * The task match of quick-entry.service (its SQL over every open task) over the tasks a device knows: the longest
 * prefix of the words that still names a task is consumed and the tasks reaching it match; with a case number only
 * that case's tasks take part and may match with no word. The user's recent tasks (RECENT_DAYS before `today`) come
 * first, latest first, then the newest case and task.
 */
export function matchCandidates(
  candidates: readonly QuickCandidate[],
  words: readonly string[],
  caseId: number | null,
  today: string,
): QuickMatch {
  const from = addIsoDays(today, -RECENT_DAYS);
  const scored = candidates
    .filter((c) => caseId === null || c.caseId === caseId)
    .map((c) => ({ c, prefix: prefixOf(candidateText(c), words) }))
    .filter((s) => caseId !== null || s.prefix > 0);
  const consumed = scored.reduce((best, s) => Math.max(best, s.prefix), 0);
  const recent = (c: QuickCandidate) => (c.lastWorked !== null && c.lastWorked >= from ? c.lastWorked : '');
  const matches = scored
    .filter((s) => s.prefix === consumed && (consumed > 0 || caseId !== null))
    .map((s) => s.c)
    .sort((a, b) => recent(b).localeCompare(recent(a)) || b.caseId - a.caseId || b.taskId - a.taskId);
  return {
    consumed: matches.length ? consumed : 0,
    total: matches.length,
    matches: matches
      .slice(0, MATCH_LIMIT)
      .map(({ taskId, taskTitle, caseId: id, caseTitle, organization }) => ({
        taskId,
        taskTitle,
        caseId: id,
        caseTitle,
        organization,
      })),
  };
}
