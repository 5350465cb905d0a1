// Versioned records: one load / create / save / delete / keyset-list implementation that every entity describes
// declaratively (table, fields, references). Saves lock the row, refuse a stale version with 409, and write field
// history from the displayed values before and after, all in one transaction.
import type pg from 'pg';
import { z } from 'zod';
import type { ListPage, Option } from '../../shared/schemas/common.js';
import type { Database } from '../db/client.js';
import { prepared } from '../db/prepared.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { badRequest, conflict, HttpError, notFound } from './errors.js';
import { type Change, historyText, recordHistory, registerHistoryEntity } from './history.js';
import type { Presented, RecordDef, RecordField } from './record-def.js';
import { changedByMessage } from './stamp.js';
import { withTransaction } from './transaction.js';

export type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

export {
  defineRecord,
  type FieldKind,
  type FieldName,
  type Presented,
  type RecordDef,
  type RecordDefInput,
  type RecordField,
  type RecordFieldInput,
  sqlColumn,
  sqlTable,
} from './record-def.js';

const alias = (f: RecordField) => `${f.name}_r`;
const ident = (name: string) => `"${name.replace(/"/g, '')}"`;

function selectList<Rec extends Presented>(def: RecordDef<Rec>): { columns: string; joins: string } {
  const cols = ['t.id', 't.version', 't.created_at', 't.updated_at', 't.created_by', 't.updated_by'];
  const joins: string[] = [
    'LEFT JOIN users cb ON cb.id = t.created_by',
    'LEFT JOIN users ub ON ub.id = t.updated_by',
  ];
  cols.push(`cb.first_name || ' ' || cb.last_name AS created_by_name`);
  cols.push(`ub.first_name || ' ' || ub.last_name AS updated_by_name`);
  for (const f of def.fields) {
    const kind = f.kind ?? 'text';
    if (kind === 'date') cols.push(`to_char(t.${f.column}, 'MM/DD/YYYY') AS ${ident(f.name)}`);
    else cols.push(`t.${f.column} AS ${ident(f.name)}`);
    if (kind === 'ref' && f.ref) {
      joins.push(`LEFT JOIN ${f.ref.table} ${alias(f)} ON ${alias(f)}.id = t.${f.column}`);
      cols.push(`${f.ref.label.replaceAll('$', alias(f))} AS ${ident(`${f.name}__label`)}`);
    }
  }
  for (const c of def.columns ?? []) cols.push(`${c.sql} AS ${ident(c.name)}`);
  return { columns: cols.join(', '), joins: joins.join(' ') };
}

type Row = Record<string, unknown> & {
  id: number;
  version: number;
  created_at: Date;
  updated_at: Date;
  created_by: number | null;
  updated_by: number | null;
  created_by_name: string | null;
  updated_by_name: string | null;
};

const stampOption = (id: number | null, name: string | null): Option | null =>
  id === null ? null : { value: id, label: name ?? '' };

export function presentRow<Rec extends Presented>(def: RecordDef<Rec>, row: Row): Rec {
  const out: Presented = {
    id: row.id,
    version: row.version,
    created: row.created_at.toISOString(),
    createdBy: stampOption(row.created_by, row.created_by_name),
    updated: row.updated_at.toISOString(),
    updatedBy: stampOption(row.updated_by, row.updated_by_name),
  };
  for (const f of def.fields) {
    const value = row[f.name];
    const kind = f.kind ?? 'text';
    if (kind === 'ref') {
      out[f.name] =
        value === null || value === undefined
          ? null
          : { value: value as number, label: String(row[`${f.name}__label`] ?? '') };
    } else if (kind === 'code') {
      out[f.name] =
        value === null || value === undefined
          ? null
          : {
              value: value as string,
              label: f.codes?.find((c) => c.value === value)?.label ?? String(value),
            };
    } else if (kind === 'timestamp') {
      out[f.name] = value instanceof Date ? value.toISOString() : null;
    } else {
      out[f.name] = value ?? null;
    }
  }
  for (const c of def.columns ?? []) {
    const value = row[c.name];
    out[c.name] = value instanceof Date ? value.toISOString() : (value ?? null);
  }
  // The one place a row becomes the record type: the fields above are the type's keys, presented by their kind.
  const record = out as Rec;
  return def.present ? def.present(record) : record;
}

/** The text a person sees for a presented value: what field history records. */
function displayed(value: unknown): string | null {
  if (value && typeof value === 'object' && 'label' in value) return (value as Option).label || null;
  return historyText(value as never);
}

