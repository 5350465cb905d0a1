// The named-route table: route names of src/shared/routes.ts -> lazily loaded screens, layouts and loaders.
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Outlet, type RouteObject, redirect, redirectDocument } from 'react-router';
import { ROUTES, type RouteDef, type RouteName } from '../shared/routes';
import type { Profile } from '../shared/schemas/user';
import { apiPost } from './api/http';
import { ensureProfile, forgetProfile, rememberCachedProfile } from './api/profile';
import { nextOf, signInPath, stepRedirect } from './features/auth/sign-in-path';
import { ErrorPage, NotFoundPage } from './features/errors/error-view';
import { RouteError } from './features/errors/route-error';
import { homeTarget } from './features/home/home-path';
import { LogoutPage } from './features/home/logout-page';
import { watchNavigations } from './pwa/remount';
import type { Instance } from './shell/environment';
import { lazyRoute } from './shell/lazy-chunk';
import { LoginShell } from './shell/login-shell';

export { chunkLoadError } from './shell/lazy-chunk';

type Lazy = NonNullable<RouteObject['lazy']>;
type ScreenModule = Record<string, unknown>;

function lazyScreen(id: string, load: () => Promise<ScreenModule>, exportName: string): Lazy {
  return lazyRoute(id, load, exportName);
}

// The forgot-password screens (ask, instructions, reset) share one chunk.
const forgotPassword = () => import('./features/auth/forgot-password-pages');

// The signed-in shell (panels, menus) is a chunk of its own: the login screen never needs it, and React Router
// loads it beside the screen's chunk and the profile.
const layouts = () => import('./shell/layouts');

// The UI kit gallery is the UI-kit engineer's; glob keeps the build working while it is absent.
const uiKit = import.meta.glob<ScreenModule>('./features/ui-kit/ui-kit-page.tsx');
const uiKitLoader = Object.values(uiKit)[0];

// Client reports (one frame driven by each report's definition), report history and the organization's report tabs.
const reportScreens = () => import('./features/reports/report-screens');
const REPORT_SCREENS = Object.fromEntries(
  Object.entries({
    report_antivirus: 'AntivirusReportPage',
    report_bitlocker: 'BitlockerReportPage',
    report_device: 'DeviceReportPage',
    report_device_summary_by_age: 'DeviceSummaryByAgeReportPage',
    report_device_summary_by_address: 'DeviceSummaryByAddressReportPage',
    report_firmware: 'FirmwareReportPage',
    report_outdated_response: 'OutdatedResponseReportPage',
    report_patch: 'PatchReportPage',
    report_services_activity: 'ServicesActivityReportPage',
    report_user_and_device_counts: 'UserAndDeviceCountsReportPage',
    report_warranty: 'WarrantyReportPage',
    report_user: 'UserReportPage',
    report_annual_update: 'AnnualUpdateReportPage',
    report_bill_list: 'BillListPage',
    report_weekly_summary: 'WeeklySummaryReportPage',
    report_wip_list: 'WipListReportPage',
    report_history: 'ReportHistoryPage',
    organization_reports: 'OrganizationReportsPage',
    organization_report_history: 'OrganizationReportHistoryPage',
  } satisfies Partial<Record<RouteName, string>>).map(([name, page]) => [
    name,
    lazyScreen(name, reportScreens, page),
  ]),
) as Partial<Record<RouteName, Lazy>>;

// Resources → the documentation books: one screen module, a book per route (and the developer book's monitoring page).
const docScreens = () => import('./features/documentation/documentation-page');
const DOC_SCREENS = Object.fromEntries(
  Object.entries({
    documentation: 'DocumentationPage',
    documentation_page: 'DocumentationPage',
    documentation_dev: 'DocumentationDevPage',
    documentation_dev_page: 'DocumentationDevPage',
    documentation_scripting: 'DocumentationScriptingPage',
    documentation_scripting_page: 'DocumentationScriptingPage',
    monitoring_docs: 'MonitoringDocsPage',
  } satisfies Partial<Record<RouteName, string>>).map(([name, page]) => [
    name,
    lazyScreen(name, docScreens, page),
  ]),
) as Partial<Record<RouteName, Lazy>>;

