// Staff accounts (admin).
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { staffRoutes } from './staff.routes.js';

export const staffArea = defineArea({
  name: 'staff',
  register(app, { database, timeZone }) {
    staffRoutes(app, database, timeZone);
  },
});

// What other areas use.
export { staffFormOptions } from './staff.presenter.js';
export { loadStaff, saveStaff } from './staff.service.js';
