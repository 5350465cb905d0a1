// The software record (SPEC §3 "Project", shown as software): table, fields and references.

import { can } from '../../../shared/permissions.js';
import type { RecordDef } from '../../platform/records.js';

export const SOFTWARE: RecordDef = {
  key: 'software',
  table: 'software',
  objectClass: 'Project',
  title: 't.name',
  canRead: (user) => can(user, 'software', 'read'),
  fields: [
    { name: 'name', column: 'name', label: 'Name' },
    { name: 'vendor', column: 'vendor', label: 'Vendor' },
    { name: 'softwareVersion', column: 'software_version', label: 'Version' },
    { name: 'seats', column: 'seats', label: 'Seats', kind: 'int' },
    { name: 'renewalDate', column: 'renewal_date', label: 'Renewal Date', kind: 'date' },
    {
      name: 'organization',
      column: 'organization_id',
      label: 'Organization',
      kind: 'ref',
      ref: { table: 'organizations', label: '$.name' },
    },
    { name: 'active', column: 'active', label: 'Active', kind: 'bool' },
    { name: 'notes', column: 'notes', label: 'Notes' },
  ],
};
