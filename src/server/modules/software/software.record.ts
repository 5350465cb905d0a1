// The software record (SPEC §3 "Project", shown as software): table, fields and references.

import { can } from '../../../shared/permissions.js';
import { softwareRecord } from '../../../shared/schemas/software.js';
import { organizations, software } from '../../db/schema/inventory.js';
import { defineRecord } from '../../platform/records.js';

export const SOFTWARE = defineRecord({
  key: 'software',
  table: software,
  objectClass: 'Project',
  schema: softwareRecord,
  title: 't.name',
  canRead: (user) => can(user, 'software', 'read'),
  fields: [
    { name: 'name', column: software.name, label: 'Name' },
    { name: 'vendor', column: software.vendor, label: 'Vendor' },
    { name: 'softwareVersion', column: software.softwareVersion, label: 'Version' },
    { name: 'seats', column: software.seats, label: 'Seats', kind: 'int' },
    { name: 'renewalDate', column: software.renewalDate, label: 'Renewal Date', kind: 'date' },
    {
      name: 'organization',
      column: software.organizationId,
      label: 'Organization',
      kind: 'ref',
      ref: { table: organizations, label: '$.name' },
    },
    { name: 'active', column: software.active, label: 'Active', kind: 'bool' },
    { name: 'notes', column: software.notes, label: 'Notes' },
  ],
});
