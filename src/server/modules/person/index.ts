// People.
// Other areas import from this one only through this file.

import { pathFor } from '../../../shared/routes/index.js';
import { defineArea } from '../../platform/area.js';
import { digitsOf } from '../../platform/search-source.js';
import { personRoutes } from './person.routes.js';

export const personArea = defineArea({
  name: 'person',
  records: ['person'],
  searchSources: [
    {
      kind: 'person',
      table: 'people',
      columns: ['first_name', 'last_name', 'email', 'phone'],
      from: 'people t',
      name: `t.first_name || ' ' || t.last_name`,
      route: (id) => pathFor('person_basics', { id }),
      fields: [
        { label: 'Name', column: `(t.first_name || ' ' || t.last_name)`, match: 'text' },
        { label: 'Email', column: 't.email', match: 'code' },
        { label: 'Phone', column: digitsOf('t.phone'), value: 't.phone', match: 'digits' },
      ],
    },
  ],
  register(app, { database, timeZone }) {
    personRoutes(app, database, timeZone);
  },
});

// What other areas use.
export { organizationOption } from './organization-option.js';
