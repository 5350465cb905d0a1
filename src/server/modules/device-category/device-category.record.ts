// The device category record (SPEC "EquipmentCategory"): an admin list, for the generic record service.

import { can } from '../../../shared/permissions.js';
import { deviceCategoryRecord } from '../../../shared/schemas/device-category.js';
import { deviceCategories } from '../../db/schema/inventory.js';
import { defineRecord } from '../../platform/records.js';

export const DEVICE_CATEGORY = defineRecord({
  key: 'device-category',
  table: deviceCategories,
  objectClass: 'EquipmentCategory',
  schema: deviceCategoryRecord,
  title: 't.name',
  // Admin screens: administrators only, reading included.
  canRead: (user) => can(user, 'device-category', 'read'),
  inUseMessage: 'This category is used by equipment and cannot be deleted. Mark it inactive instead.',
  fields: [
    { name: 'name', column: deviceCategories.name, label: 'Name' },
    { name: 'description', column: deviceCategories.description, label: 'Description' },
    { name: 'active', column: deviceCategories.active, label: 'Active', kind: 'bool' },
  ],
});
