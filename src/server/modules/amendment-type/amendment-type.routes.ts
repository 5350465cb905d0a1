// /api/admin/amendment-type (list, record, save, delete): administrators only.
import type { FastifyInstance } from 'fastify';
import {
  amendmentTypeForm,
  amendmentTypeListQuery,
  NAME_USED,
} from '../../../shared/schemas/amendment-type.js';
import type { RefValue } from '../../../shared/schemas/record.js';
import type { Database } from '../../db/client.js';
import { registerUniqueViolation } from '../../platform/errors.js';
import { pickListRoutes } from '../../platform/pick-list-routes.js';
import type { Queryable } from '../../platform/records.js';
import { AMENDMENT_TYPE } from './amendment-type.record.js';

registerUniqueViolation('amendment_types_name_key', 'name', NAME_USED);

/** Active amendment types as select options, by name (the default type of the amendment settings). */
export async function amendmentTypeOptions(db: Queryable): Promise<RefValue[]> {
  const { rows } = await db.query<{ id: number; name: string }>(
    'SELECT id, name FROM amendment_types WHERE active ORDER BY name, id',
  );
  return rows.map((r) => ({ value: r.id, label: r.name }));
}

export function amendmentTypeRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  pickListRoutes(app, database, timeZone, {
    path: '/api/admin/amendment-type',
    key: 'amendmentType',
    def: AMENDMENT_TYPE,
    form: amendmentTypeForm,
    listQuery: amendmentTypeListQuery,
    blank: (query) => ({ name: query.name?.trim() ?? '', description: null, active: true }),
  });
}
