// The billing screens in one chunk: the run, an invoice and its field history load together (an invoice is reached
// from its run, its history from the invoice).
export { BillingRunPage } from './billing-run-page';
export { InvoiceHistoryPage } from './invoice-history-page';
export { InvoicePage } from './invoice-page';
