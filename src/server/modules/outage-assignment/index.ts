// Outage auto-assignment (admin).
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { outageAssignmentRoutes } from './outage-assignment.routes.js';

export const outageAssignmentArea = defineArea({
  name: 'outage-assignment',
  register(app, { database, timeZone }) {
    outageAssignmentRoutes(app, database, timeZone);
  },
});

// What other areas use.
export { autoAssignee } from './outage-assignment.service.js';
