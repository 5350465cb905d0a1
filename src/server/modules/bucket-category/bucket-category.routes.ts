// /api/admin/bucket (list, record, save, delete): bucket categories, administrators only.
import type { FastifyInstance } from 'fastify';
import {
  bucketCategoryForm,
  bucketCategoryListQuery,
  NAME_USED,
} from '../../../shared/schemas/bucket-category.js';
import type { Database } from '../../db/client.js';
import { registerUniqueViolation } from '../../platform/errors.js';
import { pickListRoutes } from '../../platform/pick-list-routes.js';
import { BUCKET_CATEGORY } from './bucket-category.record.js';

registerUniqueViolation('bucket_categories_name_key', 'name', NAME_USED);

export function bucketCategoryRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  pickListRoutes(app, database, timeZone, {
    path: '/api/admin/bucket',
    key: 'bucketCategory',
    def: BUCKET_CATEGORY,
    form: bucketCategoryForm,
    listQuery: bucketCategoryListQuery,
    // A short admin list (tens of rows): the daily panel's order unless sorted by name.
    order: (query) =>
      query.sort === 'name'
        ? { keys: ['t.name'], dir: query.dir }
        : { keys: ['t.sort_order', 't.name'], dir: query.dir },
    blank: (query) => ({ name: query.name?.trim() ?? '', description: null, sortOrder: 0, active: true }),
  });
}
