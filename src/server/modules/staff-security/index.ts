// A staff member's security page (admin).
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { staffSecurityRoutes } from './staff-security.routes.js';

export const staffSecurityArea = defineArea({
  name: 'staff-security',
  register(app, { database, config }) {
    staffSecurityRoutes(app, database, config);
  },
});
