// An opportunity's documents.
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { opportunityDocumentRoutes } from './opportunity-document.routes.js';

export const opportunityDocumentArea = defineArea({
  name: 'opportunity-document',
  records: ['opportunityDocument'],
  register(app, { database, timeZone }) {
    opportunityDocumentRoutes(app, database, timeZone);
  },
});
