// /api/manage/system (list, record with its equipment and software, save, delete).
import type { FastifyInstance } from 'fastify';
import { SYSTEM_CATEGORIES, systemForm, systemListQuery } from '../../../shared/schemas/system.js';
import type { Database } from '../../db/client.js';
import { registerHistoryEntity } from '../../platform/history.js';
import { recordRoutes } from '../../platform/record-routes.js';
import { likePattern, param } from '../../platform/records.js';
import { organizationOption } from '../person/index.js';
import { checkMembers, loadMembership, type MemberIds, saveMembership } from './system.membership.js';
import { MEMBERSHIP_LABELS, SYSTEM } from './system.record.js';

type Payload = { system?: { id?: unknown }; current?: { id?: unknown } } | null;

/** Adds the join-table lists to a presented system (the generic record service knows only its own columns). */
async function withMembers(database: Database, record: { id?: unknown } | undefined) {
  if (!record || typeof record.id !== 'number' || record.id === 0) return record;
  return { ...record, ...(await loadMembership(database.pool, record.id)) };
}

export function systemRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  // A scope of its own, so the hook below touches these routes only.
  app.register(async (scope) => {
    // The record (GET, POST) and the current record of a 409 carry their equipment and software.
    scope.addHook('preSerialization', async (_request, _reply, payload: Payload) => {
      if (!payload || typeof payload !== 'object') return payload;
      if (payload.system) return { ...payload, system: await withMembers(database, payload.system) };
      if (payload.current) return { ...payload, current: await withMembers(database, payload.current) };
      return payload;
    });

    recordRoutes(scope, database, timeZone, {
      path: '/api/manage/system',
      key: 'system',
      def: SYSTEM,
      form: systemForm,
      listQuery: systemListQuery,
      list: (query, filter) => {
        if (query.organization) filter.where.push(`t.organization_id = ${param(filter, query.organization)}`);
        if (query.category) filter.where.push(`t.category = ${param(filter, query.category)}`);
        if (query.q) {
          const p = param(filter, likePattern(query.q));
          filter.where.push(`(t.name ILIKE ${p} OR t.description ILIKE ${p})`);
        }
        // Index systems_org_name_idx covers an organization's tab.
        return { keys: ['t.name'], dir: query.dir };
      },
      blank: async (query, db) => ({
        name: query.name?.trim() ?? '',
        category: null,
        description: null,
        organization: await organizationOption(db, query.organization),
        equipment: [],
        software: [],
      }),
      formOptions: () => ({ category: SYSTEM_CATEGORIES.map((c) => ({ value: c.value, label: c.label })) }),
      hooks: () => {
        // The form's lists, checked in validate and written in after (same request, same transaction).
        let members: MemberIds = { equipment: [], software: [] };
        return {
          validate: async (tx, values) => {
            members = {
              equipment: (values.equipment as number[] | undefined) ?? [],
              software: (values.software as number[] | undefined) ?? [],
            };
            await checkMembers(tx, values.organization as number, members);
          },
          after: (tx, id) => saveMembership(tx, id, members),
        };
      },
    });

    // Field labels for the membership rows of the history screen.
    registerHistoryEntity({
      key: SYSTEM.key,
      objectClass: SYSTEM.objectClass,
      fieldLabels: {
        ...Object.fromEntries(SYSTEM.fields.map((f) => [f.name, f.label])),
        ...MEMBERSHIP_LABELS,
      },
      title: async (db, id) => {
        const { rows } = await db.query<{ name: string }>('SELECT name FROM systems WHERE id = $1', [id]);
        return rows[0]?.name ?? null;
      },
      canRead: (user) => SYSTEM.canRead(user),
    });
  });
}
