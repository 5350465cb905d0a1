// /api/manage/agreement/{agreementId}/service: an agreement's services (list, basics, save, delete), checked against
// the agreement's dates and the service type, each change told in the agreement's activity.

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { companyToday } from '../../../shared/format/company-time.js';
import { formatMoney, formatQuantity } from '../../../shared/format/money.js';
import {
  type AgreementServiceRecord,
  BILLING_FREQUENCIES,
  COVERED_HOURS_BLOCK_ONLY,
  SERVICE_OUTSIDE_AGREEMENT,
  SERVICE_TYPE_INACTIVE,
  serviceForm,
  serviceListQuery,
} from '../../../shared/schemas/agreement.js';
import type { Option } from '../../../shared/schemas/common.js';
import { codeOptions } from '../../../shared/schemas/fields.js';
import { suggestionsResponse } from '../../../shared/schemas/suggest.js';
import type { Database } from '../../db/client.js';
import { authorize, currentUser } from '../../platform/auth.js';
import { badRequest } from '../../platform/errors.js';
import { recordRoutes, suggestQuery } from '../../platform/record-routes.js';
import { likePattern, param, type Queryable } from '../../platform/records.js';
import { addActivity } from './activity.js';
import { AGREEMENT_SERVICE } from './agreement-service.record.js';

/** "Managed Workstation × 10 @ $50.00 Monthly". */
export const serviceLine = (s: AgreementServiceRecord) =>
  `${s.serviceType.label}${s.description ? ` (${s.description})` : ''} × ${formatQuantity(s.quantity)} @ ${formatMoney(s.unitPrice)} ${s.billingFrequency.label}`;

/** The checks a service's values must pass wherever they are written (its form or a signed amendment). */
export async function serviceProblems(
  db: Queryable,
  agreementId: number,
  values: Record<string, unknown>,
  typeChanged: boolean,
): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  const { rows } = await db.query<{ active: boolean; block_hours: boolean; inside: boolean }>(
    `SELECT st.active, st.block_hours,
            (to_date($3, 'MM/DD/YYYY') >= a.start_date
              AND (a.end_date IS NULL OR (to_date($3, 'MM/DD/YYYY') <= a.end_date
                   AND ($4::text IS NULL OR to_date($4, 'MM/DD/YYYY') <= a.end_date)))) AS inside
       FROM agreements a, service_types st WHERE a.id = $1 AND st.id = $2`,
    [agreementId, values.serviceType, values.startDate, values.endDate ?? null],
  );
  const row = rows[0];
  if (!row) return { serviceType: ['This value is not valid.'] };
  if (typeChanged && !row.active) errors.serviceType = [SERVICE_TYPE_INACTIVE];
  if (values.coveredHours !== null && values.coveredHours !== undefined && !row.block_hours)
    errors.coveredHours = [COVERED_HOURS_BLOCK_ONLY];
  if (!row.inside) errors.startDate = [SERVICE_OUTSIDE_AGREEMENT];
  return errors;
}

/** Active service types for a form (the screen still shows an inactive type a service already has, by name). */
export async function serviceTypeOptions(db: Queryable): Promise<Option[]> {
  const { rows } = await db.query<{ id: number; name: string; block_hours: boolean }>(
    'SELECT id, name, block_hours FROM service_types WHERE active ORDER BY name, id LIMIT 500',
  );
  return rows.map((r) => ({ value: r.id, label: r.block_hours ? `${r.name} (block hours)` : r.name }));
}

/** What changed in a service, as the activity tells it. */
function changeText(before: AgreementServiceRecord, after: AgreementServiceRecord): string | null {
  const parts: string[] = [];
  const pair = (name: string, a: string, b: string) => {
    if (a !== b) parts.push(`${name} ${a || '—'} → ${b || '—'}`);
  };
  pair('quantity', formatQuantity(before.quantity), formatQuantity(after.quantity));
  pair('unit price', formatMoney(before.unitPrice), formatMoney(after.unitPrice));
  pair('billing', before.billingFrequency.label, after.billingFrequency.label);
  pair('start', before.startDate, after.startDate);
  pair('end', before.endDate ?? '', after.endDate ?? '');
  pair('type', before.serviceType.label, after.serviceType.label);
  return parts.length ? `Service changed: ${after.serviceType.label}: ${parts.join(', ')}` : null;
}

export function agreementServiceRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  // Filters of the agreement list: every service type, inactive ones too (old agreements keep theirs).
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/suggest/service-types/',
    {
      schema: {
        querystring: suggestQuery,
        response: { 200: suggestionsResponse('Service types, inactive ones too, by name.') },
      },
    },
    async (request) => {
      authorize(currentUser(request), 'read:agreementService');
      const { q, limit } = request.query;
      const { rows } = await database.pool.query<{ id: number; name: string }>(
        `SELECT id, name FROM service_types WHERE ($1::text IS NULL OR name ILIKE $1) ORDER BY name, id LIMIT $2`,
        [q ? likePattern(q) : null, limit],
      );
      return rows.map((r) => ({ value: r.id, label: r.name }));
    },
  );

  recordRoutes(app, database, timeZone, {
    path: '/api/manage/agreement/:agreementId/service',
    key: 'service',
    def: AGREEMENT_SERVICE,
    parent: { param: 'agreementId', table: 'agreements', field: 'agreement' },
    form: serviceForm,
    listQuery: serviceListQuery,
    list: (query, filter) => {
      if (query.show === 'current') {
        const today = param(filter, companyToday(timeZone).iso);
        filter.where.push(`(t.end_date IS NULL OR t.end_date >= ${today}::date)`);
      }
      // Few services per agreement: the agreement index narrows them, the order is the reader's.
      return { keys: ['servicetype_r.name', `t.start_date - DATE '1970-01-01'`], dir: query.dir };
    },
    blank: async (_query, db, scope) => {
      // A new service starts with its agreement (one an amendment adds starts on the amendment's effective date).
      const { rows } = await db.query<{ start: string }>(
        `SELECT to_char(start_date, 'MM/DD/YYYY') AS start FROM agreements WHERE id = $1`,
        [scope.parentId],
      );
      return {
        agreement: null,
        serviceType: null,
        description: null,
        quantity: '1.00',
        unitPrice: null,
        billingFrequency: { value: 'MONTHLY', label: 'Monthly' },
        startDate: rows[0]?.start ?? companyToday(timeZone).display,
        endDate: null,
        coveredHours: null,
        roundingMinimum: null,
        roundingIncrement: null,
        monthly: '0.00',
        amount: '0.00',
      };
    },
    formOptions: async (db) => ({
      serviceType: await serviceTypeOptions(db),
      billingFrequency: codeOptions(BILLING_FREQUENCIES),
    }),
    hooks: (user, scope) => ({
      validate: async (tx, values, before) => {
        const typeChanged = !before || before.serviceType.value !== values.serviceType;
        const errors = await serviceProblems(tx, scope.parentId, values, typeChanged);
        if (Object.keys(errors).length) throw badRequest(errors);
      },
      done: async (tx, after, before) => {
        const text = before ? changeText(before, after) : `Service added: ${serviceLine(after)}`;
        if (text)
          await addActivity(tx, { agreementId: scope.parentId, kind: 'SERVICE', text, actorId: user.id });
      },
    }),
    deleted: async (tx, before, user) => {
      await addActivity(tx, {
        agreementId: before.agreement.value,
        kind: 'SERVICE',
        text: `Service removed: ${serviceLine(before)}`,
        actorId: user.id,
      });
    },
  });
}
