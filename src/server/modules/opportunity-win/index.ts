// Winning an opportunity: its accepted proposal becomes an agreement.
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { opportunityWinRoutes } from './win.routes.js';

export const opportunityWinArea = defineArea({
  name: 'opportunity-win',
  register(app, { database, timeZone }) {
    opportunityWinRoutes(app, database, timeZone);
  },
});
