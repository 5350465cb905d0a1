// Software.
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { softwareRoutes } from './software.routes.js';

export const softwareArea = defineArea({
  name: 'software',
  register(app, { database, timeZone }) {
    softwareRoutes(app, database, timeZone);
  },
});
