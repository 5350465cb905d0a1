// Systems.
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { systemRoutes } from './system.routes.js';

export const systemArea = defineArea({
  name: 'system',
  records: ['system'],
  register(app, { database, timeZone }) {
    systemRoutes(app, database, timeZone);
  },
});
