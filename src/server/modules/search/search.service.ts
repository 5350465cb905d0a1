// Global search: one lookup in search_entries, the searched fields of every source kept in step with their records
// (search-index-sql.ts), through its trigram and prefix indexes.

import { GLOBAL_SEARCH_LIMIT, type GlobalSearchResult } from '../../../shared/schemas/search.js';
import type { Database } from '../../db/client.js';
import type { SearchSource } from '../../platform/search-source.js';
import { highlight } from './highlight.js';
import { searchGate } from './search-gate.js';

/**
 * Where a hit goes: the search sources of the app's areas, set when the search area registers (every app of a
 * process has the same areas).
 */
let areaSources: readonly SearchSource[] = [];
export function setSearchSources(sources: readonly SearchSource[]): void {
  areaSources = sources;
}

/** Trigram indexes cannot narrow shorter terms: those match at the start of a field only. */
const MIN_SUBSTRING = 3;

type Row = {
  kind: string;
  field_label: string;
  id: number;
  name: string;
  value: string;
  id1: number | null;
  id2: number | null;
  detail: string | null;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Placeholders for the term's variants, each bound once however many parts use it. */
class Params {
  readonly values: unknown[] = [];
  private readonly seen = new Map<string, string>();
  constructor(private readonly term: string) {}
  private bind(key: string, value: unknown): string {
    let p = this.seen.get(key);
    if (!p) {
      this.values.push(value);
      p = `$${this.values.length}`;
      this.seen.set(key, p);
    }
    return p;
  }
  get raw() {
    return this.bind('raw', this.term);
  }
  get like() {
    return this.bind('like', `%${escapeLike(this.term)}%`);
  }
  get prefix() {
    return this.bind('prefix', `${escapeLike(this.term)}%`);
  }
  digits(digits: string) {
    return this.bind('digits', `%${digits}%`);
  }
  number(n: number) {
    return this.bind('number', String(n));
  }
}

/** Hits of one part of the lookup: how many to rank at most (a bare word can match thousands of entries). */
const CANDIDATES = 500;

/** How much less a hit through a related record's field scores than the same match on a record's own field. */
const RELATED_PENALTY = 0.5;

/** The indexed start of an entry (a btree entry has a size limit; a term is at most 100 characters). */
const START = 'lower(left(term, 200)) COLLATE "C"';

/** One part of the lookup: entries matching `where`, scored, at most CANDIDATES of them. */
function part(where: string, score: string, order = ''): string {
  return `(SELECT kind, label AS field_label, record_id AS id, name, value, id1, id2, detail,
      ((${score}) - CASE WHEN related THEN ${RELATED_PENALTY} ELSE 0 END)::float8 AS score
    FROM search_entries WHERE ${where} ${order} LIMIT ${CANDIDATES})`;
}

/**
 * The parts of the lookup for a term, each one index scan: the fields that start with it (all kinds of text, any
 * length), the names and the prose that contain it (a word of 3 characters or more), phone digits and record numbers.
 */
function foundParts(term: string, p: Params): string[] {
  const long = term.length >= MIN_SUBSTRING;
  const score =
    `CASE WHEN lower(term) = lower(${p.raw}) THEN 3 WHEN ${START} LIKE lower(${p.prefix}) THEN 2 ELSE 1 END` +
    (long ? ` + similarity(${p.raw}, term)` : '');
  const parts = [
    // By the start index, in its order: the shortest names starting with the term come first.
    part(`${START} LIKE lower(${p.prefix}) AND match IN ('text', 'code')`, score, `ORDER BY ${START}`),
  ];
  // Trigrams narrow a substring search only through a word of 3 characters: a term of short words ("a b c d e f")
  // shares its trigrams with nearly every entry, so it matches at the start of a field only, as a short term does.
  const narrow = (term.match(/[\p{L}\p{N}]+/gu) ?? []).some((word) => word.length >= MIN_SUBSTRING);
  if (narrow)
    // Names and prose apart: a word common in slip comments never crowds out the records named by it.
    for (const which of ['NOT prose', 'prose'])
      parts.push(part(`${which} AND match IN ('text', 'code') AND term ILIKE ${p.like}`, score));
  const digits = term.replace(/\D/g, '');
  if (digits.length >= MIN_SUBSTRING && !/[^\d\s()+.-]/.test(term))
    parts.push(
      part(
        `NOT prose AND match = 'digits' AND term LIKE ${p.digits(digits)}`,
        `CASE WHEN term = '${digits}' THEN 3 ELSE 1 END`,
      ),
    );
  const number = /^#?(\d{1,9})$/.exec(term);
  if (number) parts.push(part(`${START} = ${p.number(Number(number[1]))} AND match = 'number'`, '4'));
  return parts;
}

/** Typo-tolerant matches of names (pg_trgm word similarity), for when the lookup found nothing. */
function fuzzyParts(term: string, p: Params): string[] {
  if (!typoTolerant(term)) return [];
  return [
    part(
      `NOT prose AND typos AND ${p.raw} <% term AND term NOT ILIKE ${p.like}`,
      `word_similarity(${p.raw}, term)`,
    ),
  ];
}

// The work of one term is bounded, so no user slows the others (the embedded database runs one query at a time).
/** Words of a term that are searched; the rest are dropped (a name or a phrase is shorter than this). */
export const MAX_SEARCH_WORDS = 6;
/** Typo tolerance compares every trigram of the term with every candidate row's: only for a name-sized term. */
export const MAX_FUZZY_WORDS = 5;
export const MAX_FUZZY_TRIGRAMS = 48;
/** On PostgreSQL, a search still running after this is ended (the embedded database has no statement timeout). */
export const SEARCH_TIMEOUT_MS = 1500;

/** The term as searched: trimmed, spaces folded, at most MAX_SEARCH_WORDS words. */
export function boundedTerm(raw: string): string {
  return raw.trim().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS).join(' ');
}

