// Quick entry of slips.
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { quickEntryRoutes } from './quick-entry.routes.js';

export const quickEntryArea = defineArea({
  name: 'quick-entry',
  register(app, { database }) {
    quickEntryRoutes(app, database);
  },
});
