// Organizations.
// Other areas import from this one only through this file.

import { pathFor } from '../../../shared/routes/index.js';
import { defineArea } from '../../platform/area.js';
import { digitsOf } from '../../platform/search-source.js';
import { organizationRoutes } from './organization.routes.js';

export const organizationArea = defineArea({
  name: 'organization',
  records: ['organization'],
  searchSources: [
    {
      kind: 'organization',
      table: 'organizations',
      columns: ['name', 'short_code', 'phone'],
      from: 'organizations t',
      name: 't.name',
      route: (id) => pathFor('organization_basics', { id }),
      fields: [
        { label: 'Name', column: 't.name', match: 'text' },
        { label: 'Short Code', column: 't.short_code', match: 'code' },
        { label: 'Phone', column: digitsOf('t.phone'), value: 't.phone', match: 'digits' },
      ],
    },
  ],
  register(app, { database, timeZone }) {
    organizationRoutes(app, database, timeZone);
  },
});
