// /api/manage/organization (list, basics, save, delete) and the client pickers /api/suggest/clients(-active)/.

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { codeOptions } from '../../../shared/schemas/fields.js';
import {
  organizationForm,
  organizationListQuery,
  RMM_PLANS,
  SALES_STATUSES,
  VENDOR_STATUSES,
} from '../../../shared/schemas/organization.js';
import { suggestionsResponse } from '../../../shared/schemas/suggest.js';
import type { Database } from '../../db/client.js';
import { badRequest, registerUniqueViolation } from '../../platform/errors.js';
import { recordRoutes, suggestQuery } from '../../platform/record-routes.js';
import { likePattern, param } from '../../platform/records.js';
import { ORGANIZATION } from './organization.record.js';

registerUniqueViolation(
  'organizations_short_code_key',
  'shortCode',
  'This short code is already used by another organization.',
);

export function organizationRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  recordRoutes(app, database, timeZone, {
    path: '/api/manage/organization',
    key: 'organization',
    def: ORGANIZATION,
    form: organizationForm,
    listQuery: organizationListQuery,
    list: (query, filter) => {
      if (query.filter === '1') filter.where.push('t.active');
      else if (query.filter === '3') filter.where.push('NOT t.active');
      else if (query.filter === '2') filter.where.push('t.rmm_plan IS NOT NULL');
      else if (query.filter === '4') filter.where.push(`t.rmm_plan = 'RMM_BILL_BY_DEVICE'`);
      else if (query.filter === '5') filter.where.push(`t.rmm_plan = 'RMM_BILL_BY_USER'`);
      if (query.salesStatus) filter.where.push(`t.sales_status = ${param(filter, query.salesStatus)}`);
      if (query.q) {
        const p = param(filter, likePattern(query.q));
        filter.where.push(`(t.name ILIKE ${p} OR t.short_code ILIKE ${p} OR t.phone ILIKE ${p})`);
      }
      return query.sort === 'shortCode'
        ? { keys: [`COALESCE(t.short_code, '')`, 't.name'], dir: query.dir }
        : { keys: ['t.name'], dir: query.dir };
    },
    blank: (query) => ({
      name: query.name?.trim() ?? '',
      shortCode: null,
      salesStatus: { value: 'PROSPECT', label: 'Prospect' },
      vendorStatus: null,
      active: true,
      rmmPlan: null,
      phone: null,
      website: null,
      address: null,
      federalTaxId: null,
      duns: null,
      accountManager: null,
      primaryContact: null,
      notes: null,
    }),
    formOptions: () => ({
      salesStatus: codeOptions(SALES_STATUSES),
      vendorStatus: codeOptions(VENDOR_STATUSES),
      rmmPlan: codeOptions(RMM_PLANS),
    }),
    hooks: () => ({
      validate: async (tx, values, before) => {
        if (!values.primaryContact) return;
        if (!before)
          throw badRequest({
            primaryContact: ['Save the organization before choosing its primary contact.'],
          });
        const { rows } = await tx.query('SELECT 1 FROM people WHERE id = $1 AND organization_id = $2', [
          values.primaryContact,
          before.id,
        ]);
        if (rows.length === 0)
          throw badRequest({ primaryContact: ['Choose a person of this organization.'] });
      },
    }),
  });

  // SPEC §7 client pickers: active clients by default, all organizations with /clients/.
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const [url, activeOnly, what] of [
    ['/api/suggest/clients-active/', true, 'Active organizations, by name.'],
    ['/api/suggest/clients/', false, 'Organizations, inactive ones too, by name.'],
  ] as const) {
    const response = { 200: suggestionsResponse(what) };
    api.get(url, { schema: { querystring: suggestQuery, response } }, async (request) => {
      const { q, limit } = request.query;
      const { rows } = await database.pool.query<{ id: number; name: string }>(
        `SELECT id, name FROM organizations
          WHERE ($1::boolean = false OR active) AND ($2::text IS NULL OR name ILIKE $2 OR short_code ILIKE $2)
          ORDER BY name, id LIMIT $3`,
        [activeOnly, q ? likePattern(q) : null, limit],
      );
      return rows.map((r) => ({ value: r.id, label: r.name }));
    });
  }
}
