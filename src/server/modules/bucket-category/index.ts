// Bucket categories (admin list).
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { bucketCategoryRoutes } from './bucket-category.routes.js';

export const bucketCategoryArea = defineArea({
  name: 'bucket-category',
  records: ['bucket-category'],
  register(app, { database, timeZone }) {
    bucketCategoryRoutes(app, database, timeZone);
  },
});
