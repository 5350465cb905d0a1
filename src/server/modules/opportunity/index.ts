// Opportunities and the opportunity timeline.
// Other areas import from this one only through this file.

import { pathFor } from '../../../shared/routes/index.js';
import { OPPORTUNITY_SETTINGS_DEFAULTS } from '../../../shared/schemas/sales-settings.js';
import { OPPORTUNITY_SETTINGS_KEY } from '../../db/settings-keys.js';
import { defineArea } from '../../platform/area.js';
import { sqlLiteral } from '../../platform/search-source.js';
import { opportunityRoutes } from './opportunity.routes.js';

/** The opportunity stages (id, name) of the settings, or their defaults before the first save: read once a query. */
const STAGES = `(SELECT (st->>'id')::int AS id, st->>'name' AS name
    FROM jsonb_array_elements(coalesce(
      (SELECT value->'stages' FROM settings WHERE key = ${sqlLiteral(OPPORTUNITY_SETTINGS_KEY)}),
      ${sqlLiteral(JSON.stringify(OPPORTUNITY_SETTINGS_DEFAULTS.stages))}::jsonb)) st)`;

export const opportunityArea = defineArea({
  name: 'opportunity',
  records: ['opportunity'],
  searchSources: [
    {
      kind: 'opportunity',
      table: 'opportunities',
      columns: ['number', 'title', 'organization_id', 'stage_id'],
      follows: [
        {
          table: 'organizations',
          columns: ['name'],
          records: 'SELECT t.id FROM opportunities t JOIN changed c ON c.id = t.organization_id',
        },
        {
          // The stages' names live in the settings.
          table: 'settings',
          key: 'key',
          columns: ['value'],
          records: `SELECT t.id FROM opportunities t WHERE EXISTS (SELECT FROM changed c WHERE c.key = ${sqlLiteral(OPPORTUNITY_SETTINGS_KEY)})`,
        },
      ],
      from: `opportunities t JOIN organizations o ON o.id = t.organization_id LEFT JOIN ${STAGES} sg ON sg.id = t.stage_id`,
      name: `t.number || ' ' || t.title`,
      detail: `o.name || coalesce(' · ' || sg.name, '')`,
      route: (id) => pathFor('opportunity_basics', { id }),
      fields: [
        { label: 'Number', column: 't.number', match: 'code' },
        { label: 'Title', column: 't.title', match: 'text' },
      ],
    },
  ],
  register(app, { database, timeZone }) {
    opportunityRoutes(app, database, timeZone);
  },
});

// What other areas use.
export { addOpportunityActivity } from './activity.js';
export { OPPORTUNITY } from './opportunity.record.js';
export { emitOpportunityWon } from './opportunity.routes.js';
