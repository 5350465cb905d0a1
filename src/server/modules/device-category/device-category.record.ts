// The device category record (SPEC "EquipmentCategory"): an admin list, for the generic record service.

import { can } from '../../../shared/permissions.js';
import type { RecordDef } from '../../platform/records.js';

export const DEVICE_CATEGORY: RecordDef = {
  key: 'device-category',
  table: 'device_categories',
  objectClass: 'EquipmentCategory',
  title: 't.name',
  // Admin screens: administrators only, reading included.
  canRead: (user) => can(user, 'device-category', 'read'),
  inUseMessage: 'This category is used by equipment and cannot be deleted. Mark it inactive instead.',
  fields: [
    { name: 'name', column: 'name', label: 'Name' },
    { name: 'description', column: 'description', label: 'Description' },
    { name: 'active', column: 'active', label: 'Active', kind: 'bool' },
  ],
};
