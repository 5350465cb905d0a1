// Where each opportunity screen lives: the same tree at /manage/opportunity/{id}/… and under an organization at
// /manage/organization/{id}/opportunities/{opportunityId}/… (route names start organization_).
import { useParams } from 'react-router';
import { pathFor, type RouteName } from '../../../shared/routes';

export type OpportunityScreen =
  | 'basics'
  | 'copy'
  | 'outage'
  | 'history'
  | 'proposals'
  | 'proposal'
  | 'proposalCopy'
  | 'proposalHistory'
  | 'documents'
  | 'document'
  | 'documentHistory'
  | 'activities';

const ROUTE: Record<OpportunityScreen, string> = {
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
};

/** The tree an opportunity screen was reached in: top level (organization null) or under an organization. */
export type OpportunityPlace = { organization: string | null; opportunityId: string };

/** Path of one screen of the tree; `child` names the proposal or document. */
export function opportunityPath(
  place: OpportunityPlace,
  screen: OpportunityScreen,
  child: Record<string, string | number> = {},
  query: Record<string, string | number | undefined> = {},
): string {
  const name = `${place.organization ? 'organization_' : ''}${ROUTE[screen]}` as RouteName;
  const params = place.organization
    ? { id: place.organization, opportunityId: place.opportunityId, ...child }
    : { id: place.opportunityId, ...child };
  return pathFor(name, params, query);
}

/** The opportunity list a screen returns to: the organization's or the top-level one. */
export const opportunityListPath = (organization: string | null) =>
  organization ? pathFor('organization_opportunities', { id: organization }) : pathFor('opportunities');

/** Reads the place from the route's params (`:id` alone, or `:id` + `:opportunityId`). */
export function useOpportunityPlace(): OpportunityPlace {
  const params = useParams();
  return params.opportunityId
    ? { organization: params.id ?? '', opportunityId: params.opportunityId }
    : { organization: null, opportunityId: params.id ?? 'create' };
}
