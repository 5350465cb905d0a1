// Global search: one UNION ALL statement over the registered sources, each branch bounded and trigram-indexed.

import type pg from 'pg';
import { GLOBAL_SEARCH_LIMIT, type GlobalSearchResult } from '../../../shared/schemas/search.js';
import type { Database } from '../../db/client.js';
import type { SearchField, SearchSource } from '../../platform/search-source.js';
import { highlight } from './highlight.js';
import { afterWaitingQueries, searchGate } from './search-gate.js';

/**
 * What search looks in: the search sources of the app's areas, set when the search area registers (every app of a
 * process has the same areas). The statement builders take other sources too (tests).
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

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Placeholders for the term's variants, each bound once however many branches use it. */
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
    return this.bind('number', n);
  }
}

/** Substring hits of a field: how many to rank at most (a bare word can match thousands of rows). */
const CANDIDATES = 500;

type Match = { where: string; score: string; ordered: boolean };

/** WHERE and score of one field's substring (or exact) match for this term; null when the field cannot match it. */
function substringMatch(field: SearchField, term: string, p: Params): Match | null {
  const col = field.column;
  switch (field.match) {
    case 'text':
    case 'code': {
      // Bound here only: a statement of one field must bind no parameter it does not use.
      const rank = `CASE WHEN lower(${col}) = lower(${p.raw}) THEN 3 WHEN ${col} ILIKE ${p.prefix} THEN 2 ELSE 1 END`;
      return term.length >= MIN_SUBSTRING
        ? { where: `${col} ILIKE ${p.like}`, score: `${rank} + similarity(${p.raw}, ${col})`, ordered: true }
        : // Too short for the trigram index: the first hits at the start of the field, no ranking scan.
          { where: `${col} ILIKE ${p.prefix}`, score: rank, ordered: false };
    }
    case 'digits': {
      const digits = term.replace(/\D/g, '');
      if (digits.length < MIN_SUBSTRING || /[^\d\s()+.-]/.test(term)) return null;
      return {
        where: `${col} LIKE ${p.digits(digits)}`,
        score: `CASE WHEN ${col} = '${digits}' THEN 3 ELSE 1 END`,
        ordered: true,
      };
    }
    case 'number': {
      const m = /^#?(\d{1,9})$/.exec(term);
      return m ? { where: `${col} = ${p.number(Number(m[1]))}`, score: '4', ordered: false } : null;
    }
  }
}

/** Typo-tolerant match of a text field (pg_trgm word similarity), for what the substring match missed. */
function fuzzyMatch(field: SearchField, term: string, p: Params): Match | null {
  if (field.match !== 'text' || field.typos === false || !typoTolerant(term)) return null;
  const col = field.column;
  return {
    where: `${p.raw} <% ${col} AND ${col} NOT ILIKE ${p.like}`,
    score: `word_similarity(${p.raw}, ${col})`,
    ordered: true,
  };
}

/** How much less a hit through a related record's field scores than the same match on a record's own field. */
const RELATED_PENALTY = 0.5;

function branch(source: SearchSource, field: SearchField, match: Match | null): string | null {
  if (!match) return null;
  const [id1, id2] = source.ids ?? [];
  const score = field.related ? `(${match.score}) - ${RELATED_PENALTY}` : match.score;
  const select = `SELECT ${literal(source.kind)} AS kind, ${literal(field.label)} AS field_label, t.id,
      ${source.name} AS name, ${field.value ?? field.column} AS value, ${id1 ?? 'NULL::int'} AS id1,
      ${id2 ?? 'NULL::int'} AS id2, ${source.detail ?? 'NULL::text'} AS detail, (${score})::float8 AS score
    FROM ${field.related?.from ?? source.from} WHERE ${match.where}`;
  return match.ordered
    ? `(SELECT * FROM (${select} LIMIT ${CANDIDATES}) c ORDER BY score DESC LIMIT ${GLOBAL_SEARCH_LIMIT})`
    : `(${select} LIMIT ${GLOBAL_SEARCH_LIMIT})`;
}

const union = (branches: (string | null)[]) => branches.filter(Boolean).join('\n    UNION ALL ');

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

/**
 * The same search as searchStatement, one statement per field: the substring ones, then (when they find nothing) the
 * typo-tolerant ones. The embedded database runs one query at a time, so a search sent in small statements lets
 * everybody else's queries in between them (rankHits does the ranking the one statement does in SQL).
 */
