// Device statuses (admin).
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { deviceStatusRoutes } from './device-status.routes.js';

export const deviceStatusArea = defineArea({
  name: 'device-status',
  register(app, { database, timeZone }) {
    deviceStatusRoutes(app, database, timeZone);
  },
});
