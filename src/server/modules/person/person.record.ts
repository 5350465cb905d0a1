// The person record (an organization's contact): table, fields and references, for the generic record service.

import { can } from '../../../shared/permissions.js';
import { personRecord } from '../../../shared/schemas/person.js';
import { organizations, people } from '../../db/schema/inventory.js';
import { defineRecord } from '../../platform/records.js';

export const PERSON = defineRecord({
  key: 'person',
  table: people,
  objectClass: 'Person',
  schema: personRecord,
  title: `t.first_name || ' ' || t.last_name`,
  canRead: (user) => can(user, 'person', 'read'),
  inUseMessage: 'This person is in use elsewhere and cannot be deleted. Mark the person inactive instead.',
  fields: [
    { name: 'firstName', column: people.firstName, label: 'First Name' },
    { name: 'lastName', column: people.lastName, label: 'Last Name' },
    { name: 'title', column: people.title, label: 'Title' },
    { name: 'email', column: people.email, label: 'Email' },
    { name: 'phone', column: people.phone, label: 'Phone' },
    { name: 'mobile', column: people.mobile, label: 'Mobile' },
    {
      name: 'organization',
      column: people.organizationId,
      label: 'Organization',
      kind: 'ref',
      ref: { table: organizations, label: '$.name' },
    },
    { name: 'active', column: people.active, label: 'Active', kind: 'bool' },
    { name: 'notes', column: people.notes, label: 'Notes' },
  ],
});
