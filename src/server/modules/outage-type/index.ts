// Outage types (admin list).
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { outageTypeRoutes } from './outage-type.routes.js';

export const outageTypeArea = defineArea({
  name: 'outage-type',
  records: ['outage-type'],
  register(app, { database, timeZone }) {
    outageTypeRoutes(app, database, timeZone);
  },
});

// What other areas use.
export { outageTypeOptions } from './outage-type.routes.js';
