// The outage type record (admin pick list): table and fields for the generic record service.

import { can } from '../../../shared/permissions.js';
import { outageTypeRecord } from '../../../shared/schemas/outage-type.js';
import { outageTypes } from '../../db/schema/inventory.js';
import { defineRecord } from '../../platform/records.js';

export const OUTAGE_TYPE = defineRecord({
  key: 'outage-type',
  table: outageTypes,
  objectClass: 'OutageType',
  schema: outageTypeRecord,
  title: 't.name',
  canRead: (user) => can(user, 'outage-type', 'read'),
  inUseMessage: 'This outage type is used by outages and cannot be deleted. Mark it inactive instead.',
  fields: [
    { name: 'name', column: outageTypes.name, label: 'Name' },
    { name: 'description', column: outageTypes.description, label: 'Description' },
    { name: 'active', column: outageTypes.active, label: 'Active', kind: 'bool' },
  ],
});
