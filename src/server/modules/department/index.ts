// Departments (admin list).
// Other areas import from this one only through this file.
import { ADMIN } from '../../../shared/permissions.js';
import { defineArea } from '../../platform/area.js';
import { departmentRoutes } from './department.routes.js';

export const departmentArea = defineArea({
  name: 'department',
  permissions: [{ kind: 'department', access: ADMIN, readme: ['Admin lists', 'departments'] }],
  register(app, { database, timeZone }) {
    departmentRoutes(app, database, timeZone);
  },
});

// What other areas use.
export { departmentOptions } from './department.routes.js';
