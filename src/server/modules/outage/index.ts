// Outages.
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { outageRoutes } from './outage.routes.js';

export const outageArea = defineArea({
  name: 'outage',
  records: ['outage'],
  register(app, { database, timeZone }) {
    outageRoutes(app, database, timeZone);
  },
});
