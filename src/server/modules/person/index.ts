// People.
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { personRoutes } from './person.routes.js';

export const personArea = defineArea({
  name: 'person',
  register(app, { database, timeZone }) {
    personRoutes(app, database, timeZone);
  },
});

// What other areas use.
export { organizationOption } from './organization-option.js';
