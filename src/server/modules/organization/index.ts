// Organizations.
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { organizationRoutes } from './organization.routes.js';

export const organizationArea = defineArea({
  name: 'organization',
  register(app, { database, timeZone }) {
    organizationRoutes(app, database, timeZone);
  },
});
