// The opportunity document record: a quote, proposal, statement of work or letter kept with an opportunity, with its file.
import { can } from '../../../shared/permissions.js';
import { documentDef } from '../../platform/document-routes.js';

export const OPPORTUNITY_DOCUMENT = documentDef({
  key: 'opportunityDocument',
  objectClass: 'OpportunityDocument',
  table: 'opportunity_documents',
  parent: {
    name: 'opportunity',
    column: 'opportunity_id',
    table: 'opportunities',
    label: '$.number',
    fieldLabel: 'Opportunity',
  },
  canRead: (user) => can(user, 'opportunityDocument', 'read'),
});
