// Reports (SPEC §2 "Reports", src/shared/reports.ts): client and internal reports, the history of their exports and an organization's report tabs.
// Its kinds of record and history classes (beside its routes, routes/reports.ts, but not loaded with them).
import type { HistoryLabels } from '../access.js';

/**
 * Field history's classes of the area, by the names users know: billing's settings (the default hourly rate), the
 * month-end invoices and the accounting mapping of their exports.
 */
export const historyLabels = {
  BillingSettings: 'Billing Settings',
  Invoice: 'Invoice',
  AccountingMapping: 'Accounting Mapping',
} as const satisfies HistoryLabels;
