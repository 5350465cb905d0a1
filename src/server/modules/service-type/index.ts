// Service types (admin list).
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { serviceTypeRoutes } from './service-type.routes.js';

export const serviceTypeArea = defineArea({
  name: 'service-type',
  records: ['serviceType'],
  register(app, { database, timeZone }) {
    serviceTypeRoutes(app, database, timeZone);
  },
});
