// An agreement's documents.
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { agreementDocumentRoutes } from './agreement-document.routes.js';

export const agreementDocumentArea = defineArea({
  name: 'agreement-document',
  records: ['agreementDocument'],
  register(app, { database, timeZone }) {
    agreementDocumentRoutes(app, database, timeZone);
  },
});

// What other areas use.
export { AGREEMENT_DOCUMENT } from './agreement-document.record.js';
