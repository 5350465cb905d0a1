// An opportunity's proposals and their PDF.
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { proposalRoutes } from './proposal.routes.js';

export const proposalArea = defineArea({
  name: 'proposal',
  register(app, { database, timeZone }) {
    proposalRoutes(app, database, timeZone);
  },
});

// What other areas use.
export { MAX_LINES } from './proposal-lines.js';
export { renderProposalPdf } from './proposal-pdf.js';
