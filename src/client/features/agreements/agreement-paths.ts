// Where each agreement screen lives: the same tree at /manage/agreement/{id}/… and under an organization at
// /manage/organization/{id}/agreements/{agreementId}/… (SPEC §2: route names start organization_).
import { organizationTree, type TreePlace } from '../organizations/organization-scope';

const tree = organizationTree({
  param: 'agreementId',
  list: ['agreements', 'organization_agreements'],
  routes: {
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
  },
});

/** The tree an agreement screen was reached in: top level (organization null) or under an organization. */
export type AgreementPlace = TreePlace<'agreementId'>;
export type AgreementScreen = Parameters<typeof tree.path>[1];

/** Path of one screen of the tree; `child` names the service, amendment or document. */
export const agreementPath = tree.path;
/** The agreement list a screen returns to: the organization's or the top-level one. */
export const agreementListPath = tree.listPath;
/** Reads the place from the route's params (`:id` alone, or `:id` + `:agreementId`). */
export const useAgreementPlace = tree.usePlace;
