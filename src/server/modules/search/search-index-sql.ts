// The SQL that keeps search_entries in step with the searched records, generated from the search sources: per
// source a refresh function (the entries of some records, built again, written only where they changed), and per
// table statement-level triggers that call it with the rows a statement touched (an import of 100,000 devices is
// one call, not 100,000). It runs in the writer's transaction: a rolled-back change leaves the index as it was.
// The migrations hold this SQL (a test compares); `npx tsx scripts/search-index-sql.ts` prints it for a new one.
import type { SearchField, SearchSource } from '../../platform/search-source.js';

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
const ident = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain SQL name: ${name}`);
  return name;
};

/** The columns of search_entries, in the order the entry selects give them. */
const COLUMNS = [
  'kind',
  'record_id',
  'field',
  'label',
  'match',
  'related',
  'typos',
  'prose',
  'term',
  'value',
  'name',
  'detail',
  'id1',
  'id2',
];
/** What a refresh rewrites when an entry's text or what it shows changed: all but its key. */
const CHANGING = COLUMNS.filter((c) => !['kind', 'record_id', 'field'].includes(c));

/** The entry of one field for the records `where` selects (only where the field has a value). */
function entrySelect(source: SearchSource, field: SearchField, index: number, where: string): string {
  const [id1, id2] = source.ids ?? [];
  const typos = field.match === 'text' && field.typos !== false;
  const prose = field.match === 'text' && field.typos === false;
  const term = `(${field.column})::text`;
  return `SELECT ${literal(source.kind)}, t.id, ${index}, ${literal(field.label)}, ${literal(field.match)},
      ${Boolean(field.related)}, ${typos}, ${prose}, ${term}, coalesce((${field.value ?? field.column})::text, ''),
      coalesce((${source.name})::text, ''), (${source.detail ?? 'NULL'})::text, (${id1 ?? 'NULL'})::int, (${id2 ?? 'NULL'})::int
    FROM ${field.related?.from ?? source.from}
    WHERE ${where} AND ${term} <> ''`;
}

const entries = (source: SearchSource, where: string) =>
  source.fields.map((field, i) => entrySelect(source, field, i, where)).join('\n    UNION ALL ');

const refreshName = (source: SearchSource) => `search_refresh_${ident(source.kind)}`;

/** The refresh function of a source: the given records' entries built again; an entry no longer there removed. */
function refreshFunction(source: SearchSource): string {
  const set = CHANGING.map((c) => `${c} = EXCLUDED.${c}`).join(', ');
  const old = CHANGING.map((c) => `s.${c}`).join(', ');
  const fresh = CHANGING.map((c) => `EXCLUDED.${c}`).join(', ');
  return `CREATE OR REPLACE FUNCTION ${refreshName(source)}(ids integer[]) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  WITH fresh (${COLUMNS.join(', ')}) AS (
    ${entries(source, 't.id = ANY(ids)')}
  ), gone AS (
    DELETE FROM search_entries s WHERE s.kind = ${literal(source.kind)} AND s.record_id = ANY(ids)
      AND NOT EXISTS (SELECT FROM fresh f WHERE f.record_id = s.record_id AND f.field = s.field)
  )
  INSERT INTO search_entries AS s (${COLUMNS.join(', ')}) SELECT * FROM fresh
  ON CONFLICT (kind, record_id, field) DO UPDATE SET ${set}
    WHERE (${old}) IS DISTINCT FROM (${fresh});
END $fn$`;
}

type TableWork = { insert: string[]; update: string[]; delete: string[]; truncate: string[] };

const changedRows = (key: string, columns: string[]) => {
  const cols = (alias: string) => columns.map((c) => `${alias}.${ident(c)}`).join(', ');
  return `SELECT n.* FROM new_rows n JOIN old_rows o ON o.${ident(key)} = n.${ident(key)}
        WHERE ROW(${cols('n')}) IS DISTINCT FROM ROW(${cols('o')})`;
};

/** What each table's statements must do to the index, from every source that reads it. */
function tableWork(sources: readonly SearchSource[]): Map<string, TableWork> {
  const work = new Map<string, TableWork>();
  const of = (table: string) => {
    let w = work.get(table);
    if (!w) {
      w = { insert: [], update: [], delete: [], truncate: [] };
      work.set(table, w);
    }
    return w;
  };
  for (const source of sources) {
    const own = of(ident(source.table));
    const refresh = refreshName(source);
    own.insert.push(`PERFORM ${refresh}(ARRAY(SELECT id FROM new_rows));`);
    own.update.push(
      `PERFORM ${refresh}(ARRAY(SELECT id FROM (${changedRows('id', source.columns)}) changed));`,
    );
    own.delete.push(
      `DELETE FROM search_entries WHERE kind = ${literal(source.kind)} AND record_id IN (SELECT id FROM old_rows);`,
    );
    own.truncate.push(`DELETE FROM search_entries WHERE kind = ${literal(source.kind)};`);
    for (const follow of source.follows ?? []) {
      // A followed row written or removed (the settings' first save, or their removal, changes the stage names).
      const followed = of(ident(follow.table));
      const refreshOf = (changed: string) =>
        `PERFORM ${refresh}(ARRAY(WITH changed AS (${changed})\n        SELECT id FROM (${follow.records}) r));`;
      followed.insert.push(refreshOf('SELECT * FROM new_rows'));
      followed.update.push(refreshOf(changedRows(follow.key ?? 'id', follow.columns)));
      followed.delete.push(refreshOf('SELECT * FROM old_rows'));
    }
  }
  return work;
}

/** The trigger function and trigger of one table and event (transition tables need one trigger per event). */
function trigger(table: string, event: keyof TableWork, body: string[]): string[] {
  if (body.length === 0) return [];
  const name = `search_${event}_${table}`;
  const referencing =
    event === 'insert'
      ? 'REFERENCING NEW TABLE AS new_rows'
      : event === 'update'
        ? 'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows'
        : event === 'delete'
          ? 'REFERENCING OLD TABLE AS old_rows'
          : '';
  return [
    `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  ${body.join('\n  ')}
  RETURN NULL;
END $fn$`,
    `DROP TRIGGER IF EXISTS ${name} ON ${table}`,
    `CREATE TRIGGER ${name} AFTER ${event.toUpperCase()} ON ${table} ${referencing} FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`,
  ];
}

/** Every statement that installs the index's upkeep for these sources (idempotent: functions replaced). */
export function searchIndexUpkeep(sources: readonly SearchSource[]): string[] {
  const statements = sources.map(refreshFunction);
  for (const [table, work] of tableWork(sources))
    for (const event of ['insert', 'update', 'delete', 'truncate'] as const)
      statements.push(...trigger(table, event, work[event]));
  return statements;
}

/** The statements that fill the index from the records as they are (a new or changed source). */
export function searchIndexRebuild(sources: readonly SearchSource[]): string[] {
  return sources.flatMap((source) => [
    `DELETE FROM search_entries WHERE kind = ${literal(source.kind)}`,
    `INSERT INTO search_entries (${COLUMNS.join(', ')})
    ${entries(source, 'true')}`,
  ]);
}
