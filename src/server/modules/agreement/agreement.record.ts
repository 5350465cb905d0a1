// The agreement record: table, fields and references for the generic record service.
import { can } from '../../../shared/permissions.js';
import { AGREEMENT_STATUSES, AGREEMENT_TYPES } from '../../../shared/schemas/agreement.js';
import type { RecordDef } from '../../platform/records.js';

export const AGREEMENT: RecordDef = {
  key: 'agreement',
  table: 'agreements',
  objectClass: 'Agreement',
  title: "t.number || ' ' || t.title",
  canRead: (user) => can(user, 'agreement', 'read'),
  inUseMessage:
    'This agreement has services, amendments or documents and cannot be deleted. Close it instead.',
  fields: [
    {
      name: 'organization',
      column: 'organization_id',
      label: 'Organization',
      kind: 'ref',
      ref: { table: 'organizations', label: '$.name' },
    },
    { name: 'number', column: 'number', label: 'Number' },
    { name: 'title', column: 'title', label: 'Title' },
    { name: 'status', column: 'status', label: 'Status', kind: 'code', codes: AGREEMENT_STATUSES },
    { name: 'type', column: 'type', label: 'Type', kind: 'code', codes: AGREEMENT_TYPES },
    { name: 'startDate', column: 'start_date', label: 'Start Date', kind: 'date' },
    { name: 'endDate', column: 'end_date', label: 'End Date', kind: 'date' },
    { name: 'renewalDate', column: 'renewal_date', label: 'Renewal Date', kind: 'date' },
    { name: 'termMonths', column: 'term_months', label: 'Renewal Term (months)', kind: 'int' },
    {
      name: 'billingContact',
      column: 'billing_contact_id',
      label: 'Billing Contact',
      kind: 'ref',
      ref: { table: 'people', label: "$.first_name || ' ' || $.last_name" },
    },
    {
      name: 'accountManager',
      column: 'account_manager_id',
      label: 'Account Manager',
      kind: 'ref',
      ref: { table: 'users', label: "$.first_name || ' ' || $.last_name" },
    },
    { name: 'notes', column: 'notes', label: 'Notes' },
    // Set by winning an opportunity only (shown as a link in the agreement's header).
    {
      name: 'opportunity',
      column: 'opportunity_id',
      label: 'Opportunity',
      kind: 'ref',
      ref: { table: 'opportunities', label: '$.number' },
      writable: false,
      history: false,
    },
  ],
};
