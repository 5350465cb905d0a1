// The outage type record (admin pick list): table and fields for the generic record service.

import { can } from '../../../shared/permissions.js';
import type { RecordDef } from '../../platform/records.js';

export const OUTAGE_TYPE: RecordDef = {
  key: 'outage-type',
  table: 'outage_types',
  objectClass: 'OutageType',
  title: 't.name',
  canRead: (user) => can(user, 'outage-type', 'read'),
  inUseMessage: 'This outage type is used by outages and cannot be deleted. Mark it inactive instead.',
  fields: [
    { name: 'name', column: 'name', label: 'Name' },
    { name: 'description', column: 'description', label: 'Description' },
    { name: 'active', column: 'active', label: 'Active', kind: 'bool' },
  ],
};
