// /api/manage/equipment (list, record, save, delete): customers' devices, any signed-in user; and the device
// picker /api/suggest/equipment/ the systems form uses.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Option } from '../../../shared/schemas/common.js';
import {
  ANTIVIRUS_STATES,
  BITLOCKER_STATES,
  type EquipmentListQuery,
  equipmentForm,
  equipmentListQuery,
  PERSON_OF_ORGANIZATION,
} from '../../../shared/schemas/equipment.js';
import { codeOptions, optionalRef } from '../../../shared/schemas/fields.js';
import { suggestionsResponse } from '../../../shared/schemas/suggest.js';
import type { Database } from '../../db/client.js';
import { authorize, currentUser } from '../../platform/auth.js';
import { badRequest } from '../../platform/errors.js';
import { recordRoutes, suggestQuery } from '../../platform/record-routes.js';
import { type ListFilter, likePattern, param, type Queryable, type SortDef } from '../../platform/records.js';
import { organizationOption } from '../person/index.js';
import { EQUIPMENT } from './equipment.record.js';

/** Filters and sort of the list. Every filter code keeps a name-ordered index usable (equipment_name_idx,
 * equipment_active_name_idx, equipment_org_name_idx), so a deep page costs what the first one does. */
export function equipmentList(query: EquipmentListQuery, filter: ListFilter): SortDef {
  if (query.filter === '1') filter.where.push('t.active');
  else if (query.filter === '2') filter.where.push('t.active AND t.rmm_id IS NOT NULL');
  else if (query.filter === '3') filter.where.push('NOT t.active');
  else if (query.filter === '5') filter.where.push('t.organization_id IS NULL');
  if (query.organization) filter.where.push(`t.organization_id = ${param(filter, query.organization)}`);
  if (query.category) filter.where.push(`t.category_id = ${param(filter, query.category)}`);
  if (query.status) filter.where.push(`t.status_id = ${param(filter, query.status)}`);
  if (query.q) {
    // ILIKE on the two columns with trigram indexes only: one more OR on an unindexed column (model) turns a
    // rare term into a walk over every row (2.6 s instead of 1 ms at 1M devices).
    const p = param(filter, likePattern(query.q));
    filter.where.push(`(t.name ILIKE ${p} OR t.serial_number ILIKE ${p})`);
  }
  // Sort keys must be NOT NULL for the keyset comparison: no serial number sorts first.
  if (query.sort === 'serialNumber')
    return { keys: [`COALESCE(t.serial_number, '')`, 't.name'], dir: query.dir };
  if (query.sort === 'warrantyEnd')
    // Days since 1970: the cursor carries a number, not a time-zone-shifted instant, and the expression is
    // immutable, so an index could cover it. No warranty sorts last.
    return {
      keys: [`COALESCE(t.warranty_end - DATE '1970-01-01', 2147483647)`, 't.name'],
      dir: query.dir,
    };
  return { keys: ['t.name'], dir: query.dir };
}

async function formOptions(db: Queryable): Promise<Record<string, Option[]>> {
  const [categories, statuses] = await Promise.all([
    db.query<{ id: number; name: string }>(
      'SELECT id, name FROM device_categories WHERE active ORDER BY name, id',
    ),
    db.query<{ id: number; name: string }>(
      'SELECT id, name FROM device_statuses WHERE active ORDER BY sort_order, id',
    ),
  ]);
  return {
    category: categories.rows.map((r) => ({ value: r.id, label: r.name })),
    status: statuses.rows.map((r) => ({ value: r.id, label: r.name })),
    antivirusState: codeOptions(ANTIVIRUS_STATES),
    bitlockerState: codeOptions(BITLOCKER_STATES),
  };
}

export function equipmentRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  recordRoutes(app, database, timeZone, {
    path: '/api/manage/equipment',
    key: 'equipment',
    def: EQUIPMENT,
    form: equipmentForm,
    listQuery: equipmentListQuery,
    list: (query, filter) => equipmentList(query, filter),
    blank: async (query, db) => ({
      name: query.name?.trim() ?? '',
      organization: await organizationOption(db, query.organization),
      category: null,
      status: null,
      manufacturer: null,
      model: null,
      serialNumber: null,
      operatingSystem: null,
      osVersion: null,
      person: null,
      location: null,
      purchaseDate: null,
      warrantyEnd: null,
      lastResponseAt: null,
      rmmId: null,
      antivirusProduct: null,
      antivirusState: null,
      bitlockerState: null,
      missingPatches: null,
      lastPatchDate: null,
      firmwareVersion: null,
      virtual: false,
      active: true,
      notes: null,
    }),
    formOptions,
    hooks: () => ({
      validate: async (tx, values) => {
        if (!values.person) return;
        // An unassigned device (no organization) can have no assigned person either.
        const { rows } = await tx.query('SELECT 1 FROM people WHERE id = $1 AND organization_id = $2', [
          values.person,
          values.organization ?? null,
        ]);
        if (rows.length === 0) throw badRequest({ person: [PERSON_OF_ORGANIZATION] });
      },
    }),
  });

  // Active devices, optionally of one organization, by name or serial number (equipment_org_name_idx orders them).
  const equipmentSuggestQuery = suggestQuery.extend({ organization: optionalRef() });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/suggest/equipment/',
    {
      schema: {
        querystring: equipmentSuggestQuery,
        response: {
          200: suggestionsResponse(
            'Active devices, labelled "Name (serial number)" when they have one, by name.',
          ),
        },
      },
    },
    async (request) => {
      authorize(currentUser(request), `read:${EQUIPMENT.key}`);
      const { q, limit, organization } = request.query;
      const { rows } = await database.pool.query<{ id: number; name: string; serial: string | null }>(
        `SELECT id, name, serial_number AS serial FROM equipment
          WHERE active AND ($1::int IS NULL OR organization_id = $1)
            AND ($2::text IS NULL OR name ILIKE $2 OR serial_number ILIKE $2)
          ORDER BY name, id LIMIT $3`,
        [organization ?? null, q ? likePattern(q) : null, limit],
      );
      return rows.map((r) => ({ value: r.id, label: r.serial ? `${r.name} (${r.serial})` : r.name }));
    },
  );
}
