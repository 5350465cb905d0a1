// The service type record (SPEC "ServiceType"): an admin list, for the generic record service.

import { can } from '../../../shared/permissions.js';
import { SERVICE_UNITS } from '../../../shared/schemas/service-type.js';
import type { RecordDef } from '../../platform/records.js';

export const SERVICE_TYPE: RecordDef = {
  key: 'serviceType',
  table: 'service_types',
  objectClass: 'ServiceType',
  title: 't.name',
  // Admin screens: administrators only, reading included.
  canRead: (user) => can(user, 'serviceType', 'read'),
  inUseMessage:
    'This service type is used by agreement services or amendments and cannot be deleted. Mark it inactive instead.',
  fields: [
    { name: 'name', column: 'name', label: 'Name' },
    { name: 'description', column: 'description', label: 'Description' },
    { name: 'blockHours', column: 'block_hours', label: 'Block Hours', kind: 'bool' },
    { name: 'billedPer', column: 'billed_per', label: 'Billed Per', kind: 'code', codes: SERVICE_UNITS },
    { name: 'active', column: 'active', label: 'Active', kind: 'bool' },
  ],
};
