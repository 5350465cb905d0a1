// Bucket categories (admin list).
// Other areas import from this one only through this file.
import { ADMIN } from '../../../shared/permissions.js';
import { defineArea } from '../../platform/area.js';
import { bucketCategoryRoutes } from './bucket-category.routes.js';

export const bucketCategoryArea = defineArea({
  name: 'bucket-category',
  permissions: [{ kind: 'bucket-category', access: ADMIN, readme: ['Admin lists', 'bucket categories'] }],
  register(app, { database, timeZone }) {
    bucketCategoryRoutes(app, database, timeZone);
  },
});
