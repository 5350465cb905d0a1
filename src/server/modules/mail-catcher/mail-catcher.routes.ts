// The mail catcher (administrators, dev and design only): the mail_messages rows, newest first, one to read, and
// "Delete all". In any other environment the routes do not exist (404).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordId } from '../../../shared/schemas/common.js';
import {
  caughtMailPageResponse,
  caughtMailResponse,
  mailDeletedResponse,
} from '../../../shared/schemas/mail-catcher.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { administratorsOnly } from '../../platform/auth.js';
import { decodeCursor, encodeCursor } from '../../platform/cursor.js';
import { notFound } from '../../platform/errors.js';

export const MAIL_CATCHER_ENVIRONMENTS: readonly Config['environment'][] = ['dev', 'design'];
const PAGE = 50;

type Row = {
  id: string;
  to: string;
  subject: string;
  status: string;
  created_at: Date;
  text?: string;
  error?: string | null;
  sent_at?: Date | null;
  cursor_at?: string;
};

const summary = (r: Row) => ({
  id: Number(r.id),
  to: r.to,
  subject: r.subject,
  status: r.status,
  createdAt: r.created_at.toISOString(),
});

export function mailCatcherRoutes(app: FastifyInstance, database: Database, config: Config): void {
  if (!MAIL_CATCHER_ENVIRONMENTS.includes(config.environment)) return;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/mail-catcher',
    {
      preValidation: administratorsOnly,
      schema: {
        querystring: z.object({ after: z.string().max(200).optional() }),
        response: { 200: caughtMailPageResponse },
      },
    },
    async (request) => {
      const cursor = request.query.after
        ? decodeCursor(request.query.after, z.tuple([z.string().max(40), z.number().int()]))
        : null;
      const { rows } = await database.pool.query<Row>(
        // The cursor keeps the time to the microsecond (a JS date would round it to the millisecond).
        `SELECT id, "to", subject, status, created_at,
                to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at
           FROM mail_messages
          WHERE $1::timestamptz IS NULL OR (created_at, id) < ($1::timestamptz, $2::bigint)
          ORDER BY created_at DESC, id DESC LIMIT $3`,
        [cursor?.[0] ?? null, cursor?.[1] ?? null, PAGE + 1],
      );
      const page = rows.slice(0, PAGE);
      const last = page[page.length - 1];
      return {
        mail: {
          items: page.map(summary),
          next: rows.length > PAGE && last ? encodeCursor([last.cursor_at, Number(last.id)]) : null,
        },
      };
    },
  );

  api.get(
    '/api/mail-catcher/:id',
    {
      preValidation: administratorsOnly,
      schema: { params: z.object({ id: recordId() }), response: { 200: caughtMailResponse } },
    },
    async (request) => {
      const { rows } = await database.pool.query<Row>(
        `SELECT id, "to", subject, status, created_at, text, error, sent_at FROM mail_messages WHERE id = $1`,
        [request.params.id],
      );
      const row = rows[0];
      if (!row) throw notFound();
      return {
        message: {
          ...summary(row),
          text: row.text ?? '',
          error: row.error ?? null,
          sentAt: row.sent_at?.toISOString() ?? null,
        },
      };
    },
  );

  api.delete(
    '/api/mail-catcher',
    { preValidation: administratorsOnly, schema: { response: { 200: mailDeletedResponse } } },
    async () => {
      const { rowCount } = await database.pool.query('DELETE FROM mail_messages');
      return { deleted: rowCount ?? 0 };
    },
  );
}
