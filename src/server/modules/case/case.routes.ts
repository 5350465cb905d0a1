// /api/manage/case (list, basics, save, delete) and the case picker /api/suggest/cases/: any signed-in user.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type CaseListQuery, caseForm, caseListQuery, WORK_STATUSES } from '../../../shared/schemas/case.js';
import { codeOptions, optionalRef } from '../../../shared/schemas/fields.js';
import { suggestionsResponse } from '../../../shared/schemas/suggest.js';
import type { Database } from '../../db/client.js';
import { authorize, currentUser } from '../../platform/auth.js';
import { recordRoutes, suggestQuery } from '../../platform/record-routes.js';
import { type ListFilter, likePattern, param, type SortDef } from '../../platform/records.js';
import { departmentOptions } from '../department/index.js';
import { organizationOption } from '../person/index.js';
import { CASE } from './case.record.js';

/** Filters and sort of the Cases & Tasks list. Newest first by number: the organization and assignee filters walk
 * cases_org_status_idx / cases_assigned_status_idx (…, status, id) in order, the rest the primary key. */
export function caseList(query: CaseListQuery, filter: ListFilter): SortDef {
  if (query.status !== 'all') filter.where.push(`t.status = ${param(filter, query.status)}`);
  if (query.organization) filter.where.push(`t.organization_id = ${param(filter, query.organization)}`);
  if (query.department) filter.where.push(`t.department_id = ${param(filter, query.department)}`);
  if (query.assignedTo) filter.where.push(`t.assigned_to_id = ${param(filter, query.assignedTo)}`);
  if (query.q) {
    // Title and organization name through their trigram indexes; a number (with or without #) is a case number.
    const p = param(filter, likePattern(query.q));
    const terms = [
      `t.title ILIKE ${p}`,
      `t.organization_id IN (SELECT o.id FROM organizations o WHERE o.name ILIKE ${p})`,
    ];
    const number = /^#?(\d{1,9})$/.exec(query.q);
    if (number) terms.push(`t.id = ${param(filter, Number(number[1]))}`);
    filter.where.push(`(${terms.join(' OR ')})`);
  }
  const dir = query.dir ?? 'desc';
  // Last change, to the microsecond as a whole number: the cursor must carry the exact key (a JS Date would
  // round to milliseconds and skip or repeat rows).
  if (query.sort === 'updated')
    return { keys: [`(EXTRACT(EPOCH FROM t.updated_at) * 1000000)::bigint`], dir };
  return { keys: [], dir };
}

export function caseRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  recordRoutes(app, database, timeZone, {
    path: '/api/manage/case',
    key: 'case',
    def: CASE,
    form: caseForm,
    listQuery: caseListQuery,
    list: (query, filter) => caseList(query, filter),
    blank: async (query, db) => ({
      title: query.title?.trim() ?? '',
      organization: await organizationOption(db, query.organization),
      status: { value: 'OPEN', label: 'Open' },
      department: null,
      assignedTo: null,
      description: null,
    }),
    formOptions: async (db) => ({
      status: codeOptions(WORK_STATUSES),
      department: await departmentOptions(db),
    }),
  });

  // Open cases, optionally of one organization, by title or number; label "#id title", newest first.
  const casesSuggestQuery = suggestQuery.extend({ organization: optionalRef() });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/suggest/cases/',
    {
      schema: {
        querystring: casesSuggestQuery,
        response: { 200: suggestionsResponse('Open cases, labelled "#id title", newest first.') },
      },
    },
    async (request) => {
      authorize(currentUser(request), `read:${CASE.key}`);
      const { q, limit, organization } = request.query;
      const number = q ? /^#?(\d{1,9})$/.exec(q) : null;
      const { rows } = await database.pool.query<{ id: number; title: string }>(
        `SELECT id, title FROM cases
          WHERE status = 'OPEN' AND ($1::int IS NULL OR organization_id = $1)
            AND ($2::text IS NULL OR title ILIKE $2 OR id = $3)
          ORDER BY id DESC LIMIT $4`,
        [organization ?? null, q ? likePattern(q) : null, number ? Number(number[1]) : null, limit],
      );
      return rows.map((r) => ({ value: r.id, label: `#${r.id} ${r.title}` }));
    },
  );
}
