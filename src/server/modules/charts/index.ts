// Manage → Charts.
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { chartsRoutes } from './charts.routes.js';

export const chartsArea = defineArea({
  name: 'charts',
  register(app, { database, timeZone }) {
    chartsRoutes(app, database, timeZone);
  },
});
