// The opportunity screens, top-level and under an organization: opportunities, proposals, documents, activity.
import { type AreaScreens, screen } from '../screen';

export const screens = {
  opportunity_proposals: screen(() => import('./proposal-screens'), 'ProposalsPage'),
  opportunity_proposal_basics: screen(() => import('./proposal-screens'), 'ProposalBasicsPage'),
  opportunity_proposal_copy: screen(() => import('./proposal-screens'), 'ProposalCopyPage'),
  opportunity_proposal_history: screen(() => import('./proposal-screens'), 'ProposalHistoryPage'),
  organization_opportunity_proposals: screen(() => import('./proposal-screens'), 'ProposalsPage'),
  organization_opportunity_proposal_basics: screen(() => import('./proposal-screens'), 'ProposalBasicsPage'),
  organization_opportunity_proposal_copy: screen(() => import('./proposal-screens'), 'ProposalCopyPage'),
  organization_opportunity_proposal_history: screen(
    () => import('./proposal-screens'),
    'ProposalHistoryPage',
  ),
  opportunities: screen(() => import('./opportunity-screens'), 'OpportunityListPage'),
  opportunity_basics: screen(() => import('./opportunity-screens'), 'OpportunityBasicsPage'),
  opportunity_copy: screen(() => import('./opportunity-screens'), 'OpportunityCopyPage'),
  opportunity_outage: screen(() => import('./opportunity-screens'), 'OpportunityOutagePage'),
  opportunity_history: screen(() => import('./opportunity-screens'), 'OpportunityHistoryPage'),
  opportunity_documents: screen(() => import('./opportunity-document-screens'), 'OpportunityDocumentsPage'),
  opportunity_document_basics: screen(
    () => import('./opportunity-document-screens'),
    'OpportunityDocumentBasicsPage',
  ),
  opportunity_document_history: screen(
    () => import('./opportunity-document-screens'),
    'OpportunityDocumentHistoryPage',
  ),
  opportunity_activities: screen(() => import('./activity-page'), 'OpportunityActivityPage'),
  organization_opportunities: screen(() => import('./opportunity-screens'), 'OrganizationOpportunitiesPage'),
  organization_opportunity_basics: screen(() => import('./opportunity-screens'), 'OpportunityBasicsPage'),
  organization_opportunity_copy: screen(() => import('./opportunity-screens'), 'OpportunityCopyPage'),
  organization_opportunity_outage: screen(() => import('./opportunity-screens'), 'OpportunityOutagePage'),
  organization_opportunity_history: screen(() => import('./opportunity-screens'), 'OpportunityHistoryPage'),
  organization_opportunity_documents: screen(
    () => import('./opportunity-document-screens'),
    'OpportunityDocumentsPage',
  ),
  organization_opportunity_document_basics: screen(
    () => import('./opportunity-document-screens'),
    'OpportunityDocumentBasicsPage',
  ),
  organization_opportunity_document_history: screen(
    () => import('./opportunity-document-screens'),
    'OpportunityDocumentHistoryPage',
  ),
  organization_opportunity_activities: screen(() => import('./activity-page'), 'OpportunityActivityPage'),
} satisfies AreaScreens;
