// The agreement screens, top-level and under an organization: agreements, services, amendments, documents, activity.
import { type AreaScreens, screen } from '../screen';

export const screens = {
  agreement_documents: screen(() => import('./agreement-document-screens'), 'AgreementDocumentsPage'),
  agreement_document_basics: screen(
    () => import('./agreement-document-screens'),
    'AgreementDocumentBasicsPage',
  ),
  agreement_document_history: screen(
    () => import('./agreement-document-screens'),
    'AgreementDocumentHistoryPage',
  ),
  organization_agreement_documents: screen(
    () => import('./agreement-document-screens'),
    'AgreementDocumentsPage',
  ),
  organization_agreement_document_basics: screen(
    () => import('./agreement-document-screens'),
    'AgreementDocumentBasicsPage',
  ),
  organization_agreement_document_history: screen(
    () => import('./agreement-document-screens'),
    'AgreementDocumentHistoryPage',
  ),
  agreements: screen(() => import('./agreement-screens'), 'AgreementListPage'),
  organization_agreements: screen(() => import('./agreement-screens'), 'OrganizationAgreementsPage'),
  agreement_basics: screen(() => import('./agreement-screens'), 'AgreementBasicsPage'),
  agreement_history: screen(() => import('./agreement-screens'), 'AgreementHistoryPage'),
  agreement_services: screen(() => import('./service-screens'), 'ServicesPage'),
  agreement_service_basics: screen(() => import('./service-screens'), 'ServiceBasicsPage'),
  agreement_service_history: screen(() => import('./service-screens'), 'ServiceHistoryPage'),
  agreement_amendments: screen(() => import('./amendment-screens'), 'AmendmentsPage'),
  agreement_amendment_basics: screen(() => import('./amendment-screens'), 'AmendmentBasicsPage'),
  agreement_amendment_copy: screen(() => import('./amendment-screens'), 'AmendmentCopyPage'),
  agreement_amendment_history: screen(() => import('./amendment-screens'), 'AmendmentHistoryPage'),
  agreement_activities: screen(() => import('./activity-page'), 'ActivityPage'),
  organization_agreement_basics: screen(() => import('./agreement-screens'), 'AgreementBasicsPage'),
  organization_agreement_history: screen(() => import('./agreement-screens'), 'AgreementHistoryPage'),
  organization_agreement_services: screen(() => import('./service-screens'), 'ServicesPage'),
  organization_agreement_service_basics: screen(() => import('./service-screens'), 'ServiceBasicsPage'),
  organization_agreement_service_history: screen(() => import('./service-screens'), 'ServiceHistoryPage'),
  organization_agreement_amendments: screen(() => import('./amendment-screens'), 'AmendmentsPage'),
  organization_agreement_amendment_basics: screen(() => import('./amendment-screens'), 'AmendmentBasicsPage'),
  organization_agreement_amendment_copy: screen(() => import('./amendment-screens'), 'AmendmentCopyPage'),
  organization_agreement_amendment_history: screen(
    () => import('./amendment-screens'),
    'AmendmentHistoryPage',
  ),
  organization_agreement_activities: screen(() => import('./activity-page'), 'ActivityPage'),
} satisfies AreaScreens;
