// The agreement document record: a contract, amendment, quote or letter kept with an agreement, with its file.
import { can } from '../../../shared/permissions.js';
import { documentDef } from '../../platform/document-routes.js';

export const AGREEMENT_DOCUMENT = documentDef({
  key: 'agreementDocument',
  objectClass: 'AgreementDocument',
  table: 'agreement_documents',
  parent: {
    name: 'agreement',
    column: 'agreement_id',
    table: 'agreements',
    label: '$.number',
    fieldLabel: 'Agreement',
  },
  canRead: (user) => can(user, 'agreementDocument', 'read'),
});
