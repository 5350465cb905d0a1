// Cross-cutting tables: the append-only field history (SPEC §3 "Entities with field history").
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './staff.js';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const fieldHistory = pgTable(
  'field_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    entity: text('entity').notNull(),
    entityId: bigint('entity_id', { mode: 'number' }).notNull(),
    field: text('field').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('field_history_entity_idx').on(t.entity, t.entityId, t.id),
    // What one person changed on a day (the daily panel's "changed today with no time").
    index('field_history_actor_idx').on(t.actorId, t.at),
  ],
);

/**
 * Uploaded files (documents, later imports and exports), kept in the database so every app process sees them and
 * backups cover them. The bytes live in file_chunks, written and read a chunk at a time (never whole in memory);
 * a file is `complete` once its last chunk is in, and only complete files are linked or served.
 */
export const files = pgTable('files', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  contentType: text('content_type').notNull(),
  size: bigint('size', { mode: 'number' }).notNull().default(0),
  sha256: text('sha256'),
  complete: boolean('complete').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
});

export const fileChunks = pgTable(
  'file_chunks',
  {
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);

/**
 * Changes sent with an Idempotency-Key (the offline slip queue): the first success keeps its answer, so a retry after a
 * lost response gets that answer instead of applying the change again. Written in the change's own transaction.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of method, path and body: the same key with another change is refused. */
    requestHash: text('request_hash').notNull(),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotent_requests_created_idx').on(t.createdAt),
  ],
);
