// The activity timeline of a record (an agreement, an opportunity): one writer every change of the record's tree
// calls inside its own transaction (so the timeline never tells of a change that rolled back), the newest-first
// keyset page, and the two routes (read the timeline, add a note).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACTIVITY_KINDS,
  type Activity,
  type ActivityKind,
  activityNoteForm,
  activityNoteResponse,
  activityPageResponse,
  activityQuery,
} from '../../shared/schemas/activity.js';
import { idParam, type ListPage } from '../../shared/schemas/common.js';
import { codeLabel } from '../../shared/schemas/fields.js';
import type { Database } from '../db/client.js';
import { authorize, currentUser } from './auth.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { type Presented, type Queryable, type RecordDef, requireRecord } from './records.js';
import { withTransaction } from './transaction.js';

export type ActivityEntry = { parentId: number; kind: ActivityKind; text: string; actorId: number | null };

/**
 * The timeline of the records of `parentTable`: the rows of the one `activities` table (id, kind, text, actor_id, at)
 * whose `parentColumn` (agreement_id, opportunity_id) names one of them.
 */
export type ActivityLog = {
  parentColumn: string;
  parentTable: string;
  add: (tx: Queryable, entry: ActivityEntry) => Promise<void>;
  list: (
    db: Queryable,
    parentId: number,
    options: { limit: number; after?: string },
  ) => Promise<ListPage<Activity>>;
};

type Row = {
  id: string;
  kind: ActivityKind;
  text: string;
  actor_id: number | null;
  actor_name: string | null;
  at: Date;
  /** The exact stored instant (microseconds), for the cursor. */
  at_key: string;
};

const cursorSchema = z.tuple([z.string(), z.string()]);

const TABLE = 'activities';

export function activityLog(parentColumn: string, parentTable: string): ActivityLog {
  return {
    parentColumn,
    parentTable,
    add: async (tx, entry) => {
      await tx.query(`INSERT INTO ${TABLE} (${parentColumn}, kind, text, actor_id) VALUES ($1, $2, $3, $4)`, [
        entry.parentId,
        entry.kind,
        entry.text.slice(0, 4000),
        entry.actorId,
      ]);
    },
    list: async (db, parentId, options) => {
      const params: unknown[] = [parentId];
      let where = `a.${parentColumn} = $1`;
      if (options.after) {
        const [at, id] = decodeCursor(options.after, cursorSchema);
        params.push(at, id);
        where += ` AND (a.at, a.id) < ($2::timestamptz, $3::bigint)`;
      }
      params.push(options.limit + 1);
      const { rows } = await db.query<Row>(
        `SELECT a.id::text AS id, a.kind, a.text, a.actor_id, a.at, a.at::text AS at_key,
                u.first_name || ' ' || u.last_name AS actor_name
           FROM ${TABLE} a LEFT JOIN users u ON u.id = a.actor_id
          WHERE ${where}
          ORDER BY a.at DESC, a.id DESC
          LIMIT $${params.length}`,
        params,
      );
      const page = rows.slice(0, options.limit);
      const last = page[page.length - 1];
      return {
        items: page.map((r) => ({
          id: Number(r.id),
          kind: { value: r.kind, label: codeLabel(ACTIVITY_KINDS, r.kind) ?? r.kind },
          text: r.text,
          actor: r.actor_id === null ? null : { value: r.actor_id, label: r.actor_name ?? '' },
          at: r.at.toISOString(),
        })),
        next: rows.length > options.limit && last ? encodeCursor([last.at_key, last.id]) : null,
      };
    },
  };
}

/**
 * GET `{path}` (a page of the timeline) and POST `{path}` (add a note) for the record `:id` of `def`;
 * `key` names the record kind of the permissions (read to see, write to add a note).
 */
export function activityRoutes<Rec extends Presented>(
  app: FastifyInstance,
  database: Database,
  options: { path: string; key: string; def: RecordDef<Rec>; log: ActivityLog },
): void {
  const { log, def } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const canRead = async (request: FastifyRequest) => {
    authorize(currentUser(request), `read:${options.key}`);
  };
  const canWrite = async (request: FastifyRequest) => {
    authorize(currentUser(request), `write:${options.key}`);
  };
  api.get(
    options.path,
    {
      schema: { params: idParam, querystring: activityQuery, response: { 200: activityPageResponse } },
      preValidation: canRead,
    },
    async (request) => {
      await requireRecord(database.pool, def, request.params.id);
      return log.list(database.pool, request.params.id, request.query);
    },
  );
  api.post(
    options.path,
    {
      schema: { params: idParam, body: activityNoteForm, response: { 200: activityNoteResponse } },
      preValidation: canWrite,
    },
    async (request) => {
      const user = currentUser(request);
      const parentId = request.params.id;
      return withTransaction(database, async ({ client }) => {
        // Locks the record, so a note never lands on one being deleted.
        const { rows } = await client.query(`SELECT 1 FROM ${log.parentTable} WHERE id = $1 FOR SHARE`, [
          parentId,
        ]);
        if (rows.length === 0) await requireRecord(client, def, parentId);
        await log.add(client, { parentId, kind: 'NOTE', text: request.body.text, actorId: user.id });
        const page = await log.list(client, parentId, { limit: 1 });
        // The note just added is the newest entry of the timeline.
        const [activity] = page.items;
        if (!activity)
          throw new Error(`the note added to ${log.parentTable} ${parentId} is not on its timeline`);
        return { activity };
      });
    },
  );
}
