// Cases.
// Other areas import from this one only through this file.

import { pathFor } from '../../../shared/routes/index.js';
import { defineArea } from '../../platform/area.js';
import { caseRoutes } from './case.routes.js';

export const caseArea = defineArea({
  name: 'case',
  records: ['case'],
  searchSources: [
    {
      kind: 'case',
      table: 'cases',
      columns: ['title'],
      from: 'cases t',
      name: 't.title',
      route: (id) => pathFor('case_basics', { caseId: id }),
      fields: [
        { label: 'Number', column: 't.id', value: 't.id::text', match: 'number' },
        { label: 'Title', column: 't.title', match: 'text' },
      ],
    },
  ],
  register(app, { database, timeZone }) {
    caseRoutes(app, database, timeZone);
  },
});

// What other areas use.
export { CASE, STAFF_LABEL } from './case.record.js';
