// Language settings, "Case & Task Grammar" (/admin/case): what cases, tasks and slips are called in the UI, singular
// and plural, and the title-case exceptions of SPEC §5 (small words kept lower-case, brand spellings kept).
import { z } from 'zod';
import { DEFAULT_BRANDS, DEFAULT_SMALL_WORDS } from '../format/title-case.js';
import { DEFAULT_GRAMMAR, type Grammar } from '../grammar.js';
import { version } from './fields.js';
import { BLANK } from './messages.js';
import { refValue } from './record.js';

export { applyGrammar, DEFAULT_GRAMMAR, type Grammar } from '../grammar.js';

export const WORD_MAX = 30;
export const LIST_MAX = 200;
export const SMALL_WORD_MAX = 20;
export const BRAND_MAX = 50;
/** The most lines a list's text area may send, blank ones included: the form is bounded before it is read. */
const LINES_MAX = 1000;

export const WORD_LETTERS = 'Use letters and spaces only.';
export const WORD_TOO_LONG = `Use at most ${WORD_MAX} characters.`;
export const SMALL_WORD_LETTERS = 'A small word is one word of letters.';
export const SMALL_WORD_TOO_LONG = `Use at most ${SMALL_WORD_MAX} characters.`;
export const BRAND_TOO_LONG = `Use at most ${BRAND_MAX} characters.`;
export const BRAND_CHARACTERS = 'Use letters, digits, spaces, hyphens, periods and + only.';
export const TOO_MANY_SMALL_WORDS = `Enter at most ${LIST_MAX} small words.`;
export const TOO_MANY_BRANDS = `Enter at most ${LIST_MAX} brand spellings.`;

export const WORD_FIELDS = Object.keys(DEFAULT_GRAMMAR) as (keyof Grammar)[];

/** The stored value under settings key 'language'. */
export type LanguageValue = Grammar & { smallWords: string[]; brands: string[] };

export const DEFAULT_LANGUAGE: LanguageValue = {
  ...DEFAULT_GRAMMAR,
  smallWords: [...DEFAULT_SMALL_WORDS],
  brands: [...DEFAULT_BRANDS],
};

/** 1–30 letters and spaces, inner spaces collapsed. */
const word = () =>
  z
    .string()
    .max(1000, WORD_TOO_LONG)
    .transform((v) => v.trim().replace(/\s+/g, ' '))
    .pipe(
      z
        .string()
        .min(1, BLANK)
        .max(WORD_MAX, WORD_TOO_LONG)
        .regex(/^[\p{L} ]*$/u, WORD_LETTERS),
    );

/** "Line 3: ..." names the line of the text area (blank lines count, as the user sees them). */
const lineMessage = (index: number, message: string) => `Line ${index + 1}: ${message}`;

/**
 * A list typed one entry a line: trimmed, blank lines and repeats (case-insensitively) dropped, each line checked.
 * `normalise` is what is kept of a valid line.
 */
function lines(options: {
  check: (line: string) => string | null;
  normalise: (line: string) => string;
  tooMany: string;
}) {
  return z
    .array(z.string().max(10_000))
    .max(LINES_MAX, options.tooMany)
    .transform((input, ctx) => {
      const seen = new Set<string>();
      const out: string[] = [];
      input.forEach((raw, i) => {
        const line = raw.trim().replace(/\s+/g, ' ');
        if (!line) return;
        const problem = options.check(line);
        if (problem) {
          ctx.addIssue({ code: 'custom', message: lineMessage(i, problem) });
          return;
        }
        const key = line.toLowerCase();
        if (seen.has(key)) return;
        seen.add(key);
        out.push(options.normalise(line));
      });
      if (out.length > LIST_MAX) ctx.addIssue({ code: 'custom', message: options.tooMany });
      return out;
    });
}

export const smallWordList = lines({
  check: (line) =>
    line.length > SMALL_WORD_MAX ? SMALL_WORD_TOO_LONG : /^\p{L}+$/u.test(line) ? null : SMALL_WORD_LETTERS,
  normalise: (line) => line.toLowerCase(),
  tooMany: TOO_MANY_SMALL_WORDS,
});

export const brandList = lines({
  check: (line) =>
    line.length > BRAND_MAX
      ? BRAND_TOO_LONG
      : /^[\p{L}\p{N}][\p{L}\p{N} .+-]*$/u.test(line)
        ? null
        : BRAND_CHARACTERS,
  normalise: (line) => line,
  tooMany: TOO_MANY_BRANDS,
});

/** POST /api/settings/language */
export const languageSettingsForm = z.object({
  version: version(),
  caseSingular: word(),
  casePlural: word(),
  taskSingular: word(),
  taskPlural: word(),
  slipSingular: word(),
  slipPlural: word(),
  smallWords: smallWordList,
  brands: brandList,
});
export type LanguageSettingsForm = z.infer<typeof languageSettingsForm>;

const languageWord = (what: string) => z.string().describe(`What the UI calls ${what}.`);

export const languageSettingsSchema = z.object({
  caseSingular: languageWord('a case'),
  casePlural: languageWord('cases'),
  taskSingular: languageWord('a task'),
  taskPlural: languageWord('tasks'),
  slipSingular: languageWord('a slip'),
  slipPlural: languageWord('slips'),
  smallWords: z.array(z.string()).describe('Small words title case keeps lower-case.'),
  brands: z.array(z.string()).describe('Spellings title case keeps as they are written.'),
  version: z.number(),
  updated: z.string().nullable().describe('ISO time of the last save; null before the first.'),
  updatedBy: refValue.nullable(),
});
export type LanguageSettings = z.infer<typeof languageSettingsSchema>;

/** GET/POST /api/settings/language: the words, and whether this user may save them. */
export const languageSettingsResponse = z.object({
  languageSettings: languageSettingsSchema,
  can: z.object({ save: z.boolean() }),
});
