// The service type record (SPEC "ServiceType"): an admin list, for the generic record service.

import { can } from '../../../shared/permissions.js';
import { SERVICE_UNITS, serviceTypeRecord } from '../../../shared/schemas/service-type.js';
import { serviceTypes } from '../../db/schema/sales.js';
import { defineRecord } from '../../platform/records.js';

export const SERVICE_TYPE = defineRecord({
  key: 'serviceType',
  table: serviceTypes,
  objectClass: 'ServiceType',
  schema: serviceTypeRecord,
  title: 't.name',
  // Admin screens: administrators only, reading included.
  canRead: (user) => can(user, 'serviceType', 'read'),
  inUseMessage:
    'This service type is used by agreement services or amendments and cannot be deleted. Mark it inactive instead.',
  fields: [
    { name: 'name', column: serviceTypes.name, label: 'Name' },
    { name: 'description', column: serviceTypes.description, label: 'Description' },
    { name: 'blockHours', column: serviceTypes.blockHours, label: 'Block Hours', kind: 'bool' },
    {
      name: 'billedPer',
      column: serviceTypes.billedPer,
      label: 'Billed Per',
      kind: 'code',
      codes: SERVICE_UNITS,
    },
    { name: 'active', column: serviceTypes.active, label: 'Active', kind: 'bool' },
  ],
});
