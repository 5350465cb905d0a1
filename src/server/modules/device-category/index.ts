// Device categories (admin list).
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { deviceCategoryRoutes } from './device-category.routes.js';

export const deviceCategoryArea = defineArea({
  name: 'device-category',
  records: ['device-category'],
  register(app, { database, timeZone }) {
    deviceCategoryRoutes(app, database, timeZone);
  },
});
