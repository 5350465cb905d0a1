// /api/admin/department (list, record, save, delete): administrators only; /api/suggest/departments/ for everyone.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { departmentForm, departmentListQuery, NAME_USED } from '../../../shared/schemas/department.js';
import { suggestionsResponse } from '../../../shared/schemas/suggest.js';
import type { Database } from '../../db/client.js';
import { currentUser } from '../../platform/auth.js';
import { registerUniqueViolation } from '../../platform/errors.js';
import { pickListRoutes } from '../../platform/pick-list-routes.js';
import { suggestQuery } from '../../platform/record-routes.js';
import { likePattern, type Queryable } from '../../platform/records.js';
import { DEPARTMENT } from './department.record.js';

registerUniqueViolation('departments_name_key', 'name', NAME_USED);

/** Active departments as select options (case and task forms). */
export async function departmentOptions(db: Queryable) {
  const { rows } = await db.query<{ id: number; name: string }>(
    'SELECT id, name FROM departments WHERE active ORDER BY name, id',
  );
  return rows.map((r) => ({ value: r.id, label: r.name }));
}

export function departmentRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  pickListRoutes(app, database, timeZone, {
    path: '/api/admin/department',
    key: 'department',
    def: DEPARTMENT,
    form: departmentForm,
    listQuery: departmentListQuery,
    blank: (query) => ({ name: query.name?.trim() ?? '', description: null, active: true }),
  });

  // Any signed-in user: the department pickers of cases, tasks and the move-slip dialog.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/suggest/departments/',
    {
      schema: {
        querystring: suggestQuery,
        response: { 200: suggestionsResponse('Active departments, by name.') },
      },
    },
    async (request) => {
      currentUser(request);
      const { q, limit } = request.query;
      const { rows } = await database.pool.query<{ id: number; name: string }>(
        `SELECT id, name FROM departments WHERE active AND ($1::text IS NULL OR name ILIKE $1)
          ORDER BY name, id LIMIT $2`,
        [q ? likePattern(q) : null, limit],
      );
      return rows.map((r) => ({ value: r.id, label: r.name }));
    },
  );
}
