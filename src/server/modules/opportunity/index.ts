// Opportunities and the opportunity timeline.
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { opportunityRoutes } from './opportunity.routes.js';

export const opportunityArea = defineArea({
  name: 'opportunity',
  register(app, { database, timeZone }) {
    opportunityRoutes(app, database, timeZone);
  },
});

// What other areas use.
export { addOpportunityActivity } from './activity.js';
export { OPPORTUNITY } from './opportunity.record.js';
