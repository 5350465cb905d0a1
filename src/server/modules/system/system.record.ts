// The system record (an organization's documented system); its equipment and software live in join tables
// that system.routes.ts writes and presents.

import { can } from '../../../shared/permissions.js';
import { SYSTEM_CATEGORIES } from '../../../shared/schemas/system.js';
import type { RecordDef } from '../../platform/records.js';

export const SYSTEM: RecordDef = {
  key: 'system',
  table: 'systems',
  objectClass: 'System',
  title: 't.name',
  canRead: (user) => can(user, 'system', 'read'),
  fields: [
    { name: 'name', column: 'name', label: 'Name' },
    { name: 'category', column: 'category', label: 'Category', kind: 'code', codes: SYSTEM_CATEGORIES },
    { name: 'description', column: 'description', label: 'Description' },
    {
      name: 'organization',
      column: 'organization_id',
      label: 'Organization',
      kind: 'ref',
      ref: { table: 'organizations', label: '$.name' },
    },
  ],
};

/** Field labels of the join-table memberships in history. */
export const MEMBERSHIP_LABELS = { equipment: 'Equipment', software: 'Software' } as const;