/** Screens of authenticated routes, by route name. */
const SCREENS: Partial<Record<RouteName, Lazy>> = {
  mail_catcher: lazyScreen(
    'mail_catcher',
    () => import('./features/mail-catcher/mail-catcher-page'),
    'MailCatcherPage',
  ),
  profile: lazyScreen('profile', () => import('./features/profile/profile-page'), 'ProfilePage'),
  profile_history: lazyScreen(
    'profile_history',
    () => import('./features/profile/profile-history-page'),
    'ProfileHistoryPage',
  ),
  staff: lazyScreen('staff', () => import('./features/staff/staff-list-page'), 'StaffListPage'),
  staff_basics: lazyScreen(
    'staff_basics',
    () => import('./features/staff/staff-basics-page'),
    'StaffBasicsPage',
  ),
  staff_history: lazyScreen(
    'staff_history',
    () => import('./features/staff/staff-history-page'),
    'StaffHistoryPage',
  ),
  staff_security: lazyScreen(
    'staff_security',
    () => import('./features/staff/staff-security-page'),
    'StaffSecurityPage',
  ),
  api_reference: lazyScreen(
    'api_reference',
    () => import('./features/api-reference/api-reference-page'),
    'ApiReferencePage',
  ),
  organizations: lazyScreen(
    'organizations',
    () => import('./features/organizations/organization-list-page'),
    'OrganizationListPage',
  ),
  organization_basics: lazyScreen(
    'organization_basics',
    () => import('./features/organizations/organization-basics-page'),
    'OrganizationBasicsPage',
  ),
  organization_history: lazyScreen(
    'organization_history',
    () => import('./features/organizations/organization-history-page'),
    'OrganizationHistoryPage',
  ),
  people: lazyScreen('people', () => import('./features/people/person-screens'), 'PeopleListPage'),
  person_basics: lazyScreen(
    'person_basics',
    () => import('./features/people/person-screens'),
    'PersonBasicsPage',
  ),
  person_history: lazyScreen(
    'person_history',
    () => import('./features/people/person-screens'),
    'PersonHistoryPage',
  ),
  organization_people: lazyScreen(
    'organization_people',
    () => import('./features/people/person-screens'),
    'OrganizationPeoplePage',
  ),
  organization_person_basics: lazyScreen(
    'organization_person_basics',
    () => import('./features/people/person-screens'),
    'OrganizationPersonBasicsPage',
  ),
  organization_person_history: lazyScreen(
    'organization_person_history',
    () => import('./features/people/person-screens'),
    'PersonHistoryPage',
  ),
  software: lazyScreen('software', () => import('./features/software/software-screens'), 'SoftwareListPage'),
  software_basics: lazyScreen(
    'software_basics',
    () => import('./features/software/software-screens'),
    'SoftwareBasicsPage',
  ),
  software_history: lazyScreen(
    'software_history',
    () => import('./features/software/software-screens'),
    'SoftwareHistoryPage',
  ),
  organization_software: lazyScreen(
    'organization_software',
    () => import('./features/software/software-screens'),
    'OrganizationSoftwarePage',
  ),
  organization_software_basics: lazyScreen(
    'organization_software_basics',
    () => import('./features/software/software-screens'),
    'OrganizationSoftwareBasicsPage',
  ),
  organization_software_history: lazyScreen(
    'organization_software_history',
    () => import('./features/software/software-screens'),
    'SoftwareHistoryPage',
  ),
  organization_systems: lazyScreen(
    'organization_systems',
    () => import('./features/systems/system-screens'),
    'OrganizationSystemsPage',
  ),
  organization_system_basics: lazyScreen(
    'organization_system_basics',
    () => import('./features/systems/system-screens'),
    'OrganizationSystemBasicsPage',
  ),
  outages: lazyScreen('outages', () => import('./features/outages/outage-screens'), 'OutageListPage'),
  outage_basics: lazyScreen(
    'outage_basics',
    () => import('./features/outages/outage-screens'),
    'OutageBasicsPage',
  ),
  outage_history: lazyScreen(
    'outage_history',
    () => import('./features/outages/outage-screens'),
    'OutageHistoryPage',
  ),
  notices: lazyScreen('notices', () => import('./features/notices/notice-screens'), 'NoticeListPage'),
  notice_basics: lazyScreen(
    'notice_basics',
    () => import('./features/notices/notice-screens'),
    'NoticeBasicsPage',
  ),
  notice_history: lazyScreen(
    'notice_history',
    () => import('./features/notices/notice-screens'),
    'NoticeHistoryPage',
  ),
  required_uploads: lazyScreen(
    'required_uploads',
    () => import('./features/required-uploads/required-upload-screens'),
    'RequiredUploadListPage',
  ),
  required_upload_basics: lazyScreen(
    'required_upload_basics',
    () => import('./features/required-uploads/required-upload-screens'),
    'RequiredUploadBasicsPage',
  ),
  required_upload_history: lazyScreen(
    'required_upload_history',
    () => import('./features/required-uploads/required-upload-screens'),
    'RequiredUploadHistoryPage',
  ),
  sso_settings: lazyScreen(
    'sso_settings',
    () => import('./features/sso/sso-settings-page'),
    'SsoSettingsPage',
  ),
  sso_settings_history: lazyScreen(
    'sso_settings_history',
    () => import('./features/sso/sso-settings-page'),
    'SsoSettingsHistoryPage',
  ),
  rmm_settings_virtual_devices: lazyScreen(
    'rmm_settings_virtual_devices',
    () => import('./features/settings/rmm-settings-page'),
    'RmmSettingsPage',
  ),
  rmm_settings_virtual_devices_history: lazyScreen(
    'rmm_settings_virtual_devices_history',
    () => import('./features/settings/rmm-settings-page'),
    'RmmSettingsHistoryPage',
  ),
  language_settings: lazyScreen(
    'language_settings',
    () => import('./features/language-settings/language-settings-page'),
    'LanguageSettingsPage',
  ),
  language_settings_history: lazyScreen(
    'language_settings_history',
    () => import('./features/language-settings/language-settings-page'),
    'LanguageSettingsHistoryPage',
  ),
  jobs: lazyScreen('jobs', () => import('./features/jobs/jobs-page'), 'JobsPage'),
  // Reached with a full page load (an external route of the table), then served by this app like any screen.
  file_manager: lazyScreen(
    'file_manager',
    () => import('./features/file-manager/file-manager-page'),
    'FileManagerPage',
  ),
  device_categories: lazyScreen(
    'device_categories',
    () => import('./features/admin-lists/pick-list-screens'),
    'DeviceCategoryListPage',
  ),
  device_category_basics: lazyScreen(
    'device_category_basics',
    () => import('./features/admin-lists/pick-list-screens'),
    'DeviceCategoryBasicsPage',
  ),
  device_category_history: lazyScreen(
    'device_category_history',
    () => import('./features/admin-lists/pick-list-screens'),
    'DeviceCategoryHistoryPage',
  ),
  outage_types: lazyScreen(
    'outage_types',
    () => import('./features/admin-lists/pick-list-screens'),
    'OutageTypeListPage',
  ),
  outage_type_basics: lazyScreen(
    'outage_type_basics',
    () => import('./features/admin-lists/pick-list-screens'),
    'OutageTypeBasicsPage',
  ),
  outage_type_history: lazyScreen(
    'outage_type_history',
    () => import('./features/admin-lists/pick-list-screens'),
    'OutageTypeHistoryPage',
  ),
  device_status_basics: lazyScreen(
    'device_status_basics',
    () => import('./features/settings/device-status-page'),
    'DeviceStatusPage',
  ),
  device_status_history: lazyScreen(
    'device_status_history',
    () => import('./features/settings/device-status-page'),
    'DeviceStatusHistoryPage',
  ),
  outage_auto_assignment_basics: lazyScreen(
    'outage_auto_assignment_basics',
    () => import('./features/settings/outage-assignment-page'),
    'OutageAssignmentPage',
  ),
  outage_auto_assignment_history: lazyScreen(
    'outage_auto_assignment_history',
    () => import('./features/settings/outage-assignment-page'),
    'OutageAssignmentHistoryPage',
  ),
  file_import: lazyScreen(
    'file_import',
    () => import('./features/file-import/file-import-page'),
    'FileImportPage',
  ),
  file_import_run: lazyScreen(
    'file_import_run',
    () => import('./features/file-import/file-import-page'),
    'FileImportRunPage',
  ),
  equipment: lazyScreen(
    'equipment',
    () => import('./features/equipment/equipment-screens'),
    'EquipmentListPage',
  ),
  equipment_filtered: lazyScreen(
    'equipment_filtered',
    () => import('./features/equipment/equipment-screens'),
    'EquipmentListPage',
  ),
  equipment_basics: lazyScreen(
    'equipment_basics',
    () => import('./features/equipment/equipment-screens'),
    'EquipmentBasicsPage',
  ),
  equipment_history: lazyScreen(
    'equipment_history',
    () => import('./features/equipment/equipment-screens'),
    'EquipmentHistoryPage',
  ),
  organization_equipment: lazyScreen(
    'organization_equipment',
    () => import('./features/equipment/equipment-screens'),
    'OrganizationEquipmentPage',
  ),
  organization_equipment_basics: lazyScreen(
    'organization_equipment_basics',
    () => import('./features/equipment/equipment-screens'),
    'OrganizationEquipmentBasicsPage',
  ),
  organization_equipment_history: lazyScreen(
    'organization_equipment_history',
    () => import('./features/equipment/equipment-screens'),
    'EquipmentHistoryPage',
  ),
  // An agreement's documents, in the top-level tree and the organization's (organization_…).
  agreement_documents: lazyScreen(
    'agreement_documents',
    () => import('./features/agreements/agreement-document-screens'),
    'AgreementDocumentsPage',
  ),
  agreement_document_basics: lazyScreen(
    'agreement_document_basics',
    () => import('./features/agreements/agreement-document-screens'),
    'AgreementDocumentBasicsPage',
  ),
  agreement_document_history: lazyScreen(
    'agreement_document_history',
    () => import('./features/agreements/agreement-document-screens'),
    'AgreementDocumentHistoryPage',
  ),
  organization_agreement_documents: lazyScreen(
    'organization_agreement_documents',
    () => import('./features/agreements/agreement-document-screens'),
    'AgreementDocumentsPage',
  ),
  organization_agreement_document_basics: lazyScreen(
    'organization_agreement_document_basics',
    () => import('./features/agreements/agreement-document-screens'),
    'AgreementDocumentBasicsPage',
  ),
  organization_agreement_document_history: lazyScreen(
    'organization_agreement_document_history',
    () => import('./features/agreements/agreement-document-screens'),
    'AgreementDocumentHistoryPage',
  ),
  cases: lazyScreen('cases', () => import('./features/cases/case-list-page'), 'CaseListPage'),
  case_create: lazyScreen('case_create', () => import('./features/cases/case-screens'), 'CaseBasicsPage'),
  case_basics: lazyScreen('case_basics', () => import('./features/cases/case-screens'), 'CaseBasicsPage'),
  case_history: lazyScreen('case_history', () => import('./features/cases/case-screens'), 'CaseHistoryPage'),
  case_tasks: lazyScreen('case_tasks', () => import('./features/cases/task-screens'), 'CaseTasksPage'),
  case_task_basics: lazyScreen(
    'case_task_basics',
    () => import('./features/cases/task-screens'),
    'TaskBasicsPage',
  ),
  case_task_history: lazyScreen(
    'case_task_history',
    () => import('./features/cases/task-screens'),
    'TaskHistoryPage',
  ),
  departments: lazyScreen(
    'departments',
    () => import('./features/admin-lists/pick-list-screens'),
    'DepartmentListPage',
  ),
  department_basics: lazyScreen(
    'department_basics',
    () => import('./features/admin-lists/pick-list-screens'),
    'DepartmentBasicsPage',
  ),
  department_history: lazyScreen(
    'department_history',
    () => import('./features/admin-lists/pick-list-screens'),
    'DepartmentHistoryPage',
  ),
  buckets: lazyScreen('buckets', () => import('./features/admin-lists/pick-list-screens'), 'BucketListPage'),
  bucket_basics: lazyScreen(
    'bucket_basics',
    () => import('./features/admin-lists/pick-list-screens'),
    'BucketBasicsPage',
  ),
  bucket_history: lazyScreen(
    'bucket_history',
    () => import('./features/admin-lists/pick-list-screens'),
    'BucketHistoryPage',
  ),
  service_types: lazyScreen(
    'service_types',
    () => import('./features/admin-lists/pick-list-screens'),
    'ServiceTypeListPage',
  ),
  service_type_basics: lazyScreen(
    'service_type_basics',
    () => import('./features/admin-lists/pick-list-screens'),
    'ServiceTypeBasicsPage',
  ),
  service_type_history: lazyScreen(
    'service_type_history',
    () => import('./features/admin-lists/pick-list-screens'),
    'ServiceTypeHistoryPage',
  ),
  amendment_types: lazyScreen(
    'amendment_types',
    () => import('./features/admin-lists/pick-list-screens'),
    'AmendmentTypeListPage',
  ),
  amendment_type_basics: lazyScreen(
    'amendment_type_basics',
    () => import('./features/admin-lists/pick-list-screens'),
    'AmendmentTypeBasicsPage',
  ),
  amendment_type_history: lazyScreen(
    'amendment_type_history',
    () => import('./features/admin-lists/pick-list-screens'),
    'AmendmentTypeHistoryPage',
  ),
  sales_settings_amendment: lazyScreen(
    'sales_settings_amendment',
    () => import('./features/settings/amendment-settings-page'),
    'AmendmentSettingsPage',
  ),
  sales_settings_amendment_history: lazyScreen(
    'sales_settings_amendment_history',
    () => import('./features/settings/amendment-settings-page'),
    'AmendmentSettingsHistoryPage',
  ),
  sales_settings_opportunity: lazyScreen(
    'sales_settings_opportunity',
    () => import('./features/settings/opportunity-settings-page'),
    'OpportunitySettingsPage',
  ),
  sales_settings_opportunity_history: lazyScreen(
    'sales_settings_opportunity_history',
    () => import('./features/settings/opportunity-settings-page'),
    'OpportunitySettingsHistoryPage',
  ),
  sales_settings_roles: lazyScreen(
    'sales_settings_roles',
    () => import('./features/settings/sales-roles-page'),
    'SalesRolesPage',
  ),
  sales_settings_roles_history: lazyScreen(
    'sales_settings_roles_history',
    () => import('./features/settings/sales-roles-page'),
    'SalesRolesHistoryPage',
  ),
  sales_settings_esignature: lazyScreen(
    'sales_settings_esignature',
    () => import('./features/settings/esignature-settings-page'),
    'EsignatureSettingsPage',
  ),
  case_task_slips: lazyScreen(
    'case_task_slips',
    () => import('./features/slips/slip-screens'),
    'TaskSlipsPage',
  ),
  case_task_slip_basics: lazyScreen(
    'case_task_slip_basics',
    () => import('./features/slips/slip-screens'),
    'SlipBasicsPage',
  ),
  case_task_slip_basics_edit: lazyScreen(
    'case_task_slip_basics_edit',
    () => import('./features/slips/slip-screens'),
    'SlipBasicsPage',
  ),
  case_task_slip_basics_copy: lazyScreen(
    'case_task_slip_basics_copy',
    () => import('./features/slips/slip-screens'),
    'SlipBasicsPage',
  ),
  // Agreements: one set of screens for the top-level tree and the organization's (route names organization_…).
  agreements: lazyScreen(
    'agreements',
    () => import('./features/agreements/agreement-screens'),
    'AgreementListPage',
  ),
  organization_agreements: lazyScreen(
    'organization_agreements',
    () => import('./features/agreements/agreement-screens'),
    'OrganizationAgreementsPage',
  ),
  agreement_basics: lazyScreen(
    'agreement_basics',
    () => import('./features/agreements/agreement-screens'),
    'AgreementBasicsPage',
  ),
  agreement_history: lazyScreen(
    'agreement_history',
    () => import('./features/agreements/agreement-screens'),
    'AgreementHistoryPage',
  ),
  agreement_services: lazyScreen(
    'agreement_services',
    () => import('./features/agreements/service-screens'),
    'ServicesPage',
  ),
  agreement_service_basics: lazyScreen(
    'agreement_service_basics',
    () => import('./features/agreements/service-screens'),
    'ServiceBasicsPage',
  ),
  agreement_service_history: lazyScreen(
    'agreement_service_history',
    () => import('./features/agreements/service-screens'),
    'ServiceHistoryPage',
  ),
  agreement_amendments: lazyScreen(
    'agreement_amendments',
    () => import('./features/agreements/amendment-screens'),
    'AmendmentsPage',
  ),
  agreement_amendment_basics: lazyScreen(
    'agreement_amendment_basics',
    () => import('./features/agreements/amendment-screens'),
    'AmendmentBasicsPage',
  ),
  agreement_amendment_copy: lazyScreen(
    'agreement_amendment_copy',
    () => import('./features/agreements/amendment-screens'),
    'AmendmentCopyPage',
  ),
  agreement_amendment_history: lazyScreen(
    'agreement_amendment_history',
    () => import('./features/agreements/amendment-screens'),
    'AmendmentHistoryPage',
  ),
  agreement_activities: lazyScreen(
    'agreement_activities',
    () => import('./features/agreements/activity-page'),
    'ActivityPage',
  ),
  organization_agreement_basics: lazyScreen(
    'organization_agreement_basics',
    () => import('./features/agreements/agreement-screens'),
    'AgreementBasicsPage',
  ),
  organization_agreement_history: lazyScreen(
    'organization_agreement_history',
    () => import('./features/agreements/agreement-screens'),
    'AgreementHistoryPage',
  ),
  organization_agreement_services: lazyScreen(
    'organization_agreement_services',
    () => import('./features/agreements/service-screens'),
    'ServicesPage',
  ),
  organization_agreement_service_basics: lazyScreen(
    'organization_agreement_service_basics',
    () => import('./features/agreements/service-screens'),
    'ServiceBasicsPage',
  ),
  organization_agreement_service_history: lazyScreen(
    'organization_agreement_service_history',
    () => import('./features/agreements/service-screens'),
    'ServiceHistoryPage',
  ),
  organization_agreement_amendments: lazyScreen(
    'organization_agreement_amendments',
    () => import('./features/agreements/amendment-screens'),
    'AmendmentsPage',
  ),
  organization_agreement_amendment_basics: lazyScreen(
    'organization_agreement_amendment_basics',
    () => import('./features/agreements/amendment-screens'),
    'AmendmentBasicsPage',
  ),
  organization_agreement_amendment_copy: lazyScreen(
    'organization_agreement_amendment_copy',
    () => import('./features/agreements/amendment-screens'),
    'AmendmentCopyPage',
  ),
  organization_agreement_amendment_history: lazyScreen(
    'organization_agreement_amendment_history',
    () => import('./features/agreements/amendment-screens'),
    'AmendmentHistoryPage',
  ),
  organization_agreement_activities: lazyScreen(
    'organization_agreement_activities',
    () => import('./features/agreements/activity-page'),
    'ActivityPage',
  ),
  // Proposals of an opportunity, in the top-level tree and the organization's.
  opportunity_proposals: lazyScreen(
    'opportunity_proposals',
    () => import('./features/opportunities/proposal-screens'),
    'ProposalsPage',
  ),
  opportunity_proposal_basics: lazyScreen(
    'opportunity_proposal_basics',
    () => import('./features/opportunities/proposal-screens'),
    'ProposalBasicsPage',
  ),
  opportunity_proposal_copy: lazyScreen(
    'opportunity_proposal_copy',
    () => import('./features/opportunities/proposal-screens'),
    'ProposalCopyPage',
  ),
  opportunity_proposal_history: lazyScreen(
    'opportunity_proposal_history',
    () => import('./features/opportunities/proposal-screens'),
    'ProposalHistoryPage',
  ),
  organization_opportunity_proposals: lazyScreen(
    'organization_opportunity_proposals',
    () => import('./features/opportunities/proposal-screens'),
    'ProposalsPage',
  ),
  organization_opportunity_proposal_basics: lazyScreen(
    'organization_opportunity_proposal_basics',
    () => import('./features/opportunities/proposal-screens'),
    'ProposalBasicsPage',
  ),
  organization_opportunity_proposal_copy: lazyScreen(
    'organization_opportunity_proposal_copy',
    () => import('./features/opportunities/proposal-screens'),
    'ProposalCopyPage',
  ),
  organization_opportunity_proposal_history: lazyScreen(
    'organization_opportunity_proposal_history',
    () => import('./features/opportunities/proposal-screens'),
    'ProposalHistoryPage',
  ),
  // Opportunities, in the top-level tree and the organization's (organization_…); proposals are registered apart.
  opportunities: lazyScreen(
    'opportunities',
    () => import('./features/opportunities/opportunity-screens'),
    'OpportunityListPage',
  ),
  opportunity_basics: lazyScreen(
    'opportunity_basics',
    () => import('./features/opportunities/opportunity-screens'),
    'OpportunityBasicsPage',
  ),
  opportunity_copy: lazyScreen(
    'opportunity_copy',
    () => import('./features/opportunities/opportunity-screens'),
    'OpportunityCopyPage',
  ),
  opportunity_outage: lazyScreen(
    'opportunity_outage',
    () => import('./features/opportunities/opportunity-screens'),
    'OpportunityOutagePage',
  ),
  opportunity_history: lazyScreen(
    'opportunity_history',
    () => import('./features/opportunities/opportunity-screens'),
    'OpportunityHistoryPage',
  ),
  opportunity_documents: lazyScreen(
    'opportunity_documents',
    () => import('./features/opportunities/opportunity-document-screens'),
    'OpportunityDocumentsPage',
  ),
  opportunity_document_basics: lazyScreen(
    'opportunity_document_basics',
    () => import('./features/opportunities/opportunity-document-screens'),
    'OpportunityDocumentBasicsPage',
  ),
  opportunity_document_history: lazyScreen(
    'opportunity_document_history',
    () => import('./features/opportunities/opportunity-document-screens'),
    'OpportunityDocumentHistoryPage',
  ),
  opportunity_activities: lazyScreen(
    'opportunity_activities',
    () => import('./features/opportunities/activity-page'),
    'OpportunityActivityPage',
  ),
  organization_opportunities: lazyScreen(
    'organization_opportunities',
    () => import('./features/opportunities/opportunity-screens'),
    'OrganizationOpportunitiesPage',
  ),
  organization_opportunity_basics: lazyScreen(
    'organization_opportunity_basics',
    () => import('./features/opportunities/opportunity-screens'),
    'OpportunityBasicsPage',
  ),
  organization_opportunity_copy: lazyScreen(
    'organization_opportunity_copy',
    () => import('./features/opportunities/opportunity-screens'),
    'OpportunityCopyPage',
  ),
  organization_opportunity_outage: lazyScreen(
    'organization_opportunity_outage',
    () => import('./features/opportunities/opportunity-screens'),
    'OpportunityOutagePage',
  ),
  organization_opportunity_history: lazyScreen(
    'organization_opportunity_history',
    () => import('./features/opportunities/opportunity-screens'),
    'OpportunityHistoryPage',
  ),
  organization_opportunity_documents: lazyScreen(
    'organization_opportunity_documents',
    () => import('./features/opportunities/opportunity-document-screens'),
    'OpportunityDocumentsPage',
  ),
  organization_opportunity_document_basics: lazyScreen(
    'organization_opportunity_document_basics',
    () => import('./features/opportunities/opportunity-document-screens'),
    'OpportunityDocumentBasicsPage',
  ),
  organization_opportunity_document_history: lazyScreen(
    'organization_opportunity_document_history',
    () => import('./features/opportunities/opportunity-document-screens'),
    'OpportunityDocumentHistoryPage',
  ),
  organization_opportunity_activities: lazyScreen(
    'organization_opportunity_activities',
    () => import('./features/opportunities/activity-page'),
    'OpportunityActivityPage',
  ),
  charts: lazyScreen('charts', () => import('./features/charts/charts-page'), 'ChartsPage'),
  ...DOC_SCREENS,
  monitoring_dashboard: lazyScreen(
    'monitoring_dashboard',
    () => import('./features/monitoring/monitoring-page'),
    'MonitoringPage',
  ),
  ...REPORT_SCREENS,
  ...(uiKitLoader ? { ui_kit: lazyScreen('ui_kit', uiKitLoader, 'UiKitPage') } : {}),
};

