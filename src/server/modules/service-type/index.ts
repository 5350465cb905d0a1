// Service types (admin list).
// Other areas import from this one only through this file.
import { ADMIN } from '../../../shared/permissions.js';
import { defineArea } from '../../platform/area.js';
import { serviceTypeRoutes } from './service-type.routes.js';

export const serviceTypeArea = defineArea({
  name: 'service-type',
  permissions: [{ kind: 'serviceType', access: ADMIN, readme: ['Admin lists', 'service types'] }],
  register(app, { database, timeZone }) {
    serviceTypeRoutes(app, database, timeZone);
  },
});