export function searchBranches(
  term: string,
  sources = areaSources,
): { found: Statement[]; fuzzy: Statement[] } {
  const fields = sources.flatMap((s) => s.fields.map((f) => [s, f] as const));
  const statements = (match: typeof substringMatch) =>
    fields.flatMap(([s, f]) => {
      const p = new Params(term);
      const text = branch(s, f, match(f, term, p));
      return text ? [{ text, values: p.values }] : [];
    });
  return { found: statements(substringMatch), fuzzy: statements(fuzzyMatch) };
}

type Hit = Row & { score: number };

/** One hit per record (its best field), the best first, as searchStatement orders them. */
export function rankHits(hits: Hit[]): Hit[] {
  const best = new Map<string, Hit>();
  for (const hit of hits) {
    const key = `${hit.kind} ${hit.id}`;
    const seen = best.get(key);
    if (!seen || hit.score > seen.score) best.set(key, hit);
  }
  const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...best.values()]
    .sort((a, b) => b.score - a.score || text(a.name, b.name) || text(a.kind, b.kind) || a.id - b.id)
    .slice(0, GLOBAL_SEARCH_LIMIT);
}

/**
 * The one statement for a term: every field's best substring hits; the typo-tolerant branches run only when there
 * are none (a typo is the likely reason, and an exact hit is what the user typed); one hit per record (its best
 * field); the best overall.
 */
export function searchStatement(term: string, sources = areaSources): { text: string; values: unknown[] } {
  const p = new Params(term);
  const fields = sources.flatMap((s) => s.fields.map((f) => [s, f] as const));
  const found = union(fields.map(([s, f]) => branch(s, f, substringMatch(f, term, p))));
  const fuzzy = union(fields.map(([s, f]) => branch(s, f, fuzzyMatch(f, term, p))));
  const hits = fuzzy
    ? `SELECT * FROM found UNION ALL SELECT * FROM (${fuzzy}) f
        WHERE NOT EXISTS (SELECT FROM found)`
    : 'SELECT * FROM found';
  const text = `WITH found AS MATERIALIZED (${found || 'SELECT NULL::text AS kind, NULL::text AS field_label, NULL::int AS id, NULL::text AS name, NULL::text AS value, NULL::int AS id1, NULL::int AS id2, NULL::text AS detail, NULL::float8 AS score WHERE false'})
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

/** PostgreSQL: the one statement, in a transaction with its own similarity threshold and a statement timeout. */
async function searchInOneStatement(
  database: Database,
  term: string,
  gone: () => boolean,
): Promise<Row[] | null> {
  const { text, values } = searchStatement(term);
  return searchGate.run(database.pool, gone, async () => {
    const client = await database.pool.connect();
    try {
      await client.query('BEGIN');
      // Set for this search only: only global search uses the word-similarity operators.
      await client.query("SELECT set_config('pg_trgm.word_similarity_threshold', $1, true)", [
        String(typoThreshold(term)),
      ]);
      await client.query(`SET LOCAL statement_timeout = ${SEARCH_TIMEOUT_MS}`);
      const found = (await client.query<Row>(text, values)).rows;
      await client.query('COMMIT');
      return found;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      // Out of time: no results rather than an error (the search panel shows "No elements found").
      if ((error as { code?: string }).code === '57014') return [];
      throw error;
    } finally {
      client.release();
    }
  });
}

/**
 * The embedded database: one field's statement at a time, each after the queries other requests have waiting, so a
 * search adds at most one small statement to anybody's wait. Its single connection keeps the similarity threshold
 * set here (only global search uses it).
 */
async function searchInSteps(pool: pg.Pool, term: string, gone: () => boolean): Promise<Row[] | null> {
  const { found, fuzzy } = searchBranches(term);
  const run = async (statements: Statement[]): Promise<Hit[] | null> => {
    const hits: Hit[] = [];
    for (const { text, values } of statements) {
      await afterWaitingQueries(pool);
      if (gone()) return null;
      hits.push(...(await pool.query<Hit>(text, values)).rows);
    }
    return hits;
  };
  let hits = await run(found);
  if (hits?.length === 0 && fuzzy.length) {
    await pool.query("SELECT set_config('pg_trgm.word_similarity_threshold', $1, false)", [
      String(typoThreshold(term)),
    ]);
    hits = await run(fuzzy);
  }
  return hits && rankHits(hits);
}

export async function globalSearch(
  database: Database,
  rawTerm: string,
  gone: () => boolean = () => false,
): Promise<GlobalSearchResult[]> {
  const term = boundedTerm(rawTerm);
  if (!term) return [];
  const rows =
    database.kind === 'embedded'
      ? await searchGate.run(database.pool, gone, () => searchInSteps(database.pool, term, gone))
      : await searchInOneStatement(database, term, gone);
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
