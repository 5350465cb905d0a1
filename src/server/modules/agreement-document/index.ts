// An agreement's documents.
// Other areas import from this one only through this file.
import { WORK } from '../../../shared/permissions.js';
import { defineArea } from '../../platform/area.js';
import { agreementDocumentRoutes } from './agreement-document.routes.js';

export const agreementDocumentArea = defineArea({
  name: 'agreement-document',
  permissions: [{ kind: 'agreementDocument', access: WORK, readme: ['Agreements', 'documents'] }],
  register(app, { database, timeZone }) {
    agreementDocumentRoutes(app, database, timeZone);
  },
});

// What other areas use.
export { AGREEMENT_DOCUMENT } from './agreement-document.record.js';
