// The agreement record: table, fields and references for the generic record service.
import { can } from '../../../shared/permissions.js';
import { AGREEMENT_STATUSES, AGREEMENT_TYPES, agreementRecord } from '../../../shared/schemas/agreement.js';
import { organizations, people } from '../../db/schema/inventory.js';
import { agreements, opportunities } from '../../db/schema/sales.js';
import { users } from '../../db/schema/staff.js';
import { defineRecord } from '../../platform/records.js';

export const AGREEMENT = defineRecord({
  key: 'agreement',
  table: agreements,
  objectClass: 'Agreement',
  schema: agreementRecord,
  title: "t.number || ' ' || t.title",
  canRead: (user) => can(user, 'agreement', 'read'),
  inUseMessage:
    'This agreement has services, amendments or documents and cannot be deleted. Close it instead.',
  fields: [
    {
      name: 'organization',
      column: agreements.organizationId,
      label: 'Organization',
      kind: 'ref',
      ref: { table: organizations, label: '$.name' },
    },
    { name: 'number', column: agreements.number, label: 'Number' },
    { name: 'title', column: agreements.title, label: 'Title' },
    { name: 'status', column: agreements.status, label: 'Status', kind: 'code', codes: AGREEMENT_STATUSES },
    { name: 'type', column: agreements.type, label: 'Type', kind: 'code', codes: AGREEMENT_TYPES },
    { name: 'startDate', column: agreements.startDate, label: 'Start Date', kind: 'date' },
    { name: 'endDate', column: agreements.endDate, label: 'End Date', kind: 'date' },
    { name: 'renewalDate', column: agreements.renewalDate, label: 'Renewal Date', kind: 'date' },
    { name: 'termMonths', column: agreements.termMonths, label: 'Renewal Term (months)', kind: 'int' },
    {
      name: 'billingContact',
      column: agreements.billingContactId,
      label: 'Billing Contact',
      kind: 'ref',
      ref: { table: people, label: "$.first_name || ' ' || $.last_name" },
    },
    {
      name: 'accountManager',
      column: agreements.accountManagerId,
      label: 'Account Manager',
      kind: 'ref',
      ref: { table: users, label: "$.first_name || ' ' || $.last_name" },
    },
    { name: 'notes', column: agreements.notes, label: 'Notes' },
    // Set by winning an opportunity only (shown as a link in the agreement's header).
    {
      name: 'opportunity',
      column: agreements.opportunityId,
      label: 'Opportunity',
      kind: 'ref',
      ref: { table: opportunities, label: '$.number' },
      writable: false,
      history: false,
    },
  ],
});
