// The report screens: one frame driven by each report's definition (one chunk); the bill list with its billing
// actions, and report history with an organization's report tabs (uploads, security pack), each a chunk of its own so
// that a report does not load their dialogs and imports.
import { type AreaScreens, screen } from '../screen';

const reportScreens = () => import('./report-screens');
const billList = () => import('./bill-list-page');
const organizationReports = () => import('./organization-report-screens');

export const screens = {
  report_antivirus: screen(reportScreens, 'AntivirusReportPage'),
  report_bitlocker: screen(reportScreens, 'BitlockerReportPage'),
  report_device: screen(reportScreens, 'DeviceReportPage'),
  report_device_summary_by_age: screen(reportScreens, 'DeviceSummaryByAgeReportPage'),
  report_device_summary_by_address: screen(reportScreens, 'DeviceSummaryByAddressReportPage'),
  report_firmware: screen(reportScreens, 'FirmwareReportPage'),
  report_outdated_response: screen(reportScreens, 'OutdatedResponseReportPage'),
  report_patch: screen(reportScreens, 'PatchReportPage'),
  report_services_activity: screen(reportScreens, 'ServicesActivityReportPage'),
  report_user_and_device_counts: screen(reportScreens, 'UserAndDeviceCountsReportPage'),
  report_warranty: screen(reportScreens, 'WarrantyReportPage'),
  report_user: screen(reportScreens, 'UserReportPage'),
  report_annual_update: screen(reportScreens, 'AnnualUpdateReportPage'),
  report_bill_list: screen(billList, 'BillListPage'),
  report_weekly_summary: screen(reportScreens, 'WeeklySummaryReportPage'),
  report_wip_list: screen(reportScreens, 'WipListReportPage'),
  report_history: screen(organizationReports, 'ReportHistoryPage'),
  organization_reports: screen(organizationReports, 'OrganizationReportsPage'),
  organization_report_history: screen(organizationReports, 'OrganizationReportHistoryPage'),
} satisfies AreaScreens;