export function historyChanges<Rec extends Presented>(
  def: RecordDef<Rec>,
  before: Rec | null,
  after: Rec,
): Change[] {
  const changes: Change[] = [];
  for (const f of def.fields) {
    if (f.history === false) continue;
    const show = f.display ?? displayed;
    const oldValue = before ? show(before[f.name]) : null;
    const newValue = show(after[f.name]);
    if (oldValue !== newValue) changes.push({ field: f.name, oldValue, newValue });
  }
  return changes;
}

export async function loadRecord<Rec extends Presented>(
  db: Queryable,
  def: RecordDef<Rec>,
  id: number,
  forUpdate = false,
): Promise<Rec | null> {
  const { columns, joins } = selectList(def);
  const { rows } = await db.query<Row>(
    prepared(
      `SELECT ${columns} FROM ${def.table} t ${joins} WHERE t.id = $1 ${forUpdate ? 'FOR UPDATE OF t' : ''}`,
      [id],
    ),
  );
  return rows[0] ? presentRow(def, rows[0]) : null;
}

export async function requireRecord<Rec extends Presented>(
  db: Queryable,
  def: RecordDef<Rec>,
  id: number,
): Promise<Rec> {
  const record = await loadRecord(db, def, id);
  if (!record) throw notFound();
  return record;
}

/** Column values to write: dates are stored from MM/dd/yyyy, everything else as given. */
function writes<Rec extends Presented>(
  def: RecordDef<Rec>,
  values: object,
): { column: string; sql: string; value: unknown }[] {
  const out: { column: string; sql: string; value: unknown }[] = [];
  const given: Record<string, unknown> = { ...values };
  for (const f of def.fields) {
    if (f.writable === false || !(f.name in given)) continue;
    const value = given[f.name] === undefined ? null : given[f.name];
    const sql = f.kind === 'date' ? `to_date($?, 'MM/DD/YYYY')` : '$?';
    out.push({ column: f.column, sql, value });
  }
  return out;
}

type PgError = { code?: string; constraint?: string };

/** A reference to a record that does not exist (23503 on write) becomes a field error. */
function mapWriteError<Rec extends Presented>(def: RecordDef<Rec>, error: unknown): never {
  const pgError = error as PgError;
  if (pgError?.code === '23503' && pgError.constraint) {
    const field = def.fields.find((f) => pgError.constraint!.includes(`_${f.column}_`));
    if (field) throw badRequest({ [field.name]: ['This value is not valid.'] });
  }
  throw error;
}

/** The values a save writes: `Values` (by default any), the record as it was and as it is saved (`Rec`). */
export type SaveHooks<Rec extends Presented = Presented, Values extends object = Record<string, unknown>> = {
  /** Checks across fields or against the database, inside the transaction; throw badRequest to refuse. */
  validate?(tx: pg.PoolClient, values: Values, before: Rec | null): Promise<void>;
  /** Work after the write in the same transaction (join tables, derived rows); returns extra history changes. */
  after?(tx: pg.PoolClient, id: number, before: Rec | null, values: Values): Promise<Change[] | undefined>;
  /** After the history is written, in the same transaction: side records that need the saved record (activity). */
  done?(tx: pg.PoolClient, after: Rec, before: Rec | null): Promise<void>;
  /** New records only: values looked up in the transaction (e.g. an auto-assigned owner), merged over the form's. */
  fill?(tx: pg.PoolClient, values: Values): Promise<Partial<Values> & Record<string, unknown>>;
};

export async function createRecord<Rec extends Presented, Values extends object = Record<string, unknown>>(
  database: Database,
  def: RecordDef<Rec>,
  values: Values,
  actorId: number,
  hooks: SaveHooks<Rec, Values> = {},
): Promise<Rec> {
  return withTransaction(database, ({ client }) => insertRecord(client, def, values, actorId, hooks));
}

