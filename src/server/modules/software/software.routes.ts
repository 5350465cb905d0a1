// /api/manage/software (list, record, save, delete) and the software picker /api/suggest/software/.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { optionalRef } from '../../../shared/schemas/fields.js';
import { RENEWAL_DAYS, softwareForm, softwareListQuery } from '../../../shared/schemas/software.js';
import { suggestionsResponse } from '../../../shared/schemas/suggest.js';
import type { Database } from '../../db/client.js';
import { authorize, currentUser } from '../../platform/auth.js';
import { recordRoutes, suggestQuery } from '../../platform/record-routes.js';
import { likePattern, param } from '../../platform/records.js';
import { organizationOption } from '../person/index.js';
import { SOFTWARE } from './software.record.js';

const softwareSuggestQuery = suggestQuery.extend({ organization: optionalRef() });

export function softwareRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  recordRoutes(app, database, timeZone, {
    path: '/api/manage/software',
    key: 'software',
    def: SOFTWARE,
    form: softwareForm,
    listQuery: softwareListQuery,
    list: (query, filter) => {
      if (query.active === '1') filter.where.push('t.active');
      else if (query.active === '2') filter.where.push('NOT t.active');
      if (query.organization) filter.where.push(`t.organization_id = ${param(filter, query.organization)}`);
      if (query.renewal === 'expiring') {
        // "Today" is the company's day, not the database server's.
        const today = `(now() AT TIME ZONE ${param(filter, timeZone)})::date`;
        filter.where.push(`t.renewal_date <= ${today} + ${param(filter, RENEWAL_DAYS)}::int`);
      }
      if (query.q) {
        const p = param(filter, likePattern(query.q));
        filter.where.push(`(t.name ILIKE ${p} OR t.vendor ILIKE ${p})`);
      }
      // Index software_name_idx / software_org_name_idx cover this order.
      return { keys: ['t.name'], dir: query.dir };
    },
    blank: async (query, db) => ({
      name: query.name?.trim() ?? '',
      vendor: null,
      softwareVersion: null,
      seats: null,
      renewalDate: null,
      organization: await organizationOption(db, query.organization),
      active: true,
      notes: null,
    }),
  });

  // The systems form picks software of the system's organization. Active software only.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/suggest/software/',
    {
      schema: {
        querystring: softwareSuggestQuery,
        response: { 200: suggestionsResponse('Active software, by name.') },
      },
    },
    async (request) => {
      authorize(currentUser(request), `read:${SOFTWARE.key}`);
      const { q, limit, organization } = request.query;
      const { rows } = await database.pool.query<{ id: number; name: string }>(
        `SELECT id, name FROM software
          WHERE active AND ($1::int IS NULL OR organization_id = $1)
            AND ($2::text IS NULL OR name ILIKE $2 OR vendor ILIKE $2)
          ORDER BY name, id LIMIT $3`,
        [organization ?? null, q ? likePattern(q) : null, limit],
      );
      return rows.map((r) => ({ value: r.id, label: r.name }));
    },
  );
}
