// Where each opportunity screen lives: the same tree at /manage/opportunity/{id}/… and under an organization at
// /manage/organization/{id}/opportunities/{opportunityId}/… (route names start organization_).
import { organizationTree, type TreePlace } from '../organizations/organization-scope';

const tree = organizationTree({
  param: 'opportunityId',
  list: ['opportunities', 'organization_opportunities'],
  routes: {
    basics: 'opportunity_basics',
    copy: 'opportunity_copy',
    outage: 'opportunity_outage',
    history: 'opportunity_history',
    proposals: 'opportunity_proposals',
    proposal: 'opportunity_proposal_basics',
    proposalCopy: 'opportunity_proposal_copy',
    proposalHistory: 'opportunity_proposal_history',
    documents: 'opportunity_documents',
    document: 'opportunity_document_basics',
    documentHistory: 'opportunity_document_history',
    activities: 'opportunity_activities',
  },
});

/** The tree an opportunity screen was reached in: top level (organization null) or under an organization. */
export type OpportunityPlace = TreePlace<'opportunityId'>;
export type OpportunityScreen = Parameters<typeof tree.path>[1];

/** Path of one screen of the tree; `child` names the proposal or document. */
export const opportunityPath = tree.path;
/** The opportunity list a screen returns to: the organization's or the top-level one. */
export const opportunityListPath = tree.listPath;
/** Reads the place from the route's params (`:id` alone, or `:id` + `:opportunityId`). */
export const useOpportunityPlace = tree.usePlace;
