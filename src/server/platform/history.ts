// Field history: one append-only table, one helper writing it inside the caller's transaction, one read route.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordId } from '../../shared/schemas/common.js';
import { type HistoryPage, historyResponse } from '../../shared/schemas/history.js';
import type { Database } from '../db/client.js';
import { type AuthUser, authorize, currentUser, registerPolicy } from './auth.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { notFound } from './errors.js';

type Queryable = { query: Database['pool']['query'] };

export type HistoryEntity = {
  /** Path key: /api/history/{key}/{id}. */
  key: string;
  /** SPEC §3 entity class, shown as the object class. */
  objectClass: string;
  fieldLabels: Record<string, string>;
  /** A short title of the record ("Jane Doe"), or null when it does not exist. */
  title: (db: Queryable, id: number) => Promise<string | null>;
  canRead: (user: AuthUser, id: number) => boolean;
};

const entities = new Map<string, HistoryEntity>();

/** Every entity whose history can be read, as the areas registered them. */
export const historyEntities = (): HistoryEntity[] => [...entities.values()];

export function registerHistoryEntity(entity: HistoryEntity): void {
  entities.set(entity.key, entity);
  registerPolicy(`history:${entity.key}`, (user, id) => entity.canRead(user, id as number));
}

export type HistoryValue = string | number | boolean | null | undefined | readonly string[] | Date;

export function historyText(value: HistoryValue): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.length ? value.join(', ') : null;
  return String(value);
}

export type Change = { field: string; oldValue: string | null; newValue: string | null };

/** The fields whose displayed value differs between two versions of a record. */
export function diffFields<T extends Record<string, HistoryValue>>(
  before: Partial<T> | null,
  after: Partial<T>,
  fields: readonly (keyof T & string)[],
): Change[] {
  const changes: Change[] = [];
  for (const field of fields) {
    const oldValue = before ? historyText(before[field] ?? null) : null;
    const newValue = historyText(after[field] ?? null);
    if (oldValue !== newValue) changes.push({ field, oldValue, newValue });
  }
  return changes;
}

/** Writes the changes in the caller's transaction, so history and change commit or roll back together. */
export async function recordHistory(
  tx: Queryable,
  entry: { entity: string; entityId: number; actorId: number | null; changes: Change[] },
): Promise<void> {
  if (entry.changes.length === 0) return;
  const params: unknown[] = [entry.entity, entry.entityId, entry.actorId];
  const values = entry.changes.map((c, i) => {
    params.push(c.field, c.oldValue, c.newValue);
    return `($1, $2, $${4 + i * 3}, $${5 + i * 3}, $${6 + i * 3}, $3)`;
  });
  await tx.query(
    `INSERT INTO field_history (entity, entity_id, field, old_value, new_value, actor_id) VALUES ${values.join(', ')}`,
    params,
  );
}

/** Changes of many records of one entity, column by column (an import's batch): one statement for them all. */
export type HistoryBatch = {
  ids: number[];
  fields: string[];
  before: (string | null)[];
  after: (string | null)[];
};

export const historyBatch = (): HistoryBatch => ({ ids: [], fields: [], before: [], after: [] });

export function addToBatch(
  batch: HistoryBatch,
  id: number,
  field: string,
  before: string | null,
  after: string | null,
): void {
  batch.ids.push(id);
  batch.fields.push(field);
  batch.before.push(before);
  batch.after.push(after);
}

/** Writes a batch in the caller's transaction, as recordHistory does one record's changes. */
export async function recordHistoryBatch(
  tx: Queryable,
  entity: string,
  actorId: number | null,
  batch: HistoryBatch,
): Promise<void> {
  if (batch.ids.length === 0) return;
  await tx.query(
    `INSERT INTO field_history (entity, entity_id, field, old_value, new_value, actor_id)
     SELECT $1, h.id, h.field, h.old_value, h.new_value, $6
       FROM unnest($2::bigint[], $3::text[], $4::text[], $5::text[]) AS h(id, field, old_value, new_value)`,
    [entity, batch.ids, batch.fields, batch.before, batch.after, actorId],
  );
}

type HistoryRow = {
  id: number;
  field: string;
  old_value: string | null;
  new_value: string | null;
  at: Date;
  actor_id: number | null;
  actor_name: string | null;
};

export async function readHistory(
  db: Queryable,
  entity: HistoryEntity,
  id: number,
  limit: number,
  after?: string,
): Promise<Omit<HistoryPage, 'title'>> {
  const cursor = after ? decodeCursor(after, z.tuple([z.number().int()])) : null;
  const { rows } = await db.query<HistoryRow>(
    `SELECT h.id, h.field, h.old_value, h.new_value, h.at, h.actor_id,
            u.first_name || ' ' || u.last_name AS actor_name
       FROM field_history h LEFT JOIN users u ON u.id = h.actor_id
      WHERE h.entity = $1 AND h.entity_id = $2 AND ($3::bigint IS NULL OR h.id < $3)
      ORDER BY h.id DESC
      LIMIT $4`,
    [entity.key, id, cursor?.[0] ?? null, limit + 1],
  );
  const page = rows.slice(0, limit);
  return {
    objectClass: entity.objectClass,
    items: page.map((r) => ({
      id: r.id,
      field: r.field,
      fieldLabel: entity.fieldLabels[r.field] ?? r.field,
      oldValue: r.old_value,
      newValue: r.new_value,
      actor: r.actor_id === null ? null : { value: r.actor_id, label: r.actor_name ?? '' },
      at: r.at.toISOString(),
    })),
    next: rows.length > limit && page.length ? encodeCursor([page[page.length - 1]!.id]) : null,
  };
}

export function historyRoutes(app: FastifyInstance, database: Database): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/history/:entity/:id',
    {
      schema: {
        params: z.object({ entity: z.string().max(60), id: recordId() }),
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(25),
          after: z.string().max(200).optional(),
        }),
        response: { 200: historyResponse },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const entity = entities.get(request.params.entity);
      if (!entity) throw notFound();
      authorize(user, `history:${entity.key}`, request.params.id);
      const title = await entity.title(database.pool, request.params.id);
      if (title === null) throw notFound();
      const page = await readHistory(
        database.pool,
        entity,
        request.params.id,
        request.query.limit,
        request.query.after,
      );
      return { history: { ...page, title } satisfies HistoryPage };
    },
  );
}
