// Departments (admin list).
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { departmentRoutes } from './department.routes.js';

export const departmentArea = defineArea({
  name: 'department',
  records: ['department'],
  register(app, { database, timeZone }) {
    departmentRoutes(app, database, timeZone);
  },
});

// What other areas use.
export { departmentOptions } from './department.routes.js';