/** createRecord inside the caller's transaction (a step of a larger change, e.g. winning an opportunity). */
export async function insertRecord<Rec extends Presented, Values extends object = Record<string, unknown>>(
  client: pg.PoolClient,
  def: RecordDef<Rec>,
  values: Values,
  actorId: number,
  hooks: SaveHooks<Rec, Values> = {},
): Promise<Rec> {
  await hooks.validate?.(client, values, null);
  const cols = writes(def, { ...values, ...(await hooks.fill?.(client, values)) });
  const params: unknown[] = [];
  const placeholders = cols.map((c) => {
    params.push(c.value);
    return c.sql.replace('$?', `$${params.length}`);
  });
  params.push(actorId);
  const actor = `$${params.length}`;
  let id: number;
  try {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO ${def.table} (${[...cols.map((c) => c.column), 'created_by', 'updated_by'].join(', ')})
       VALUES (${[...placeholders, actor, actor].join(', ')}) RETURNING id`,
      params,
    );
    id = rows[0]!.id;
  } catch (error) {
    mapWriteError(def, error);
  }
  const extra = (await hooks.after?.(client, id, null, values)) ?? [];
  const after = (await loadRecord(client, def, id))!;
  await recordHistory(client, {
    entity: def.key,
    entityId: id,
    actorId,
    changes: [...historyChanges(def, null, after), ...extra],
  });
  await hooks.done?.(client, after, null);
  return after;
}

export async function updateRecord<Rec extends Presented, Values extends object = Record<string, unknown>>(
  database: Database,
  def: RecordDef<Rec>,
  id: number,
  version: number,
  values: Values,
  actorId: number,
  timeZone: string,
  hooks: SaveHooks<Rec, Values> = {},
): Promise<Rec> {
  return withTransaction(database, ({ client }) =>
    changeRecord(client, def, id, version, values, actorId, timeZone, hooks),
  );
}

/** updateRecord inside the caller's transaction. */
export async function changeRecord<Rec extends Presented, Values extends object = Record<string, unknown>>(
  client: pg.PoolClient,
  def: RecordDef<Rec>,
  id: number,
  version: number,
  values: Values,
  actorId: number,
  timeZone: string,
  hooks: SaveHooks<Rec, Values> = {},
): Promise<Rec> {
  const before = await loadRecord(client, def, id, true);
  if (!before) throw notFound();
  if (before.version !== version) {
    throw conflict(
      changedByMessage(before.updatedBy?.label ?? null, new Date(before.updated), timeZone),
      before,
    );
  }
  await hooks.validate?.(client, values, before);
  const cols = writes(def, values);
  const params: unknown[] = [];
  const sets = cols.map((c) => {
    params.push(c.value);
    return `${c.column} = ${c.sql.replace('$?', `$${params.length}`)}`;
  });
  params.push(actorId, id);
  try {
    await client.query(
      `UPDATE ${def.table} SET ${[...sets, 'version = version + 1', 'updated_at = now()', `updated_by = $${params.length - 1}`].join(', ')}
        WHERE id = $${params.length}`,
      params,
    );
  } catch (error) {
    mapWriteError(def, error);
  }
  const extra = (await hooks.after?.(client, id, before, values)) ?? [];
  const after = (await loadRecord(client, def, id))!;
  const changes = [...historyChanges(def, before, after), ...extra];
  await recordHistory(client, { entity: def.key, entityId: id, actorId, changes });
  await hooks.done?.(client, after, before);
  return after;
}

export const IN_USE_MESSAGE =
  'This record is in use elsewhere and cannot be deleted. Mark it inactive instead.';

/** Why deleting a record would be refused because other rows refer to it, or null: the delete, tried and rolled back. */
export async function inUseReason<Rec extends Presented>(
  database: Database,
  def: RecordDef<Rec>,
  id: number,
): Promise<string | null> {
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`DELETE FROM ${def.table} WHERE id = $1`, [id]);
    return null;
  } catch (error) {
    if ((error as PgError).code === '23503') return def.inUseMessage ?? IN_USE_MESSAGE;
    // Any other refusal is the delete's own to report; the record's screen still loads.
    return null;
  } finally {
    await client.query('ROLLBACK').catch(() => {});
    client.release();
  }
}

/** Deletes one record at the version the user saw; a record other rows still refer to is refused, not orphaned. */
export async function deleteRecord<Rec extends Presented>(
  database: Database,
  def: RecordDef<Rec>,
  id: number,
  /** Checked when given (409 when stale); a SPEC §7 delete carries none. */
  version: number | undefined,
  timeZone: string,
  /** In the transaction, after the row is gone (e.g. the parent's activity). */
  deleted?: (tx: pg.PoolClient, before: Rec) => Promise<void>,
): Promise<void> {
  await withTransaction(database, async ({ client }) => {
    const before = await loadRecord(client, def, id, true);
    if (!before) throw notFound();
    if (version !== undefined && before.version !== version) {
      throw conflict(
        changedByMessage(before.updatedBy?.label ?? null, new Date(before.updated), timeZone),
        before,
      );
    }
    try {
      await client.query('SAVEPOINT del');
      await client.query(`DELETE FROM ${def.table} WHERE id = $1`, [id]);
      await deleted?.(client, before);
    } catch (error) {
      if ((error as PgError).code === '23503') {
        await client.query('ROLLBACK TO SAVEPOINT del');
        throw badRequest({}, [def.inUseMessage ?? IN_USE_MESSAGE]);
      }
      throw error;
    }
  });
}

// ---- Lists: keyset pages over an indexed sort, filters given as SQL fragments ----

export type SortDef = {
  /** SQL expressions (alias t) of the sort key, NOT NULL, followed by t.id; an index should cover them. */
  keys: string[];
  dir?: 'asc' | 'desc';
};

export type ListFilter = { where: string[]; params: unknown[] };

/** Appends a parameter and returns its placeholder. */
export function param(filter: ListFilter, value: unknown): string {
  filter.params.push(value);
  return `$${filter.params.length}`;
}

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%`, its wildcards escaped: contains the text. */
export const likePattern = (q: string) => `%${escapeLike(q)}%`;

const cursorSchema = z.array(z.union([z.string(), z.number(), z.boolean()])).min(1);

export async function listRecords<Rec extends Presented>(
  db: Queryable,
  def: RecordDef<Rec>,
  options: {
    filter: ListFilter;
    sort: SortDef;
    limit: number;
    after?: string;
    /** false: no match count (the list's screen reads it with its totals from an endpoint of its own). */
    count?: boolean;
  },
): Promise<ListPage<Rec>> {
  const { columns, joins } = selectList(def);
  const filter: ListFilter = { where: [...options.filter.where], params: [...options.filter.params] };
  const keys = [...options.sort.keys, 't.id'];
  const desc = options.sort.dir === 'desc';
  const keyCols = keys.map((k, i) => `${k} AS _k${i}`);
  if (options.after) {
    const cursor = decodeCursor(options.after, cursorSchema);
    if (cursor.length !== keys.length)
      throw badRequest({ after: ['This page link is no longer valid. Reload the list.'] });
    const placeholders = cursor.map((v) => param(filter, v));
    filter.where.push(`(${keys.join(', ')}) ${desc ? '<' : '>'} (${placeholders.join(', ')})`);
  }
  // The first page also says how many rows match (same WHERE, before the cursor): one count, cheap at MSP scale. It
  // runs beside the page (its own copy of the parameters: the page's LIMIT is one more), so on PostgreSQL the two
  // take the time of the longer one.
  // A search (a LIKE pattern among the values) is planned on each call: the pattern's length decides between a
  // trigram index and a scan in the list's order, which a generic plan cannot know. Other lists plan once.
  const searched = filter.params.some((v) => typeof v === 'string' && v.includes('%'));
  const statement = (text: string, values: unknown[]) =>
    searched ? { text, values } : prepared(text, values);
  const total =
    options.after || options.count === false
      ? undefined
      : db
          .query<{ n: number }>(
            statement(
              `SELECT count(*)::int AS n FROM ${def.table} t ${joins}
                ${filter.where.length ? `WHERE ${filter.where.join(' AND ')}` : ''}`,
              [...filter.params],
            ),
          )
          .then((r) => r.rows[0]?.n ?? 0);
  // The limit is written into the text, not a parameter: with `LIMIT $n` a prepared statement's generic plan assumes
  // a tenth of the table and loses to a fresh plan each time, so it would be planned on every call after all.
  if (!Number.isSafeInteger(options.limit) || options.limit < 1) throw new Error(`limit ${options.limit}`);
  const limit = options.limit + 1;
  const order = keys.map((k) => `${k} ${desc ? 'DESC' : 'ASC'}`).join(', ');
  const [{ rows }, counted] = await Promise.all([
    // Prepared: the joins of the names shown beside a row cost more to plan (3 ms at 8 tables) than to run.
    db.query<Row>(
      statement(
        `SELECT ${columns}, ${keyCols.join(', ')} FROM ${def.table} t ${joins}
          ${filter.where.length ? `WHERE ${filter.where.join(' AND ')}` : ''}
          ORDER BY ${order} LIMIT ${limit}`,
        filter.params,
      ),
    ),
    total,
  ]);
  const page = rows.slice(0, options.limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => presentRow(def, r)),
    next:
      rows.length > options.limit && last
        ? encodeCursor(keys.map((_, i) => last[`_k${i}`] as string | number | boolean))
        : null,
    ...(counted === undefined ? {} : { total: counted }),
  };
}

/** Registers the record's field history (readable by whoever may read the record). */
export function registerRecordHistory<Rec extends Presented>(def: RecordDef<Rec>): void {
  const fieldLabels = {
    ...Object.fromEntries(def.fields.map((f) => [f.name, f.label])),
    ...def.historyLabels,
  };
  registerHistoryEntity({
    key: def.key,
    objectClass: def.objectClass,
    fieldLabels,
    title: async (db, id) => {
      const { rows } = await db.query<{ title: string }>(
        `SELECT ${def.title} AS title FROM ${def.table} t WHERE t.id = $1`,
        [id],
      );
      return rows[0]?.title ?? null;
    },
    canRead: (user) => def.canRead(user),
  });
}

export { HttpError };
