// The amendment type record (SPEC "AmendmentType"): an admin list, for the generic record service.

import { can } from '../../../shared/permissions.js';
import { amendmentTypeRecord } from '../../../shared/schemas/amendment-type.js';
import { amendmentTypes } from '../../db/schema/sales.js';
import { defineRecord } from '../../platform/records.js';

export const AMENDMENT_TYPE = defineRecord({
  key: 'amendmentType',
  table: amendmentTypes,
  objectClass: 'AmendmentType',
  schema: amendmentTypeRecord,
  title: 't.name',
  // Admin screens: administrators only, reading included; the settings page offers the active ones to everyone.
  canRead: (user) => can(user, 'amendmentType', 'read'),
  inUseMessage: 'This amendment type is used by amendments and cannot be deleted. Mark it inactive instead.',
  fields: [
    { name: 'name', column: amendmentTypes.name, label: 'Name' },
    { name: 'description', column: amendmentTypes.description, label: 'Description' },
    { name: 'active', column: amendmentTypes.active, label: 'Active', kind: 'bool' },
  ],
});
