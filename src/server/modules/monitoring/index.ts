// The monitoring dashboard.
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { monitoringRoutes } from './monitoring.routes.js';

export const monitoringArea = defineArea({
  name: 'monitoring',
  register(app, { database, metrics }) {
    monitoringRoutes(app, database, metrics);
  },
});
