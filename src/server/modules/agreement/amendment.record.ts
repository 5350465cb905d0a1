// The amendment record (a change to an agreement over time): table, fields and references for the record service.
// Its service changes live in amendment_changes (amendment-changes.ts).
import { can } from '../../../shared/permissions.js';
import { AMENDMENT_STATUSES, amendmentRecord } from '../../../shared/schemas/agreement.js';
import { agreementDocuments, agreements, amendments, amendmentTypes } from '../../db/schema/sales.js';
import { users } from '../../db/schema/staff.js';
import { defineRecord } from '../../platform/records.js';

export const AMENDMENT = defineRecord({
  key: 'amendment',
  table: amendments,
  objectClass: 'Amendment',
  schema: amendmentRecord,
  title: 't.number',
  canRead: (user) => can(user, 'amendment', 'read'),
  historyLabels: { changes: 'Service Changes' },
  fields: [
    {
      name: 'agreement',
      column: amendments.agreementId,
      label: 'Agreement',
      kind: 'ref',
      ref: { table: agreements, label: "$.number || ' ' || $.title" },
      history: false,
    },
    { name: 'number', column: amendments.number, label: 'Number' },
    {
      name: 'amendmentType',
      column: amendments.amendmentTypeId,
      label: 'Amendment Type',
      kind: 'ref',
      ref: { table: amendmentTypes, label: '$.name' },
    },
    { name: 'effectiveDate', column: amendments.effectiveDate, label: 'Effective Date', kind: 'date' },
    { name: 'status', column: amendments.status, label: 'Status', kind: 'code', codes: AMENDMENT_STATUSES },
    { name: 'description', column: amendments.description, label: 'Description' },
    {
      name: 'document',
      column: amendments.documentId,
      label: 'Signed Document',
      kind: 'ref',
      ref: { table: agreementDocuments, label: '$.title' },
    },
    {
      name: 'signedAt',
      column: amendments.signedAt,
      label: 'Signed',
      kind: 'timestamp',
      writable: false,
      history: false,
    },
    {
      name: 'signedBy',
      column: amendments.signedBy,
      label: 'Signed By',
      kind: 'ref',
      ref: { table: users, label: "$.first_name || ' ' || $.last_name" },
      writable: false,
      history: false,
    },
  ],
});
