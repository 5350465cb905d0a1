// /api/admin/service-type (list, record, save, delete): administrators only.
import type { FastifyInstance } from 'fastify';
import { NAME_USED, serviceTypeForm, serviceTypeListQuery } from '../../../shared/schemas/service-type.js';
import type { Database } from '../../db/client.js';
import { registerUniqueViolation } from '../../platform/errors.js';
import { pickListRoutes } from '../../platform/pick-list-routes.js';
import { SERVICE_TYPE } from './service-type.record.js';

registerUniqueViolation('service_types_name_key', 'name', NAME_USED);

export function serviceTypeRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  pickListRoutes(app, database, timeZone, {
    path: '/api/admin/service-type',
    key: 'serviceType',
    def: SERVICE_TYPE,
    form: serviceTypeForm,
    listQuery: serviceTypeListQuery,
    blank: (query) => ({
      name: query.name?.trim() ?? '',
      description: null,
      blockHours: false,
      billedPer: null,
      active: true,
    }),
  });
}
