// /api/admin/outage-type (administrators only: list, basics, save, delete) and the picker /api/suggest/outage-types/.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { outageTypeForm, outageTypeListQuery } from '../../../shared/schemas/outage-type.js';
import type { RefValue } from '../../../shared/schemas/record.js';
import { suggestionsResponse } from '../../../shared/schemas/suggest.js';
import type { Database } from '../../db/client.js';
import { registerUniqueViolation } from '../../platform/errors.js';
import { recordRoutes, suggestQuery } from '../../platform/record-routes.js';
import { likePattern, param, type Queryable } from '../../platform/records.js';
import { OUTAGE_TYPE } from './outage-type.record.js';

registerUniqueViolation('outage_types_name_key', 'name', 'This name is already used.');

/** Outage types as options, by name; `activeOnly` for choosing one on a form. */
export async function outageTypeOptions(
  db: Queryable,
  options: { activeOnly: boolean; q?: string; limit?: number },
): Promise<RefValue[]> {
  const { rows } = await db.query<{ id: number; name: string }>(
    `SELECT id, name FROM outage_types
      WHERE ($1::boolean = false OR active) AND ($2::text IS NULL OR name ILIKE $2)
      ORDER BY name, id LIMIT $3`,
    [options.activeOnly, options.q ? likePattern(options.q) : null, options.limit ?? 500],
  );
  return rows.map((r) => ({ value: r.id, label: r.name }));
}

export function outageTypeRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  recordRoutes(app, database, timeZone, {
    path: '/api/admin/outage-type',
    key: 'outageType',
    def: OUTAGE_TYPE,
    form: outageTypeForm,
    listQuery: outageTypeListQuery,
    list: (query, filter) => {
      if (query.active === '1') filter.where.push('t.active');
      else if (query.active === '2') filter.where.push('NOT t.active');
      if (query.q) {
        const p = param(filter, likePattern(query.q));
        filter.where.push(`(t.name ILIKE ${p} OR t.description ILIKE ${p})`);
      }
      return { keys: ['t.name'], dir: query.dir };
    },
    blank: (query) => ({ name: query.name?.trim() ?? '', description: null, active: true }),
  });

  // Any signed-in user filters outages by type: every type, inactive ones included (old outages keep theirs).
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/suggest/outage-types/',
    {
      schema: {
        querystring: suggestQuery,
        response: { 200: suggestionsResponse('Outage types, inactive ones too, by name.') },
      },
    },
    async (request) =>
      outageTypeOptions(database.pool, {
        activeOnly: false,
        q: request.query.q,
        limit: request.query.limit,
      }),
  );
}
