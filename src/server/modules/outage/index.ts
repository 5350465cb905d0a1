// Outages.
// Other areas import from this one only through this file.
import { WORK } from '../../../shared/permissions.js';
import { defineArea } from '../../platform/area.js';
import { outageRoutes } from './outage.routes.js';

export const outageArea = defineArea({
  name: 'outage',
  permissions: [{ kind: 'outage', access: WORK, readme: ['Cases', 'outages'] }],
  register(app, { database, timeZone }) {
    outageRoutes(app, database, timeZone);
  },
});
