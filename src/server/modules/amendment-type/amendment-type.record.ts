// The amendment type record (SPEC "AmendmentType"): an admin list, for the generic record service.

import { can } from '../../../shared/permissions.js';
import type { RecordDef } from '../../platform/records.js';

export const AMENDMENT_TYPE: RecordDef = {
  key: 'amendmentType',
  table: 'amendment_types',
  objectClass: 'AmendmentType',
  title: 't.name',
  // Admin screens: administrators only, reading included; the settings page offers the active ones to everyone.
  canRead: (user) => can(user, 'amendmentType', 'read'),
  inUseMessage: 'This amendment type is used by amendments and cannot be deleted. Mark it inactive instead.',
  fields: [
    { name: 'name', column: 'name', label: 'Name' },
    { name: 'description', column: 'description', label: 'Description' },
    { name: 'active', column: 'active', label: 'Active', kind: 'bool' },
  ],
};
