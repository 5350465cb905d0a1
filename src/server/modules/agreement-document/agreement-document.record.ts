// The agreement document record: a contract, amendment, quote or letter kept with an agreement, with its file.
import { can } from '../../../shared/permissions.js';
import { agreementDocumentRecord } from '../../../shared/schemas/document.js';
import { agreementDocuments, agreements } from '../../db/schema/sales.js';
import { documentDef } from '../../platform/document-routes.js';

export const AGREEMENT_DOCUMENT = documentDef({
  key: 'agreementDocument',
  objectClass: 'AgreementDocument',
  table: agreementDocuments,
  schema: agreementDocumentRecord,
  parent: {
    name: 'agreement',
    column: agreementDocuments.agreementId,
    table: agreements,
    label: '$.number',
    fieldLabel: 'Agreement',
  },
  canRead: (user) => can(user, 'agreementDocument', 'read'),
});
