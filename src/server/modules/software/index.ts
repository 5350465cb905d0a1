// Software.
// Other areas import from this one only through this file.

import { pathFor } from '../../../shared/routes/index.js';
import { defineArea } from '../../platform/area.js';
import { softwareRoutes } from './software.routes.js';

export const softwareArea = defineArea({
  name: 'software',
  records: ['software'],
  searchSources: [
    {
      kind: 'software',
      table: 'software',
      columns: ['name'],
      from: 'software t',
      name: 't.name',
      route: (id) => pathFor('software_basics', { id }),
      fields: [{ label: 'Name', column: 't.name', match: 'text' }],
    },
  ],
  register(app, { database, timeZone }) {
    softwareRoutes(app, database, timeZone);
  },
});
