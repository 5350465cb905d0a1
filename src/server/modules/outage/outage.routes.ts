// /api/manage/outage (any signed-in user): list, basics, save, delete. New outages without an assignee get one
// from the auto-assignment rules, in the same transaction.
import type { FastifyInstance } from 'fastify';
import { instantOf } from '../../../shared/format/company-time.js';
import { parseTimeOfDay } from '../../../shared/format/time-of-day.js';
import {
  END_BEFORE_START,
  OUTAGE_STATUSES,
  type OutageForm,
  outageForm,
  outageListQuery,
} from '../../../shared/schemas/outage.js';
import type { Database } from '../../db/client.js';
import { badRequest } from '../../platform/errors.js';
import { recordRoutes } from '../../platform/record-routes.js';
import { likePattern, param, type Queryable } from '../../platform/records.js';
import { autoAssignee } from '../outage-assignment/index.js';
import { outageTypeOptions } from '../outage-type/index.js';
import { formParts, outageRecord } from './outage.record.js';

/** Form values -> column values: the typed wall-clock start and end become instants in the company zone. */
function toValues(form: OutageForm, timeZone: string): Record<string, unknown> {
  const at = (date: string | null, time: string | null) =>
    date && time ? instantOf(date, parseTimeOfDay(time) ?? 0, timeZone) : null;
  const startsAt = at(form.startDate, form.startTime)!;
  const endsAt = at(form.endDate, form.endTime);
  // The form checked the wall clock; an hour skipped by daylight saving can still put the end first.
  if (endsAt && endsAt <= startsAt) throw badRequest({ endTime: [END_BEFORE_START] });
  return {
    outageType: form.outageType,
    organization: form.organization,
    title: form.title,
    description: form.description,
    startsAt,
    endsAt,
    status: form.status,
    assignedTo: form.assignedTo,
  };
}

/** A new outage starts now (to the minute); `?organization=` preselects its customer. */
async function blank(query: Record<string, string | undefined>, db: Queryable, timeZone: string) {
  const now = new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();
  const orgId = Number(query.organization);
  let organization = null;
  if (Number.isInteger(orgId) && orgId > 0) {
    const { rows } = await db.query<{ name: string }>('SELECT name FROM organizations WHERE id = $1', [
      orgId,
    ]);
    if (rows[0]) organization = { value: orgId, label: rows[0].name };
  }
  return {
    outageType: null,
    organization,
    title: '',
    description: null,
    startsAt: now,
    endsAt: null,
    status: { ...OUTAGE_STATUSES[0] },
    assignedTo: null,
    ...formParts('start', now, timeZone),
    ...formParts('end', null, timeZone),
  };
}

export function outageRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  recordRoutes(app, database, timeZone, {
    path: '/api/manage/outage',
    key: 'outage',
    def: outageRecord(timeZone),
    form: outageForm,
    listQuery: outageListQuery,
    list: (query, filter) => {
      if (query.status === 'open') filter.where.push(`t.status IN ('OPEN', 'MONITORING')`);
      else if (query.status !== 'all') filter.where.push(`t.status = ${param(filter, query.status)}`);
      if (query.organization) filter.where.push(`t.organization_id = ${param(filter, query.organization)}`);
      if (query.outageType) filter.where.push(`t.outage_type_id = ${param(filter, query.outageType)}`);
      if (query.q) filter.where.push(`t.title ILIKE ${param(filter, likePattern(query.q))}`);
      // Newest first (outages_starts_idx / outages_status_starts_idx).
      return { keys: ['t.starts_at'], dir: query.dir ?? 'desc' };
    },
    blank: (query, db) => blank(query, db, timeZone),
    formOptions: async (db) => ({
      outageType: await outageTypeOptions(db, { activeOnly: true }),
      status: OUTAGE_STATUSES.map((c) => ({ value: c.value, label: c.label })),
    }),
    toValues: (form) => toValues(form, timeZone),
    hooks: () => ({
      fill: async (tx, values) =>
        values.assignedTo ? {} : { assignedTo: await autoAssignee(tx, values.outageType as number) },
    }),
  });
}
