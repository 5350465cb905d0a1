// The department record (SPEC "Department"): an admin list, for the generic record service.

import { can } from '../../../shared/permissions.js';
import type { RecordDef } from '../../platform/records.js';

export const DEPARTMENT: RecordDef = {
  key: 'department',
  table: 'departments',
  objectClass: 'Department',
  title: 't.name',
  // Admin screens: administrators only, reading included; other staff pick departments through the suggest route.
  canRead: (user) => can(user, 'department', 'read'),
  inUseMessage: 'This department is used by cases or tasks and cannot be deleted. Mark it inactive instead.',
  fields: [
    { name: 'name', column: 'name', label: 'Name' },
    { name: 'description', column: 'description', label: 'Description' },
    { name: 'active', column: 'active', label: 'Active', kind: 'bool' },
  ],
};
