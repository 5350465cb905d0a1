// One screen per report route (report_antivirus … report_user, the internal ones): each is the report frame with its
// definition; the bill list adds its billing actions.
import { type ReportKey, reportDef } from '../../../shared/reports';
import { ReportFrame } from './report-frame';

function screen(key: ReportKey) {
  const def = reportDef(key);
  if (!def) throw new Error(`No report "${key}"`);
  // The key makes a switch between two reports a new frame, not the old one's state with new filters.
  return () => <ReportFrame key={def.key} def={def} />;
}

export const AntivirusReportPage = screen('antivirus');
export const BitlockerReportPage = screen('bitlocker');
export const DeviceReportPage = screen('device');
export const DeviceSummaryByAgeReportPage = screen('device-summary-by-age');
export const FirmwareReportPage = screen('firmware');
export const OutdatedResponseReportPage = screen('outdated-response');
export const PatchReportPage = screen('patch');
export const ServicesActivityReportPage = screen('services-activity');
export const UserAndDeviceCountsReportPage = screen('user-and-device-counts');
export const WarrantyReportPage = screen('warranty');
export const UserReportPage = screen('user');
export const AnnualUpdateReportPage = screen('annual-update');
export const WeeklySummaryReportPage = screen('weekly-summary');
export const WipListReportPage = screen('wip-list');

export { BillListPage } from './bill-list-page';

export {
  OrganizationReportHistoryPage,
  OrganizationReportsPage,
  ReportHistoryPage,
} from './organization-report-screens';
