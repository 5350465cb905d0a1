// Cases.
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { caseRoutes } from './case.routes.js';

export const caseArea = defineArea({
  name: 'case',
  register(app, { database, timeZone }) {
    caseRoutes(app, database, timeZone);
  },
});

// What other areas use.
export { CASE, STAFF_LABEL } from './case.record.js';
