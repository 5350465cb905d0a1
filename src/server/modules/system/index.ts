// Systems.
// Other areas import from this one only through this file.
import { WORK } from '../../../shared/permissions.js';
import { defineArea } from '../../platform/area.js';
import { systemRoutes } from './system.routes.js';

export const systemArea = defineArea({
  name: 'system',
  permissions: [{ kind: 'system', access: WORK, readme: ['Organizations', 'systems'] }],
  register(app, { database, timeZone }) {
    systemRoutes(app, database, timeZone);
  },
});
