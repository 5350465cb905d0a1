// The person record (an organization's contact): table, fields and references, for the generic record service.

import { can } from '../../../shared/permissions.js';
import type { RecordDef } from '../../platform/records.js';

export const PERSON: RecordDef = {
  key: 'person',
  table: 'people',
  objectClass: 'Person',
  title: `t.first_name || ' ' || t.last_name`,
  canRead: (user) => can(user, 'person', 'read'),
  inUseMessage: 'This person is in use elsewhere and cannot be deleted. Mark the person inactive instead.',
  fields: [
    { name: 'firstName', column: 'first_name', label: 'First Name' },
    { name: 'lastName', column: 'last_name', label: 'Last Name' },
    { name: 'title', column: 'title', label: 'Title' },
    { name: 'email', column: 'email', label: 'Email' },
    { name: 'phone', column: 'phone', label: 'Phone' },
    { name: 'mobile', column: 'mobile', label: 'Mobile' },
    {
      name: 'organization',
      column: 'organization_id',
      label: 'Organization',
      kind: 'ref',
      ref: { table: 'organizations', label: '$.name' },
    },
    { name: 'active', column: 'active', label: 'Active', kind: 'bool' },
    { name: 'notes', column: 'notes', label: 'Notes' },
  ],
};
