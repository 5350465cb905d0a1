// The amendment record (a change to an agreement over time): table, fields and references for the record service.
// Its service changes live in amendment_changes (amendment-changes.ts).
import { can } from '../../../shared/permissions.js';
import { AMENDMENT_STATUSES } from '../../../shared/schemas/agreement.js';
import type { RecordDef } from '../../platform/records.js';

export const AMENDMENT: RecordDef = {
  key: 'amendment',
  table: 'amendments',
  objectClass: 'Amendment',
  title: 't.number',
  canRead: (user) => can(user, 'amendment', 'read'),
  historyLabels: { changes: 'Service Changes' },
  fields: [
    {
      name: 'agreement',
      column: 'agreement_id',
      label: 'Agreement',
      kind: 'ref',
      ref: { table: 'agreements', label: "$.number || ' ' || $.title" },
      history: false,
    },
    { name: 'number', column: 'number', label: 'Number' },
    {
      name: 'amendmentType',
      column: 'amendment_type_id',
      label: 'Amendment Type',
      kind: 'ref',
      ref: { table: 'amendment_types', label: '$.name' },
    },
    { name: 'effectiveDate', column: 'effective_date', label: 'Effective Date', kind: 'date' },
    { name: 'status', column: 'status', label: 'Status', kind: 'code', codes: AMENDMENT_STATUSES },
    { name: 'description', column: 'description', label: 'Description' },
    {
      name: 'document',
      column: 'document_id',
      label: 'Signed Document',
      kind: 'ref',
      ref: { table: 'agreement_documents', label: '$.title' },
    },
    {
      name: 'signedAt',
      column: 'signed_at',
      label: 'Signed',
      kind: 'timestamp',
      writable: false,
      history: false,
    },
    {
      name: 'signedBy',
      column: 'signed_by',
      label: 'Signed By',
      kind: 'ref',
      ref: { table: 'users', label: "$.first_name || ' ' || $.last_name" },
      writable: false,
      history: false,
    },
  ],
};
