// The system record (an organization's documented system); its equipment and software live in join tables
// that system.routes.ts writes and presents.

import { can } from '../../../shared/permissions.js';
import { SYSTEM_CATEGORIES, systemRecord } from '../../../shared/schemas/system.js';
import { organizations, systems } from '../../db/schema/inventory.js';
import { defineRecord } from '../../platform/records.js';

export const SYSTEM = defineRecord({
  key: 'system',
  table: systems,
  objectClass: 'System',
  schema: systemRecord,
  title: 't.name',
  canRead: (user) => can(user, 'system', 'read'),
  fields: [
    { name: 'name', column: systems.name, label: 'Name' },
    { name: 'category', column: systems.category, label: 'Category', kind: 'code', codes: SYSTEM_CATEGORIES },
    { name: 'description', column: systems.description, label: 'Description' },
    {
      name: 'organization',
      column: systems.organizationId,
      label: 'Organization',
      kind: 'ref',
      ref: { table: organizations, label: '$.name' },
    },
  ],
});

/** Field labels of the join-table memberships in history. */
export const MEMBERSHIP_LABELS = { equipment: 'Equipment', software: 'Software' } as const;
