// /api/admin/device-category (list, record, save, delete): administrators only.
import type { FastifyInstance } from 'fastify';
import {
  deviceCategoryForm,
  deviceCategoryListQuery,
  NAME_USED,
} from '../../../shared/schemas/device-category.js';
import type { Database } from '../../db/client.js';
import { registerUniqueViolation } from '../../platform/errors.js';
import { pickListRoutes } from '../../platform/pick-list-routes.js';
import { DEVICE_CATEGORY } from './device-category.record.js';

registerUniqueViolation('device_categories_name_key', 'name', NAME_USED);

export function deviceCategoryRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  pickListRoutes(app, database, timeZone, {
    path: '/api/admin/device-category',
    key: 'deviceCategory',
    def: DEVICE_CATEGORY,
    form: deviceCategoryForm,
    listQuery: deviceCategoryListQuery,
    blank: (query) => ({ name: query.name?.trim() ?? '', description: null, active: true }),
  });
}
