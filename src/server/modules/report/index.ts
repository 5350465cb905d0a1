// The report area: the report engine (definitions, filters, the source), its queries, exports (CSV, XLSX, PDF),
// billing, report history and the security pack. Other areas import from report only through this file.
import { defineArea } from '../../platform/area.js';
import { billingRoutes } from './billing/billing.routes.js';
import { reportRoutes } from './engine/report.routes.js';
import { openReport } from './engine/report-source.js';
import { reportExportRoutes } from './exports/export.routes.js';
import type { OpenReport } from './exports/export-format.js';
import { reportHistoryRoutes } from './history/history.routes.js';
import { securityPackRoutes } from './security-pack/security-pack.routes.js';

declare module '../../platform/area.js' {
  interface AreaOptions {
    /** Where report exports and security packs read a report (report-source.ts; tests give one of their own). */
    openReport?: OpenReport;
  }
}

export const reportArea = defineArea({
  name: 'report',
  register(app, context) {
    const { database, timeZone } = context;
    reportHistoryRoutes(app, database, timeZone);
    reportRoutes(app, database, timeZone);
    billingRoutes(app, database, timeZone);
    const reports = { openReport: context.options.openReport ?? openReport };
    reportExportRoutes(app, database, timeZone, reports);
    securityPackRoutes(app, database, timeZone, reports);
  },
});

// What month-end billing (billing-run) uses: the kept figures of time not billed, the default rate, and the billed
// mark of the cases an invoice covers.
export { billCases, lockCases, runningSlips, unbillInvoiceCases } from './billing/billing-marks.js';
export { loadDefaultRate } from './billing/billing-settings.service.js';
// What other areas (charts) and the seed use from the report engine.
export { snapshotBilledCases } from './billing/billing-snapshot.js';
export { refreshWipDays } from './billing/wip-days.js';
export { reportsAllowed } from './engine/report.routes.js';
export { mondayOf } from './engine/report-filters.js';
export { companyDay, openReport } from './engine/report-source.js';
// What the invoice exports of month-end billing (billing-run/exports) share with the report exports and history.
export { csvSafe } from './exports/export-csv.js';
export type { OpenReport } from './exports/export-format.js';
export { companyDate, drained, exportFileName } from './exports/export-format.js';
export { XLSX_TYPE, xlsxText } from './exports/export-xlsx.js';
export { insertHistory, linkOrganizations } from './history/history.service.js';
export { dateLiteral, num } from './queries/plan.js';
export { AGE_BANDS, addDays, ageBandConditions, minusYears } from './queries/rules.js';
