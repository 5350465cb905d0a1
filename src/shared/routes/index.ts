// Route names -> paths, titles and breadcrumbs; menus are generated from this table (only screens that exist).
export type Environment = 'dev' | 'design' | 'staging' | 'prod';

export type RouteDef = {
  name: string;
  path: string;
  /** Page title; falls back to the breadcrumb. */
  title?: string;
  /** Breadcrumb label of this route; absent = not shown as a crumb. */
  breadcrumb?: string;
  /** Route name of the breadcrumb parent. */
  parent?: string;
  /** Reachable without a session (login-type routes). */
  public?: boolean;
  admin?: boolean;
  developer?: boolean;
  environments?: Environment[];
  /** Served outside the single-page app (full page load). */
  external?: boolean;
};

const table = [
  { name: 'index', path: '/' },
  { name: 'login', path: '/login', title: 'Log In', public: true },
  { name: 'logout', path: '/logout', title: 'Log Out', public: true },
  { name: 'error', path: '/error/:statusCode', title: 'Error', public: true },
  { name: '2fa_login', path: '/2fa', title: 'Two-Factor Sign-In', public: true },
  { name: '2fa_setup', path: '/2fa_setup', title: 'Set Up Two-Factor Sign-In', public: true },
  { name: 'forgot_password', path: '/forgot_password', title: 'Forgot Password', public: true },
  {
    name: 'forgot_password_instructions',
    path: '/forgot_password/instructions',
    title: 'Check Your Email',
    public: true,
  },
  {
    name: 'forgot_password_reset',
    path: '/forgot_password/reset/:token',
    title: 'Choose a New Password',
    public: true,
  },
  { name: 'force_sso', path: '/sso', title: 'Single Sign-On', public: true },
  { name: 'profile', path: '/profile', title: 'Profile', breadcrumb: 'Profile' },
  {
    name: 'profile_history',
    path: '/profile/history',
    title: 'Profile History',
    breadcrumb: 'Field History',
    parent: 'profile',
  },
  { name: 'staff', path: '/admin/staff', title: 'Staff', breadcrumb: 'Staff', admin: true },
  {
    name: 'staff_basics',
    path: '/admin/staff/:id',
    breadcrumb: 'Staff Member',
    parent: 'staff',
    admin: true,
  },
  {
    name: 'staff_history',
    path: '/admin/staff/:id/history',
    breadcrumb: 'Field History',
    parent: 'staff_basics',
    admin: true,
  },
  {
    name: 'staff_security',
    path: '/admin/staff/:id/security',
    title: 'Staff Security',
    breadcrumb: 'Security',
    parent: 'staff_basics',
    admin: true,
  },
  {
    name: 'organizations',
    path: '/manage/organization',
    title: 'Organizations',
    breadcrumb: 'Organizations',
  },
  {
    name: 'organization_basics',
    path: '/manage/organization/:id',
    breadcrumb: 'Organization',
    parent: 'organizations',
  },
  {
    name: 'organization_history',
    path: '/manage/organization/:id/history',
    breadcrumb: 'Field History',
    parent: 'organization_basics',
  },
  {
    name: 'organization_people',
    path: '/manage/organization/:id/people',
    breadcrumb: 'People',
    parent: 'organization_basics',
  },
  {
    name: 'organization_person_basics',
    path: '/manage/organization/:id/people/:personId',
    breadcrumb: 'Person',
    parent: 'organization_people',
  },
  {
    name: 'organization_person_history',
    path: '/manage/organization/:id/people/:personId/history',
    breadcrumb: 'Field History',
    parent: 'organization_person_basics',
  },
  {
    name: 'organization_equipment',
    path: '/manage/organization/:id/equipment',
    breadcrumb: 'Equipment',
    parent: 'organization_basics',
  },
  {
    name: 'organization_equipment_basics',
    path: '/manage/organization/:id/equipment/:equipmentId',
    breadcrumb: 'Equipment',
    parent: 'organization_equipment',
  },
  {
    name: 'organization_equipment_history',
    path: '/manage/organization/:id/equipment/:equipmentId/history',
    breadcrumb: 'Field History',
    parent: 'organization_equipment_basics',
  },
  {
    name: 'organization_software',
    path: '/manage/organization/:id/software',
    breadcrumb: 'Software',
    parent: 'organization_basics',
  },
  {
    name: 'organization_software_basics',
    path: '/manage/organization/:id/software/:softwareId',
    breadcrumb: 'Software',
    parent: 'organization_software',
  },
  {
    name: 'organization_software_history',
    path: '/manage/organization/:id/software/:softwareId/history',
    breadcrumb: 'Field History',
    parent: 'organization_software_basics',
  },
  {
    name: 'organization_systems',
    path: '/manage/organization/:id/systems',
    breadcrumb: 'Systems',
    parent: 'organization_basics',
  },
  {
    name: 'organization_system_basics',
    path: '/manage/organization/:id/systems/:systemId',
    breadcrumb: 'System',
    parent: 'organization_systems',
  },
  { name: 'people', path: '/manage/person', title: 'People', breadcrumb: 'People' },
  { name: 'person_basics', path: '/manage/person/:id', breadcrumb: 'Person', parent: 'people' },
  {
    name: 'person_history',
    path: '/manage/person/:id/history',
    breadcrumb: 'Field History',
    parent: 'person_basics',
  },
  { name: 'equipment', path: '/manage/equipment', title: 'Equipment', breadcrumb: 'Equipment' },
  {
    name: 'equipment_filtered',
    path: '/manage/equipment/filter/:filters',
    title: 'Equipment',
    breadcrumb: 'Equipment',
  },
  { name: 'equipment_basics', path: '/manage/equipment/:id', breadcrumb: 'Equipment', parent: 'equipment' },
  {
    name: 'equipment_history',
    path: '/manage/equipment/:id/history',
    breadcrumb: 'Field History',
    parent: 'equipment_basics',
  },
  { name: 'software', path: '/manage/software', title: 'Software', breadcrumb: 'Software' },
  {
    name: 'software_basics',
    path: '/manage/software/:id',
    breadcrumb: 'Software',
    parent: 'software',
  },
  {
    name: 'software_history',
    path: '/manage/software/:id/history',
    breadcrumb: 'Field History',
    parent: 'software_basics',
  },
  { name: 'outages', path: '/manage/outage', title: 'Outages', breadcrumb: 'Outages' },
  { name: 'outage_basics', path: '/manage/outage/:id', breadcrumb: 'Outage', parent: 'outages' },
  {
    name: 'outage_history',
    path: '/manage/outage/:id/history',
    breadcrumb: 'Field History',
    parent: 'outage_basics',
  },
  {
    name: 'device_categories',
    path: '/admin/device-category',
    title: 'Device Categories',
    breadcrumb: 'Device Categories',
    admin: true,
  },
  {
    name: 'device_category_basics',
    path: '/admin/device-category/:id',
    breadcrumb: 'Device Category',
    parent: 'device_categories',
    admin: true,
  },
  {
    name: 'device_category_history',
    path: '/admin/device-category/:id/history',
    breadcrumb: 'Field History',
    parent: 'device_category_basics',
    admin: true,
  },
  {
    name: 'device_status_basics',
    path: '/admin/device-status',
    title: 'Device Status',
    breadcrumb: 'Device Status',
    admin: true,
  },
  {
    name: 'device_status_history',
    path: '/admin/device-status/history',
    breadcrumb: 'Field History',
    parent: 'device_status_basics',
    admin: true,
  },
  {
    name: 'outage_types',
    path: '/admin/outage-type',
    title: 'Outage Types',
    breadcrumb: 'Outage Types',
    admin: true,
  },
  {
    name: 'outage_type_basics',
    path: '/admin/outage-type/:id',
    breadcrumb: 'Outage Type',
    parent: 'outage_types',
    admin: true,
  },
  {
    name: 'outage_type_history',
    path: '/admin/outage-type/:id/history',
    breadcrumb: 'Field History',
    parent: 'outage_type_basics',
    admin: true,
  },
  {
    name: 'outage_auto_assignment_basics',
    path: '/admin/outage-auto-assignment',
    title: 'Outage Auto Assignment',
    breadcrumb: 'Outage Auto Assignment',
    admin: true,
  },
  {
    name: 'outage_auto_assignment_history',
    path: '/admin/outage-auto-assignment/history',
    breadcrumb: 'Field History',
    parent: 'outage_auto_assignment_basics',
    admin: true,
  },
  // Cases (invoices), their tasks and the tasks' time slips (SPEC §2 "Cases").
  { name: 'cases', path: '/manage/case', title: 'Cases & Tasks', breadcrumb: 'Cases & Tasks' },
  { name: 'charts', path: '/manage/charts', title: 'Charts', breadcrumb: 'Charts', admin: true },
  {
    name: 'case_create',
    path: '/manage/case/create',
    title: 'New Case',
    breadcrumb: 'Case',
    parent: 'cases',
  },
  { name: 'case_basics', path: '/manage/case/:caseId', breadcrumb: 'Case', parent: 'cases' },
  {
    name: 'case_history',
    path: '/manage/case/:caseId/history',
    breadcrumb: 'Field History',
    parent: 'case_basics',
  },
  { name: 'case_tasks', path: '/manage/case/:caseId/task', breadcrumb: 'Tasks', parent: 'case_basics' },
  {
    name: 'case_task_basics',
    path: '/manage/case/:caseId/task/:taskId',
    breadcrumb: 'Task',
    parent: 'case_tasks',
  },
  {
    name: 'case_task_history',
    path: '/manage/case/:caseId/task/:taskId/history',
    breadcrumb: 'Field History',
    parent: 'case_task_basics',
  },
  {
    name: 'case_task_slips',
    path: '/manage/case/:caseId/task/:taskId/slip',
    breadcrumb: 'Slips',
    parent: 'case_task_basics',
  },
  {
    name: 'case_task_slip_basics',
    path: '/manage/case/:caseId/task/:taskId/slip/:slipId',
    breadcrumb: 'Slip',
    parent: 'case_task_slips',
  },
  {
    name: 'case_task_slip_basics_edit',
    path: '/manage/case/:caseId/task/:taskId/slip/:slipId/edit',
    breadcrumb: 'Slip',
    parent: 'case_task_slips',
  },
  {
    name: 'case_task_slip_basics_copy',
    path: '/manage/case/:caseId/task/:taskId/slip/:slipId/copy',
    breadcrumb: 'Slip',
    parent: 'case_task_slips',
  },
  // Admin lists of the work: departments and bucket categories.
  {
    name: 'departments',
    path: '/admin/department',
    title: 'Departments',
    breadcrumb: 'Departments',
    admin: true,
  },
  {
    name: 'department_basics',
    path: '/admin/department/:id',
    breadcrumb: 'Department',
    parent: 'departments',
    admin: true,
  },
  {
    name: 'department_history',
    path: '/admin/department/:id/history',
    breadcrumb: 'Field History',
    parent: 'department_basics',
    admin: true,
  },
  { name: 'buckets', path: '/admin/bucket', title: 'Buckets', breadcrumb: 'Buckets', admin: true },
  { name: 'bucket_basics', path: '/admin/bucket/:id', breadcrumb: 'Bucket', parent: 'buckets', admin: true },
  {
    name: 'bucket_history',
    path: '/admin/bucket/:id/history',
    breadcrumb: 'Field History',
    parent: 'bucket_basics',
    admin: true,
  },
  {
    name: 'agreements',
    path: '/manage/agreement',
    title: 'Agreements',
    breadcrumb: 'Agreements',
  },
  {
    name: 'agreement_basics',
    path: '/manage/agreement/:id',
    breadcrumb: 'Agreement',
    parent: 'agreements',
  },
  {
    name: 'agreement_history',
    path: '/manage/agreement/:id/history',
    breadcrumb: 'Field History',
    parent: 'agreement_basics',
  },
  {
    name: 'agreement_services',
    path: '/manage/agreement/:id/agreement-services',
    breadcrumb: 'Services',
    parent: 'agreement_basics',
  },
  {
    name: 'agreement_service_basics',
    path: '/manage/agreement/:id/agreement-services/:serviceId',
    breadcrumb: 'Service',
    parent: 'agreement_services',
  },
  {
    name: 'agreement_service_history',
    path: '/manage/agreement/:id/agreement-services/:serviceId/history',
    breadcrumb: 'Field History',
    parent: 'agreement_service_basics',
  },
  {
    name: 'agreement_amendments',
    path: '/manage/agreement/:id/amendments',
    breadcrumb: 'Amendments',
    parent: 'agreement_basics',
  },
  {
    name: 'agreement_amendment_basics',
    path: '/manage/agreement/:id/amendments/:amendmentId',
    breadcrumb: 'Amendment',
    parent: 'agreement_amendments',
  },
  {
    name: 'agreement_amendment_copy',
    path: '/manage/agreement/:id/amendments/:amendmentId/copy',
    breadcrumb: 'Amendment',
    parent: 'agreement_amendments',
  },
  {
    name: 'agreement_amendment_history',
    path: '/manage/agreement/:id/amendments/:amendmentId/history',
    breadcrumb: 'Field History',
    parent: 'agreement_amendment_basics',
  },
  {
    name: 'agreement_documents',
    path: '/manage/agreement/:id/documents',
    breadcrumb: 'Documents',
    parent: 'agreement_basics',
  },
  {
    name: 'agreement_document_basics',
    path: '/manage/agreement/:id/documents/:documentId',
    breadcrumb: 'Document',
    parent: 'agreement_documents',
  },
  {
    name: 'agreement_document_history',
    path: '/manage/agreement/:id/documents/:documentId/history',
    breadcrumb: 'Field History',
    parent: 'agreement_document_basics',
  },
  {
    name: 'agreement_activities',
    path: '/manage/agreement/:id/activities',
    breadcrumb: 'Activity',
    parent: 'agreement_basics',
  },
  {
    name: 'organization_agreements',
    path: '/manage/organization/:id/agreements',
    breadcrumb: 'Agreements',
    parent: 'organization_basics',
  },
  {
    name: 'organization_agreement_basics',
    path: '/manage/organization/:id/agreements/:agreementId',
    breadcrumb: 'Agreement',
    parent: 'organization_agreements',
  },
  {
    name: 'organization_agreement_history',
    path: '/manage/organization/:id/agreements/:agreementId/history',
    breadcrumb: 'Field History',
    parent: 'organization_agreement_basics',
  },
  {
    name: 'organization_agreement_services',
    path: '/manage/organization/:id/agreements/:agreementId/agreement-services',
    breadcrumb: 'Services',
    parent: 'organization_agreement_basics',
  },
  {
    name: 'organization_agreement_service_basics',
    path: '/manage/organization/:id/agreements/:agreementId/agreement-services/:serviceId',
    breadcrumb: 'Service',
    parent: 'organization_agreement_services',
  },
  {
    name: 'organization_agreement_service_history',
    path: '/manage/organization/:id/agreements/:agreementId/agreement-services/:serviceId/history',
    breadcrumb: 'Field History',
    parent: 'organization_agreement_service_basics',
  },
  {
    name: 'organization_agreement_amendments',
    path: '/manage/organization/:id/agreements/:agreementId/amendments',
    breadcrumb: 'Amendments',
    parent: 'organization_agreement_basics',
  },
  {
    name: 'organization_agreement_amendment_basics',
    path: '/manage/organization/:id/agreements/:agreementId/amendments/:amendmentId',
    breadcrumb: 'Amendment',
    parent: 'organization_agreement_amendments',
  },
  {
    name: 'organization_agreement_amendment_copy',
    path: '/manage/organization/:id/agreements/:agreementId/amendments/:amendmentId/copy',
    breadcrumb: 'Amendment',
    parent: 'organization_agreement_amendments',
  },
  {
    name: 'organization_agreement_amendment_history',
    path: '/manage/organization/:id/agreements/:agreementId/amendments/:amendmentId/history',
    breadcrumb: 'Field History',
    parent: 'organization_agreement_amendment_basics',
  },
  {
    name: 'organization_agreement_documents',
    path: '/manage/organization/:id/agreements/:agreementId/documents',
    breadcrumb: 'Documents',
    parent: 'organization_agreement_basics',
  },
  {
    name: 'organization_agreement_document_basics',
    path: '/manage/organization/:id/agreements/:agreementId/documents/:documentId',
    breadcrumb: 'Document',
    parent: 'organization_agreement_documents',
  },
  {
    name: 'organization_agreement_document_history',
    path: '/manage/organization/:id/agreements/:agreementId/documents/:documentId/history',
    breadcrumb: 'Field History',
    parent: 'organization_agreement_document_basics',
  },
  {
    name: 'organization_agreement_activities',
    path: '/manage/organization/:id/agreements/:agreementId/activities',
    breadcrumb: 'Activity',
    parent: 'organization_agreement_basics',
  },
  {
    name: 'amendment_types',
    path: '/admin/amendment-type',
    title: 'Amendment Types',
    breadcrumb: 'Amendment Types',
    admin: true,
  },
  {
    name: 'amendment_type_basics',
    path: '/admin/amendment-type/:id',
    breadcrumb: 'Amendment Type',
    parent: 'amendment_types',
    admin: true,
  },
  {
    name: 'amendment_type_history',
    path: '/admin/amendment-type/:id/history',
    breadcrumb: 'Field History',
    parent: 'amendment_type_basics',
    admin: true,
  },
  {
    name: 'service_types',
    path: '/admin/service-type',
    title: 'Service Types',
    breadcrumb: 'Service Types',
    admin: true,
  },
  {
    name: 'service_type_basics',
    path: '/admin/service-type/:id',
    breadcrumb: 'Service Type',
    parent: 'service_types',
    admin: true,
  },
  {
    name: 'service_type_history',
    path: '/admin/service-type/:id/history',
    breadcrumb: 'Field History',
    parent: 'service_type_basics',
    admin: true,
  },
  {
    name: 'sales_settings_amendment',
    path: '/admin/sales-settings-amendment',
    title: 'Sales Settings: Amendments',
    breadcrumb: 'Sales Settings',
  },
  {
    name: 'sales_settings_amendment_history',
    path: '/admin/sales-settings-amendment/history',
    breadcrumb: 'Field History',
    parent: 'sales_settings_amendment',
  },
  {
    name: 'opportunities',
    path: '/manage/opportunity',
    title: 'Opportunities',
    breadcrumb: 'Opportunities',
  },
  {
    name: 'opportunity_basics',
    path: '/manage/opportunity/:id',
    breadcrumb: 'Opportunity',
    parent: 'opportunities',
  },
  {
    name: 'opportunity_copy',
    path: '/manage/opportunity/:id/copy',
    breadcrumb: 'Opportunity',
    parent: 'opportunities',
  },
  {
    name: 'opportunity_outage',
    path: '/manage/opportunity/:id/outage',
    breadcrumb: 'Opportunity',
    parent: 'opportunities',
  },
  {
    name: 'opportunity_history',
    path: '/manage/opportunity/:id/history',
    breadcrumb: 'Field History',
    parent: 'opportunity_basics',
  },
  {
    name: 'opportunity_proposals',
    path: '/manage/opportunity/:id/proposals',
    breadcrumb: 'Proposals',
    parent: 'opportunity_basics',
  },
  {
    name: 'opportunity_proposal_basics',
    path: '/manage/opportunity/:id/proposals/:proposalId',
    breadcrumb: 'Proposal',
    parent: 'opportunity_proposals',
  },
  {
    name: 'opportunity_proposal_copy',
    path: '/manage/opportunity/:id/proposals/:proposalId/copy',
    breadcrumb: 'Proposal',
    parent: 'opportunity_proposals',
  },
  {
    name: 'opportunity_proposal_history',
    path: '/manage/opportunity/:id/proposals/:proposalId/history',
    breadcrumb: 'Field History',
    parent: 'opportunity_proposal_basics',
  },
  {
    name: 'opportunity_documents',
    path: '/manage/opportunity/:id/documents',
    breadcrumb: 'Documents',
    parent: 'opportunity_basics',
  },
  {
    name: 'opportunity_document_basics',
    path: '/manage/opportunity/:id/documents/:documentId',
    breadcrumb: 'Document',
    parent: 'opportunity_documents',
  },
  {
    name: 'opportunity_document_history',
    path: '/manage/opportunity/:id/documents/:documentId/history',
    breadcrumb: 'Field History',
    parent: 'opportunity_document_basics',
  },
  {
    name: 'opportunity_activities',
    path: '/manage/opportunity/:id/activities',
    breadcrumb: 'Activity',
    parent: 'opportunity_basics',
  },
  {
    name: 'organization_opportunities',
    path: '/manage/organization/:id/opportunities',
    breadcrumb: 'Opportunities',
    parent: 'organization_basics',
  },
  {
    name: 'organization_opportunity_basics',
    path: '/manage/organization/:id/opportunities/:opportunityId',
    breadcrumb: 'Opportunity',
    parent: 'organization_opportunities',
  },
  {
    name: 'organization_opportunity_copy',
    path: '/manage/organization/:id/opportunities/:opportunityId/copy',
    breadcrumb: 'Opportunity',
    parent: 'organization_opportunities',
  },
  {
    name: 'organization_opportunity_outage',
    path: '/manage/organization/:id/opportunities/:opportunityId/outage',
    breadcrumb: 'Opportunity',
    parent: 'organization_opportunities',
  },
  {
    name: 'organization_opportunity_history',
    path: '/manage/organization/:id/opportunities/:opportunityId/history',
    breadcrumb: 'Field History',
    parent: 'organization_opportunity_basics',
  },
  {
    name: 'organization_opportunity_proposals',
    path: '/manage/organization/:id/opportunities/:opportunityId/proposals',
    breadcrumb: 'Proposals',
    parent: 'organization_opportunity_basics',
  },
  {
    name: 'organization_opportunity_proposal_basics',
    path: '/manage/organization/:id/opportunities/:opportunityId/proposals/:proposalId',
    breadcrumb: 'Proposal',
    parent: 'organization_opportunity_proposals',
  },
  {
    name: 'organization_opportunity_proposal_copy',
    path: '/manage/organization/:id/opportunities/:opportunityId/proposals/:proposalId/copy',
    breadcrumb: 'Proposal',
    parent: 'organization_opportunity_proposals',
  },
  {
    name: 'organization_opportunity_proposal_history',
    path: '/manage/organization/:id/opportunities/:opportunityId/proposals/:proposalId/history',
    breadcrumb: 'Field History',
    parent: 'organization_opportunity_proposal_basics',
  },
  {
    name: 'organization_opportunity_documents',
    path: '/manage/organization/:id/opportunities/:opportunityId/documents',
    breadcrumb: 'Documents',
    parent: 'organization_opportunity_basics',
  },
  {
    name: 'organization_opportunity_document_basics',
    path: '/manage/organization/:id/opportunities/:opportunityId/documents/:documentId',
    breadcrumb: 'Document',
    parent: 'organization_opportunity_documents',
  },
  {
    name: 'organization_opportunity_document_history',
    path: '/manage/organization/:id/opportunities/:opportunityId/documents/:documentId/history',
    breadcrumb: 'Field History',
    parent: 'organization_opportunity_document_basics',
  },
  {
    name: 'organization_opportunity_activities',
    path: '/manage/organization/:id/opportunities/:opportunityId/activities',
    breadcrumb: 'Activity',
    parent: 'organization_opportunity_basics',
  },
  {
    name: 'sales_settings_opportunity',
    path: '/admin/sales-settings-opportunity',
    title: 'Sales Settings: Opportunities',
    breadcrumb: 'Sales Settings',
    admin: true,
  },
  {
    name: 'sales_settings_opportunity_history',
    path: '/admin/sales-settings-opportunity/history',
    breadcrumb: 'Field History',
    parent: 'sales_settings_opportunity',
    admin: true,
  },
  {
    name: 'sales_settings_roles',
    path: '/admin/sales-settings-roles',
    title: 'Sales Settings: Roles',
    breadcrumb: 'Sales Settings',
    admin: true,
  },
  {
    name: 'sales_settings_roles_history',
    path: '/admin/sales-settings-roles/history',
    breadcrumb: 'Field History',
    parent: 'sales_settings_roles',
    admin: true,
  },
  {
    name: 'sales_settings_esignature',
    path: '/admin/sales-settings-esignature',
    title: 'Sales Settings: E-Signature',
    breadcrumb: 'Sales Settings',
    admin: true,
  },
  // Client reports (SPEC §2 "Reports", src/shared/reports.ts) and the history of their exports.
  {
    name: 'report_antivirus',
    path: '/report/antivirus',
    title: 'Antivirus',
    breadcrumb: 'Antivirus',
    admin: true,
  },
  {
    name: 'report_bitlocker',
    path: '/report/bitlocker',
    title: 'BitLocker Compliance',
    breadcrumb: 'BitLocker Compliance',
    admin: true,
  },
  {
    name: 'report_device',
    path: '/report/device',
    title: 'Devices',
    breadcrumb: 'Devices',
    admin: true,
  },
  {
    name: 'report_device_summary_by_age',
    path: '/report/device-summary-by-age',
    title: 'Device Summary by Age',
    breadcrumb: 'Device Summary by Age',
    admin: true,
  },
  {
    name: 'report_device_summary_by_address',
    path: '/report/device-summary-by-address',
    title: 'Device Summary by Address',
    breadcrumb: 'Device Summary by Address',
    admin: true,
  },
  {
    name: 'report_firmware',
    path: '/report/firmware',
    title: 'Firmware',
    breadcrumb: 'Firmware',
    admin: true,
  },
  {
    name: 'report_outdated_response',
    path: '/report/outdated-response',
    title: 'Outdated Response',
    breadcrumb: 'Outdated Response',
    admin: true,
  },
  {
    name: 'report_patch',
    path: '/report/patch',
    title: 'Patch',
    breadcrumb: 'Patch',
    admin: true,
  },
  {
    name: 'report_services_activity',
    path: '/report/services-activity',
    title: 'Services Activity',
    breadcrumb: 'Services Activity',
    admin: true,
  },
  {
    name: 'report_user_and_device_counts',
    path: '/report/user-and-device-counts',
    title: 'User and Device Counts',
    breadcrumb: 'User and Device Counts',
    admin: true,
  },
  {
    name: 'report_warranty',
    path: '/report/warranty',
    title: 'Warranty',
    breadcrumb: 'Warranty',
    admin: true,
  },
  {
    name: 'report_user',
    path: '/report/user',
    title: 'Users',
    breadcrumb: 'Users',
    admin: true,
  },
  // Internal reports (Report → Internal): billing and planning.
  {
    name: 'report_annual_update',
    path: '/report/annual-update',
    title: 'Annual Update',
    breadcrumb: 'Annual Update',
    admin: true,
  },
  {
    name: 'report_bill_list',
    path: '/report/bill-list',
    title: 'Bill List',
    breadcrumb: 'Bill List',
    admin: true,
  },
  {
    name: 'report_weekly_summary',
    path: '/report/weekly-summary',
    title: 'Weekly Summary',
    breadcrumb: 'Weekly Summary',
    admin: true,
  },
  {
    name: 'report_wip_list',
    path: '/report/wip-list',
    title: 'WIP List',
    breadcrumb: 'WIP List',
    admin: true,
  },
  {
    name: 'report_history',
    path: '/report/report-history',
    title: 'Report History',
    breadcrumb: 'Report History',
    admin: true,
  },
  // RMM imports, virtual devices, notices and required uploads (report notices).
  {
    name: 'file_import',
    path: '/admin/file-import',
    title: 'Admin Files Import',
    breadcrumb: 'Admin Files Import',
    admin: true,
  },
  {
    name: 'file_import_run',
    path: '/admin/file-import/:runId',
    breadcrumb: 'Import',
    parent: 'file_import',
    admin: true,
  },
  {
    name: 'rmm_settings_virtual_devices',
    path: '/admin/rmm-settings',
    title: 'RMM Settings: Virtual Devices',
    breadcrumb: 'RMM Settings',
    admin: true,
  },
  {
    name: 'rmm_settings_virtual_devices_history',
    path: '/admin/rmm-settings/history',
    breadcrumb: 'Field History',
    parent: 'rmm_settings_virtual_devices',
    admin: true,
  },
  {
    name: 'notices',
    path: '/admin/notice',
    title: 'Notices',
    breadcrumb: 'Notices',
    admin: true,
  },
  {
    name: 'notice_basics',
    path: '/admin/notice/:id',
    breadcrumb: 'Notice',
    parent: 'notices',
    admin: true,
  },
  {
    name: 'notice_history',
    path: '/admin/notice/:id/history',
    breadcrumb: 'Field History',
    parent: 'notice_basics',
    admin: true,
  },
  {
    name: 'required_uploads',
    path: '/admin/required-upload',
    title: 'Required Uploads',
    breadcrumb: 'Required Uploads',
    admin: true,
  },
  {
    name: 'required_upload_basics',
    path: '/admin/required-upload/:id',
    breadcrumb: 'Required Upload',
    parent: 'required_uploads',
    admin: true,
  },
  {
    name: 'required_upload_history',
    path: '/admin/required-upload/:id/history',
    breadcrumb: 'Field History',
    parent: 'required_upload_basics',
    admin: true,
  },
  {
    name: 'organization_reports',
    path: '/manage/organization/:id/reports',
    breadcrumb: 'Reports',
    parent: 'organization_basics',
    admin: true,
  },
  {
    name: 'organization_report_history',
    path: '/manage/organization/:id/report-history',
    breadcrumb: 'Report History',
    parent: 'organization_basics',
    admin: true,
  },
  {
    name: 'sso_settings',
    path: '/admin/sso',
    title: 'SSO Settings',
    breadcrumb: 'SSO Settings',
    admin: true,
  },
  {
    name: 'sso_settings_history',
    path: '/admin/sso/history',
    breadcrumb: 'Field History',
    parent: 'sso_settings',
    admin: true,
  },
  {
    name: 'language_settings',
    path: '/admin/case',
    title: 'Case & Task Grammar',
    breadcrumb: 'Case & Task Grammar',
  },
  {
    name: 'language_settings_history',
    path: '/admin/case/history',
    breadcrumb: 'Field History',
    parent: 'language_settings',
  },
  { name: 'jobs', path: '/admin/jobs', title: 'Jobs', breadcrumb: 'Jobs', developer: true },
  {
    name: 'file_manager',
    path: '/admin/file-manager',
    title: 'File Manager',
    admin: true,
    external: true,
  },
  {
    name: 'documentation',
    path: '/resources/documentation',
    title: 'Documentation',
    breadcrumb: 'Documentation',
  },
  {
    name: 'documentation_dev',
    path: '/resources/documentation-dev',
    title: 'Documentation (Dev)',
    breadcrumb: 'Documentation (Dev)',
  },
  {
    name: 'documentation_scripting',
    path: '/resources/documentation-scripting',
    title: 'RMM Scripting Documentation',
    breadcrumb: 'RMM Scripting Documentation',
  },
  {
    name: 'api_reference',
    path: '/resources/api',
    title: 'API Reference',
    breadcrumb: 'API Reference',
  },
  {
    name: 'mail_catcher',
    path: '/resources/mail-catcher',
    title: 'Mail Catcher',
    breadcrumb: 'Mail Catcher',
    admin: true,
    environments: ['dev', 'design'],
  },
  {
    name: 'monitoring_dashboard',
    path: '/resources/monitoring',
    title: 'Monitoring Dashboard',
    breadcrumb: 'Monitoring Dashboard',
    admin: true,
  },
  {
    name: 'monitoring_docs',
    path: '/resources/documentation-dev/monitoring',
    title: 'Monitoring Docs',
    breadcrumb: 'Monitoring Docs',
    parent: 'documentation_dev',
  },
  // One page of each documentation book (docs/<book>/<page>.md); the table of contents is the book's own route.
  {
    name: 'documentation_page',
    path: '/resources/documentation/:page',
    title: 'Documentation',
    parent: 'documentation',
  },
  {
    name: 'documentation_dev_page',
    path: '/resources/documentation-dev/:page',
    title: 'Documentation (Dev)',
    parent: 'documentation_dev',
  },
  {
    name: 'documentation_scripting_page',
    path: '/resources/documentation-scripting/:page',
    title: 'RMM Scripting Documentation',
    parent: 'documentation_scripting',
  },
  {
    name: 'ui_kit',
    path: '/resources/ui-kit',
    title: 'UI Kit',
    breadcrumb: 'UI Kit',
    developer: true,
    environments: ['dev', 'design', 'staging'],
  },
  {
    name: 'outlook_webmail',
    path: 'https://outlook.office.com/mail/',
    title: 'Outlook Webmail',
    external: true,
  },
] as const satisfies readonly RouteDef[];

