// An opportunity's proposals and their PDF.
// Other areas import from this one only through this file.

import { pathFor } from '../../../shared/routes/index.js';
import { defineArea } from '../../platform/area.js';
import { proposalRoutes } from './proposal.routes.js';

export const proposalArea = defineArea({
  name: 'proposal',
  records: ['proposal'],
  searchSources: [
    {
      kind: 'proposal',
      table: 'proposals',
      columns: ['number', 'title', 'opportunity_id'],
      follows: [
        {
          table: 'opportunities',
          columns: ['number', 'title'],
          records: 'SELECT t.id FROM proposals t JOIN changed c ON c.id = t.opportunity_id',
        },
      ],
      from: 'proposals t JOIN opportunities op ON op.id = t.opportunity_id',
      name: `t.number || ' ' || t.title`,
      detail: `'Opportunity ' || op.number || ' ' || op.title`,
      ids: ['t.opportunity_id'],
      route: (id, [opportunityId]) =>
        pathFor('opportunity_proposal_basics', { id: opportunityId!, proposalId: id }),
      fields: [
        { label: 'Number', column: 't.number', match: 'code' },
        { label: 'Title', column: 't.title', match: 'text' },
      ],
    },
  ],
  register(app, { database, timeZone }) {
    proposalRoutes(app, database, timeZone);
  },
});

// What other areas use.
export { MAX_LINES } from './proposal-lines.js';
export { renderProposalPdf } from './proposal-pdf.js';
