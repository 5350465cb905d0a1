// The organization record: table, fields and references, for the generic record service.

import { can } from '../../../shared/permissions.js';
import { RMM_PLANS, SALES_STATUSES, VENDOR_STATUSES } from '../../../shared/schemas/organization.js';
import type { RecordDef } from '../../platform/records.js';

export const ORGANIZATION: RecordDef = {
  key: 'organization',
  table: 'organizations',
  objectClass: 'Organization',
  title: 't.name',
  canRead: (user) => can(user, 'organization', 'read'),
  inUseMessage:
    'This organization still has people, equipment, software or outages and cannot be deleted. Mark it inactive instead.',
  fields: [
    { name: 'name', column: 'name', label: 'Name' },
    { name: 'shortCode', column: 'short_code', label: 'Short Code' },
    {
      name: 'salesStatus',
      column: 'sales_status',
      label: 'Sales Status',
      kind: 'code',
      codes: SALES_STATUSES,
    },
    {
      name: 'vendorStatus',
      column: 'vendor_status',
      label: 'Vendor Status',
      kind: 'code',
      codes: VENDOR_STATUSES,
    },
    { name: 'active', column: 'active', label: 'Active', kind: 'bool' },
    { name: 'rmmPlan', column: 'rmm_plan', label: 'RMM Service Plan', kind: 'code', codes: RMM_PLANS },
    { name: 'phone', column: 'phone', label: 'Phone' },
    { name: 'website', column: 'website', label: 'Website' },
    { name: 'address', column: 'address', label: 'Address' },
    { name: 'federalTaxId', column: 'federal_tax_id', label: 'Federal Tax ID' },
    { name: 'duns', column: 'duns', label: 'DUNS' },
    {
      name: 'accountManager',
      column: 'account_manager_id',
      label: 'Account Manager',
      kind: 'ref',
      ref: { table: 'users', label: "$.first_name || ' ' || $.last_name" },
    },
    {
      name: 'primaryContact',
      column: 'primary_contact_id',
      label: 'Primary Contact',
      kind: 'ref',
      ref: { table: 'people', label: "$.first_name || ' ' || $.last_name" },
    },
    { name: 'notes', column: 'notes', label: 'Notes' },
    // Billable-time rounding of the organization's slips (src/shared/rounding.ts); empty = the default.
    { name: 'roundingMinimum', column: 'rounding_minimum', label: 'Rounding Minimum (min)', kind: 'int' },
    {
      name: 'roundingIncrement',
      column: 'rounding_increment',
      label: 'Rounding Increment (min)',
      kind: 'int',
    },
  ],
};