export type RouteName = (typeof table)[number]['name'];
export const ROUTES: Readonly<Record<string, RouteDef>> = Object.fromEntries(table.map((r) => [r.name, r]));

export function routeExists(name: string): boolean {
  return name in ROUTES;
}

/** Builds a path from a route name: `pathFor('staff_basics', { id: 3 })` → `/admin/staff/3`. */
export function pathFor(
  name: RouteName,
  params: Record<string, string | number> = {},
  query: Record<string, string | number | undefined> = {},
): string {
  const route = ROUTES[name];
  if (!route) throw new Error(`Unknown route ${name}`);
  const path = route.path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Route ${name} needs ${key}`);
    return encodeURIComponent(String(value));
  });
  const qs = Object.entries(query)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
  return qs ? `${path}?${qs}` : path;
}

/** Finds the route whose pattern matches a concrete path, with its params. */
export function matchPath(pathname: string): { route: RouteDef; params: Record<string, string> } | null {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const route of table as readonly RouteDef[]) {
    if (route.external) continue;
    const keys: string[] = [];
    const pattern = route.path
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/:([A-Za-z]+)/g, (_, key: string) => {
        keys.push(key);
        return '([^/]+)';
      });
    const found = new RegExp(`^${pattern}$`).exec(clean);
    if (found) {
      const params = Object.fromEntries(keys.map((k, i) => [k, decodeURIComponent(found[i + 1] ?? '')]));
      return { route, params };
    }
  }
  return null;
}

// ---- Menus (SPEC §2 "Menus"). Items name routes; an item whose route does not exist yet is left out. ----

export type MenuItem = {
  label: string;
  route: string;
  developer?: boolean;
  environments?: Environment[];
};
export type MenuGroup = { label?: string; items: MenuItem[] };
export type Menu = { label: string; groups: MenuGroup[] };
/** A top-level entry is a menu, or a single link. */
export type MenuEntry = Menu | MenuItem;

export const ADMIN_MENU: MenuEntry[] = [
  {
    label: 'Manage',
    groups: [
      {
        items: [
          { label: 'Agreements', route: 'agreements' },
          { label: 'Cases & Tasks', route: 'cases' },
          { label: 'Charts', route: 'charts' },
          { label: 'Equipment', route: 'equipment' },
          { label: 'Opportunities', route: 'opportunities' },
          { label: 'Organizations', route: 'organizations' },
          { label: 'Outages', route: 'outages' },
          { label: 'People', route: 'people' },
          { label: 'Software', route: 'software' },
        ],
      },
    ],
  },
  {
    label: 'Report',
    groups: [
      {
        label: 'Client',
        items: [
          { label: 'Antivirus', route: 'report_antivirus' },
          { label: 'BitLocker Compliance', route: 'report_bitlocker' },
          { label: 'Device Summary by Age', route: 'report_device_summary_by_age' },
          { label: 'Device Summary by Address', route: 'report_device_summary_by_address' },
          { label: 'Firmware', route: 'report_firmware' },
          { label: 'Outdated Response', route: 'report_outdated_response' },
          { label: 'Patch', route: 'report_patch' },
          { label: 'Report History', route: 'report_history' },
          { label: 'Services Activity', route: 'report_services_activity' },
          { label: 'User and Device Counts', route: 'report_user_and_device_counts' },
          { label: 'Warranty', route: 'report_warranty' },
        ],
      },
      {
        label: 'Internal',
        items: [
          { label: 'Annual Update', route: 'report_annual_update' },
          { label: 'Bill List', route: 'report_bill_list' },
          { label: 'Weekly Summary', route: 'report_weekly_summary' },
          { label: 'WIP List', route: 'report_wip_list' },
        ],
      },
    ],
  },
  {
    label: 'Admin',
    groups: [
      {
        label: 'Device Management',
        items: [
          { label: 'Device Categories', route: 'device_categories' },
          { label: 'Device Status', route: 'device_status_basics' },
          { label: 'Outage Auto Assignment', route: 'outage_auto_assignment_basics' },
          { label: 'Outage Types', route: 'outage_types' },
          { label: 'RMM Settings', route: 'rmm_settings_virtual_devices' },
        ],
      },
      { label: 'Files', items: [{ label: 'Admin Files Import', route: 'file_import' }] },
      {
        label: 'Internal Settings',
        items: [
          { label: 'Buckets', route: 'buckets' },
          { label: 'Case & Task Grammar', route: 'language_settings' },
          { label: 'Departments', route: 'departments' },
          { label: 'Notices', route: 'notices' },
          { label: 'Required Uploads', route: 'required_uploads' },
          { label: 'SSO Settings', route: 'sso_settings' },
          { label: 'Staff', route: 'staff' },
        ],
      },
      {
        label: 'Sales',
        items: [
          { label: 'Amendment Types', route: 'amendment_types' },
          { label: 'Service Types', route: 'service_types' },
          { label: 'Sales Settings', route: 'sales_settings_opportunity' },
        ],
      },
    ],
  },
  {
    label: 'Resources',
    groups: [
      {
        items: [
          { label: 'Documentation', route: 'documentation' },
          { label: 'Documentation (Dev)', route: 'documentation_dev' },
          { label: 'RMM Scripting Documentation', route: 'documentation_scripting' },
          { label: 'API Reference', route: 'api_reference' },
          { label: 'Jobs', route: 'jobs', developer: true },
          { label: 'Mail Catcher', route: 'mail_catcher', environments: ['dev', 'design'] },
          { label: 'Database Admin', route: 'database_admin', environments: ['dev', 'design'] },
          { label: 'Monitoring Dashboard', route: 'monitoring_dashboard' },
          { label: 'Monitoring Docs', route: 'monitoring_docs' },
          {
            label: 'Design Prototype',
            route: 'ui_kit',
            developer: true,
            environments: ['dev', 'design', 'staging'],
          },
        ],
      },
    ],
  },
];

export const USER_MENU: MenuEntry[] = [
  { label: 'Create Case', route: 'case_create' },
  { label: 'Manage', groups: [{ items: [{ label: 'Cases & Tasks', route: 'cases' }] }] },
  {
    label: 'Resources',
    groups: [
      {
        items: [
          { label: 'Documentation', route: 'documentation' },
          { label: 'RMM Scripting Documentation', route: 'documentation_scripting' },
          { label: 'Outlook Webmail', route: 'outlook_webmail' },
        ],
      },
    ],
  },
];

export type MenuViewer = { isAdmin: boolean; isDeveloper: boolean; environment: Environment };

function itemVisible(item: MenuItem, viewer: MenuViewer): boolean {
  if (!routeExists(item.route)) return false;
  if (item.developer && !viewer.isDeveloper) return false;
  if (item.environments && !item.environments.includes(viewer.environment)) return false;
  const route = ROUTES[item.route];
  if (route?.admin && !viewer.isAdmin) return false;
  return true;
}

/** The menu a viewer sees: administrator or reduced, items of missing screens and empty groups removed. */
export function menuFor(viewer: MenuViewer): MenuEntry[] {
  const source = viewer.isAdmin ? ADMIN_MENU : USER_MENU;
  const out: MenuEntry[] = [];
  for (const entry of source) {
    if ('route' in entry) {
      if (itemVisible(entry, viewer)) out.push(entry);
      continue;
    }
    const groups = entry.groups
      .map((g) => ({ ...g, items: g.items.filter((i) => itemVisible(i, viewer)) }))
      .filter((g) => g.items.length > 0);
    if (groups.length > 0) out.push({ label: entry.label, groups });
  }
  return out;
}
