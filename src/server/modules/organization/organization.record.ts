// The organization record: table, fields and references, for the generic record service.

import { can } from '../../../shared/permissions.js';
import {
  organizationRecord,
  RMM_PLANS,
  SALES_STATUSES,
  VENDOR_STATUSES,
} from '../../../shared/schemas/organization.js';
import { organizations, people } from '../../db/schema/inventory.js';
import { users } from '../../db/schema/staff.js';
import { defineRecord } from '../../platform/records.js';

export const ORGANIZATION = defineRecord({
  key: 'organization',
  table: organizations,
  objectClass: 'Organization',
  schema: organizationRecord,
  title: 't.name',
  canRead: (user) => can(user, 'organization', 'read'),
  inUseMessage:
    'This organization still has people, equipment, software or outages and cannot be deleted. Mark it inactive instead.',
  fields: [
    { name: 'name', column: organizations.name, label: 'Name' },
    { name: 'shortCode', column: organizations.shortCode, label: 'Short Code' },
    {
      name: 'salesStatus',
      column: organizations.salesStatus,
      label: 'Sales Status',
      kind: 'code',
      codes: SALES_STATUSES,
    },
    {
      name: 'vendorStatus',
      column: organizations.vendorStatus,
      label: 'Vendor Status',
      kind: 'code',
      codes: VENDOR_STATUSES,
    },
    { name: 'active', column: organizations.active, label: 'Active', kind: 'bool' },
    {
      name: 'rmmPlan',
      column: organizations.rmmPlan,
      label: 'RMM Service Plan',
      kind: 'code',
      codes: RMM_PLANS,
    },
    { name: 'phone', column: organizations.phone, label: 'Phone' },
    { name: 'website', column: organizations.website, label: 'Website' },
    { name: 'address', column: organizations.address, label: 'Address' },
    { name: 'federalTaxId', column: organizations.federalTaxId, label: 'Federal Tax ID' },
    { name: 'duns', column: organizations.duns, label: 'DUNS' },
    {
      name: 'accountManager',
      column: organizations.accountManagerId,
      label: 'Account Manager',
      kind: 'ref',
      ref: { table: users, label: "$.first_name || ' ' || $.last_name" },
    },
    {
      name: 'primaryContact',
      column: organizations.primaryContactId,
      label: 'Primary Contact',
      kind: 'ref',
      ref: { table: people, label: "$.first_name || ' ' || $.last_name" },
    },
    { name: 'notes', column: organizations.notes, label: 'Notes' },
    // Billable-time rounding of the organization's slips (src/shared/rounding.ts); empty = the default.
    {
      name: 'roundingMinimum',
      column: organizations.roundingMinimum,
      label: 'Rounding Minimum (min)',
      kind: 'int',
    },
    {
      name: 'roundingIncrement',
      column: organizations.roundingIncrement,
      label: 'Rounding Increment (min)',
      kind: 'int',
    },
  ],
});
