// The department record (SPEC "Department"): an admin list, for the generic record service.

import { can } from '../../../shared/permissions.js';
import { departmentRecord } from '../../../shared/schemas/department.js';
import { departments } from '../../db/schema/work.js';
import { defineRecord } from '../../platform/records.js';

export const DEPARTMENT = defineRecord({
  key: 'department',
  table: departments,
  objectClass: 'Department',
  schema: departmentRecord,
  title: 't.name',
  // Admin screens: administrators only, reading included; other staff pick departments through the suggest route.
  canRead: (user) => can(user, 'department', 'read'),
  inUseMessage: 'This department is used by cases or tasks and cannot be deleted. Mark it inactive instead.',
  fields: [
    { name: 'name', column: departments.name, label: 'Name' },
    { name: 'description', column: departments.description, label: 'Description' },
    { name: 'active', column: departments.active, label: 'Active', kind: 'bool' },
  ],
});
