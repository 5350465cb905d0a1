// The opportunity document record: a quote, proposal, statement of work or letter kept with an opportunity, with its file.
import { can } from '../../../shared/permissions.js';
import { opportunityDocumentRecord } from '../../../shared/schemas/document.js';
import { opportunities, opportunityDocuments } from '../../db/schema/sales.js';
import { documentDef } from '../../platform/document-routes.js';

export const OPPORTUNITY_DOCUMENT = documentDef({
  key: 'opportunityDocument',
  objectClass: 'OpportunityDocument',
  table: opportunityDocuments,
  schema: opportunityDocumentRecord,
  parent: {
    name: 'opportunity',
    column: opportunityDocuments.opportunityId,
    table: opportunities,
    label: '$.number',
    fieldLabel: 'Opportunity',
  },
  canRead: (user) => can(user, 'opportunityDocument', 'read'),
});
