// Month-end billing: billing runs drafting a month's invoices, their review, posting and voiding.
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { billingRunRoutes } from './billing-run.routes.js';
import { invoiceExportRoutes } from './exports/index.js';

export const billingRunArea = defineArea({
  name: 'billing-run',
  register(app, { database, timeZone }) {
    billingRunRoutes(app, database, timeZone);
    invoiceExportRoutes(app, database, timeZone);
  },
});
