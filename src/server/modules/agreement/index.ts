// Agreements, their services and amendments, and the agreement timeline.
// Other areas import from this one only through this file.

import { pathFor } from '../../../shared/routes/index.js';
import { defineArea } from '../../platform/area.js';
import { agreementRoutes } from './agreement.routes.js';
import { agreementServiceRoutes } from './agreement-service.routes.js';
import { amendmentRoutes } from './amendment.routes.js';

export const agreementArea = defineArea({
  name: 'agreement',
  records: ['agreement', 'agreementService', 'amendment'],
  searchSources: [
    {
      kind: 'agreement',
      table: 'agreements',
      columns: ['number', 'title', 'organization_id'],
      follows: [
        {
          table: 'organizations',
          columns: ['name'],
          records: 'SELECT t.id FROM agreements t JOIN changed c ON c.id = t.organization_id',
        },
      ],
      from: 'agreements t',
      name: `t.number || ' ' || t.title`,
      route: (id) => pathFor('agreement_basics', { id }),
      fields: [
        { label: 'Number', column: 't.number', match: 'code' },
        { label: 'Title', column: 't.title', match: 'text' },
        {
          label: 'Organization',
          column: 'o.name',
          match: 'text',
          related: { from: 'agreements t JOIN organizations o ON o.id = t.organization_id' },
        },
      ],
    },
  ],
  register(app, { database, timeZone }) {
    agreementRoutes(app, database, timeZone);
    agreementServiceRoutes(app, database, timeZone);
    amendmentRoutes(app, database, timeZone);
  },
});

// What other areas use.
export { addActivity } from './activity.js';
export { AGREEMENT } from './agreement.record.js';
export { suggestedNumber } from './agreement.routes.js';
export { inForce, MONTHLY_SQL } from './agreement-figures.js';
export { AGREEMENT_SERVICE } from './agreement-service.record.js';
