// One screen per report route (report_antivirus … report_user, the internal ones): each is the report frame with its
// definition (the bill list, with its billing actions, is bill-list-page.tsx).
import { Navigate, useLocation } from 'react-router';
import { type ReportKey, reportDef } from '../../../shared/reports';
import { pathFor } from '../../../shared/routes';
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
const DeviceSummaryByAgeFrame = screen('device-summary-by-age');
/** The by-age report once grouped by site with `?by=site`: such a link opens the report by address. */
export function DeviceSummaryByAgeReportPage() {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  if (params.get('by') !== 'site') return <DeviceSummaryByAgeFrame />;
  params.delete('by');
  const query = params.toString();
  const to = pathFor('report_device_summary_by_address');
  return <Navigate replace to={query ? `${to}?${query}` : to} />;
}
export const DeviceSummaryByAddressReportPage = screen('device-summary-by-address');
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