/**
 * Whether a term gets the typo-tolerant branches: a name of a few words with at least one real word in it, not a
 * run of letters and short words (whose trigrams every row shares, so the index narrows nothing).
 */
export function typoTolerant(term: string): boolean {
  // Words as pg_trgm sees them: runs of letters and digits ("-" is none).
  const words = term.match(/[\p{L}\p{N}]+/gu) ?? [];
  return (
    words.length <= MAX_FUZZY_WORDS &&
    words.some((w) => w.length >= MIN_SUBSTRING) &&
    trigrams(term).size <= MAX_FUZZY_TRIGRAMS
  );
}

type Statement = { text: string; values: unknown[] };

const NOTHING =
  'SELECT NULL::text AS kind, NULL::text AS field_label, NULL::int AS id, NULL::text AS name, NULL::text AS value, NULL::int AS id1, NULL::int AS id2, NULL::text AS detail, NULL::float8 AS score WHERE false';

/**
 * The one statement for a term: the lookup's hits; the typo-tolerant part only when there are none (a typo is the
 * likely reason, and an exact hit is what the user typed); one hit per record (its best field); the best overall.
 */
export function searchStatement(term: string): Statement {
  const p = new Params(term);
  const found = foundParts(term, p).join('\n    UNION ALL ');
  const fuzzy = fuzzyParts(term, p).join('\n    UNION ALL ');
  const hits = fuzzy
    ? `SELECT * FROM found UNION ALL SELECT * FROM (${fuzzy}) f WHERE NOT EXISTS (SELECT FROM found)`
    : 'SELECT * FROM found';
  const text = `WITH found AS MATERIALIZED (${found || NOTHING})
  SELECT kind, field_label, id, name, value, id1, id2, detail FROM (
    SELECT DISTINCT ON (kind, id) * FROM (${hits}) hits ORDER BY kind, id, score DESC
  ) best ORDER BY score DESC, name, kind, id LIMIT ${GLOBAL_SEARCH_LIMIT}`;
  return { text, values: p.values };
}

/** pg_trgm's trigrams of a term: each alphanumeric word, lower-cased, padded with two spaces before and one after. */
export function trigrams(term: string): Set<string> {
  const set = new Set<string>();
  for (const word of term.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  }
  return set;
}

/**
 * The word-similarity threshold of the typo branches. A one-letter typo costs a term of T trigrams up to three of
 * them, and word similarity counts what the name has that the term lacks too: with two typos a long term still scores
 * (T - 6) / (T + 6) against its record. Asking that much (between pg_trgm's 0.6 and 0.8) lets the index drop the
 * near-misses a long term has by the hundred (the same words in another city). Short terms keep 0.6.
 */
export function typoThreshold(term: string): number {
  const count = trigrams(term).size;
  const twoTypos = Math.floor(((count - 6) / (count + 6)) * 100) / 100;
  return Math.min(0.8, Math.max(0.6, twoTypos));
}

/**
 * A search statement in a transaction of its own, with its settings: the typo threshold (only global search uses
 * the word-similarity operators) and no sequential scans. A part's LIMIT makes a table scan look cheap to the planner,
 * but the entries of one kind lie together, so a scan for a word that only cases carry reads the whole table first
 * (700 ms at 1M records); the indexes always answer in a few milliseconds. On PostgreSQL, a statement timeout too
 * (the embedded database has none).
 */
async function inSearchTransaction<T>(
  database: Database,
  term: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      "SELECT set_config('pg_trgm.word_similarity_threshold', $1, true), set_config('enable_seqscan', 'off', true)",
      [String(typoThreshold(term))],
    );
    if (database.kind !== 'embedded')
      await client.query(`SET LOCAL statement_timeout = ${SEARCH_TIMEOUT_MS}`);
    const found = (await client.query(text, values)).rows as T[];
    await client.query('COMMIT');
    return found;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** The one statement, when it is this search's turn. */
async function searchInOneStatement(
  database: Database,
  caller: string | number,
  term: string,
  gone: () => boolean,
): Promise<Row[] | null> {
  const { text, values } = searchStatement(term);
  return searchGate.run(caller, gone, async () => {
    try {
      return await inSearchTransaction<Row>(database, term, text, values);
    } catch (error) {
      // Out of time: no results rather than an error (the search panel shows "No elements found").
      if ((error as { code?: string }).code === '57014') return [];
      throw error;
    }
  });
}

/** `caller`: whose search it is (one at a time each); `gone`: whether the caller stopped waiting for the answer. */
export async function globalSearch(
  database: Database,
  rawTerm: string,
  caller: string | number,
  gone: () => boolean = () => false,
): Promise<GlobalSearchResult[]> {
  const term = boundedTerm(rawTerm);
  if (!term) return [];
  const rows = await searchInOneStatement(database, caller, term, gone);
  if (!rows) return [];
  const byKind = new Map(areaSources.map((s) => [s.kind, s]));
  return rows.map((r) => ({
    name: r.name,
    route: byKind.get(r.kind)!.route(
      r.id,
      [r.id1, r.id2].filter((n): n is number => n !== null),
    ),
    field_label: r.field_label,
    value: highlight(r.value, term),
    ...(r.detail ? { detail: r.detail } : {}),
  }));
}
