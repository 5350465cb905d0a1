// Untracked time.
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { untrackedRoutes } from './untracked.routes.js';

export const untrackedArea = defineArea({
  name: 'untracked',
  register(app, { database, timeZone }) {
    untrackedRoutes(app, database, timeZone);
  },
});
