// Device categories (admin list).
// Other areas import from this one only through this file.
import { ADMIN } from '../../../shared/permissions.js';
import { defineArea } from '../../platform/area.js';
import { deviceCategoryRoutes } from './device-category.routes.js';

export const deviceCategoryArea = defineArea({
  name: 'device-category',
  permissions: [{ kind: 'device-category', access: ADMIN, readme: ['Admin lists', 'device categories'] }],
  register(app, { database, timeZone }) {
    deviceCategoryRoutes(app, database, timeZone);
  },
});
