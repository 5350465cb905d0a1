// The areas of the server, in the order buildApp registers them: one line each. A new area is one folder under
// modules/ whose index.ts exports its Area, and one line here.
import type { Area } from '../platform/area.js';
import { agreementArea } from './agreement/index.js';
import { agreementDocumentArea } from './agreement-document/index.js';
import { amendmentSettingsArea } from './amendment-settings/index.js';
import { amendmentTypeArea } from './amendment-type/index.js';
import { apiTokenArea } from './api-token/index.js';
import { authArea } from './auth/index.js';
import { billingRunArea } from './billing-run/index.js';
import { bucketCategoryArea } from './bucket-category/index.js';
import { calendarArea } from './calendar/index.js';
import { caseArea } from './case/index.js';
import { chartsArea } from './charts/index.js';
import { departmentArea } from './department/index.js';
import { deviceCategoryArea } from './device-category/index.js';
import { deviceStatusArea } from './device-status/index.js';
import { documentationArea } from './documentation/index.js';
import { equipmentArea } from './equipment/index.js';
import { fileImportArea } from './file-import/index.js';
import { fileManagerArea } from './file-manager/index.js';
import { jobsArea } from './jobs/index.js';
import { languageSettingsArea } from './language-settings/index.js';
import { mailCatcherArea } from './mail-catcher/index.js';
import { monitoringArea } from './monitoring/index.js';
import { noticeArea } from './notice/index.js';
import { opportunityArea } from './opportunity/index.js';
import { opportunityDocumentArea } from './opportunity-document/index.js';
import { opportunityWinArea } from './opportunity-win/index.js';
import { organizationArea } from './organization/index.js';
import { outageArea } from './outage/index.js';
import { outageAssignmentArea } from './outage-assignment/index.js';
import { outageTypeArea } from './outage-type/index.js';
import { personArea } from './person/index.js';
import { proposalArea } from './proposal/index.js';
import { quickEntryArea } from './quick-entry/index.js';
import { reportArea } from './report/index.js';
import { requiredUploadArea } from './required-upload/index.js';
import { rmmSettingsArea } from './rmm-settings/index.js';
import { salesSettingsArea } from './sales-settings/index.js';
import { searchArea } from './search/index.js';
import { serviceTypeArea } from './service-type/index.js';
import { slipArea } from './slip/index.js';
import { softwareArea } from './software/index.js';
import { ssoArea } from './sso/index.js';
import { staffArea } from './staff/index.js';
import { staffSecurityArea } from './staff-security/index.js';
import { systemArea } from './system/index.js';
import { taskArea } from './task/index.js';
import { timerArea } from './timer/index.js';
import { timesheetArea } from './timesheet/index.js';
import { untrackedArea } from './untracked/index.js';
import { userArea } from './user/index.js';
import { webhookArea } from './webhook/index.js';

export const AREAS: readonly Area[] = [
  authArea,
  ssoArea,
  mailCatcherArea,
  userArea,
  staffArea,
  staffSecurityArea,
  apiTokenArea,
  webhookArea,
  organizationArea,
  equipmentArea,
  agreementArea,
  deviceCategoryArea,
  deviceStatusArea,
  outageTypeArea,
  outageArea,
  outageAssignmentArea,
  personArea,
  softwareArea,
  systemArea,
  departmentArea,
  bucketCategoryArea,
  serviceTypeArea,
  amendmentTypeArea,
  amendmentSettingsArea,
  salesSettingsArea,
  noticeArea,
  requiredUploadArea,
  rmmSettingsArea,
  languageSettingsArea,
  jobsArea,
  fileManagerArea,
  caseArea,
  taskArea,
  slipArea,
  untrackedArea,
  calendarArea,
  timesheetArea,
  timerArea,
  quickEntryArea,
  agreementDocumentArea,
  opportunityArea,
  opportunityDocumentArea,
  proposalArea,
  opportunityWinArea,
  reportArea,
  billingRunArea,
  chartsArea,
  fileImportArea,
  searchArea,
  documentationArea,
  monitoringArea,
];
