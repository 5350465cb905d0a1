// The month-end billing screens (administrators, Report → Internal), loaded together (billing-run-screens.ts).
import { type AreaScreens, screen } from '../screen';

const load = () => import('./billing-run-screens');

export const screens = {
  report_billing_run: screen(load, 'BillingRunPage'),
  report_invoice: screen(load, 'InvoicePage'),
  report_invoice_history: screen(load, 'InvoiceHistoryPage'),
} satisfies AreaScreens;