function inEnvironment(route: RouteDef, instance: Instance): boolean {
  return !route.environments || route.environments.includes(instance.environment);
}

/** Route names with a screen in this build and this environment. */
export function screenNames(instance: Instance): RouteName[] {
  return (Object.keys(SCREENS) as RouteName[]).filter((name) => {
    const route = ROUTES[name];
    return !!route && inEnvironment(route, instance);
  });
}

/** The first loaders run before anything renders: show nothing rather than a flash. */
function NoFallback() {
  return null;
}

function named(name: RouteName, extra: Omit<RouteObject, 'id' | 'path' | 'handle' | 'children' | 'index'>) {
  const route = ROUTES[name]!;
  return {
    id: name,
    path: route.path,
    handle: { route },
    errorElement: <RouteError />,
    ...extra,
  } as RouteObject;
}

export function createAppRoutes({ queryClient, instance }: { queryClient: QueryClient; instance: Instance }) {
  const available = new Set<string>(screenNames(instance));

  /**
   * The profile, or a redirect: no session -> /login?next=(the page asked for), or the two-factor step a sign-in
   * still waits for; any other failure -> /error/403 (SPEC §4).
   */
  const requireProfile = async (args?: { request: Request }): Promise<Profile> => {
    try {
      return await ensureProfile(queryClient);
    } catch (error) {
      throw redirect(await signInPath(error, args?.request.url));
    }
  };
  const optionalProfile = async (): Promise<Profile | null> => {
    try {
      return await ensureProfile(queryClient);
    } catch {
      return null;
    }
  };

  const routes: RouteObject[] = [
    {
      id: 'root',
      Component: Outlet,
      HydrateFallback: NoFallback,
      errorElement: <RouteError />,
      children: [
        named('index', {
          loader: async () => {
            const profile = await requireProfile();
            const home = homeTarget(profile.homePage, (name) => available.has(name));
            // A full-page-load route (the file manager) is reached as a new document, as its menu link is.
            return home.document ? redirectDocument(home.path) : redirect(home.path);
          },
        }),
        named('logout', {
          loader: async () => {
            await apiPost('/api/auth/logout', undefined, { redirectOnLogin: false }).catch(() => undefined);
            // The offline shell must not open for a signed-out user.
            forgetProfile();
            queryClient.clear();
            window.location.replace('/login');
            return null;
          },
          Component: LogoutPage,
        }),
        {
          id: 'login-shell',
          Component: LoginShell,
          errorElement: <RouteError />,
          children: [
            named('login', {
              // Signed in already: the page asked for, else the index route picks the home page.
              loader: async ({ request }) =>
                (await optionalProfile()) ? redirect(nextOf(new URL(request.url).searchParams) ?? '/') : null,
              lazy: lazyScreen('login', () => import('./features/auth/login-page'), 'LoginPage'),
            }),
            named('force_sso', {
              // Signed in already: the page asked for, else the index route picks the home page (unless a failed
              // attempt is explained).
              loader: async ({ request }) => {
                const search = new URL(request.url).searchParams;
                return !search.has('error') && (await optionalProfile())
                  ? redirect(nextOf(search) ?? '/')
                  : null;
              },
              lazy: lazyScreen('force_sso', () => import('./features/sso/sso-page'), 'SsoPage'),
            }),
            named('2fa_login', {
              loader: async ({ request }) => {
                const elsewhere = await stepRedirect('2fa', request.url, optionalProfile);
                return elsewhere ? redirect(elsewhere) : null;
              },
              lazy: lazyScreen('2fa_login', () => import('./features/auth/two-factor-page'), 'TwoFactorPage'),
            }),
            named('2fa_setup', {
              loader: async ({ request }) => {
                const elsewhere = await stepRedirect('2fa_setup', request.url, optionalProfile);
                return elsewhere ? redirect(elsewhere) : null;
              },
              lazy: lazyScreen(
                '2fa_setup',
                () => import('./features/auth/two-factor-setup-page'),
                'TwoFactorSetupPage',
              ),
            }),
            named('forgot_password', {
              lazy: lazyScreen('forgot_password', forgotPassword, 'ForgotPasswordPage'),
            }),
            named('forgot_password_instructions', {
              lazy: lazyScreen(
                'forgot_password_instructions',
                forgotPassword,
                'ForgotPasswordInstructionsPage',
              ),
            }),
            named('forgot_password_reset', {
              lazy: lazyScreen('forgot_password_reset', forgotPassword, 'ResetPasswordPage'),
            }),
          ],
        },
        {
          id: 'public',
          lazy: lazyScreen('public', layouts, 'PublicLayout'),
          loader: optionalProfile,
          errorElement: <RouteError />,
          children: [
            named('error', { Component: ErrorPage }),
            { id: 'not_found', path: '*', handle: { route: ROUTES.error }, Component: NotFoundPage },
          ],
        },
        {
          id: 'auth',
          lazy: lazyScreen('auth', layouts, 'AuthLayout'),
          loader: requireProfile,
          errorElement: <RouteError />,
          children: screenNames(instance).map((name) => named(name, { lazy: SCREENS[name]! })),
        },
      ],
    },
  ];
  return routes;
}

export function createAppRouter(deps: { queryClient: QueryClient; instance: Instance }) {
  const router = createBrowserRouter(createAppRoutes(deps));
  // The installable app: remount on navigation when an update waits (SPEC §4); the profile remembered for offline.
  watchNavigations(router);
  rememberCachedProfile(deps.queryClient);
  return router;
}
