// Where each agreement screen lives: the same tree at /manage/agreement/{id}/… and under an organization at
// /manage/organization/{id}/agreements/{agreementId}/… (SPEC §2: route names start organization_).
import { useParams } from 'react-router';
import { pathFor, type RouteName } from '../../../shared/routes';

export type AgreementScreen =
  | 'basics'
  | 'history'
  | 'services'
  | 'service'
  | 'serviceHistory'
  | 'amendments'
  | 'amendment'
  | 'amendmentCopy'
  | 'amendmentHistory'
  | 'documents'
  | 'document'
  | 'documentHistory'
  | 'activities';

const ROUTE: Record<AgreementScreen, string> = {
  basics: 'agreement_basics',
  history: 'agreement_history',
  services: 'agreement_services',
  service: 'agreement_service_basics',
  serviceHistory: 'agreement_service_history',
  amendments: 'agreement_amendments',
  amendment: 'agreement_amendment_basics',
  amendmentCopy: 'agreement_amendment_copy',
  amendmentHistory: 'agreement_amendment_history',
  documents: 'agreement_documents',
  document: 'agreement_document_basics',
  documentHistory: 'agreement_document_history',
  activities: 'agreement_activities',
};

/** The tree an agreement screen was reached in: top level (organization null) or under an organization. */
export type AgreementPlace = { organization: string | null; agreementId: string };

/** Path of one screen of the tree; `child` names the service, amendment or document. */
export function agreementPath(
  place: AgreementPlace,
  screen: AgreementScreen,
  child: Record<string, string | number> = {},
  query: Record<string, string | number | undefined> = {},
): string {
  const name = `${place.organization ? 'organization_' : ''}${ROUTE[screen]}` as RouteName;
  const params = place.organization
    ? { id: place.organization, agreementId: place.agreementId, ...child }
    : { id: place.agreementId, ...child };
  return pathFor(name, params, query);
}

/** The agreement list a screen returns to: the organization's or the top-level one. */
export const agreementListPath = (organization: string | null) =>
  organization ? pathFor('organization_agreements', { id: organization }) : pathFor('agreements');

/** Reads the place from the route's params (`:id` alone, or `:id` + `:agreementId`). */
export function useAgreementPlace(): AgreementPlace {
  const params = useParams();
  return params.agreementId
    ? { organization: params.id ?? '', agreementId: params.agreementId }
    : { organization: null, agreementId: params.id ?? 'create' };
}
