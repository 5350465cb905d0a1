// Amendment types (admin list).
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { amendmentTypeRoutes } from './amendment-type.routes.js';

export const amendmentTypeArea = defineArea({
  name: 'amendment-type',
  records: ['amendmentType'],
  register(app, { database, timeZone }) {
    amendmentTypeRoutes(app, database, timeZone);
  },
});

// What other areas use.
export { amendmentTypeOptions } from './amendment-type.routes.js';
