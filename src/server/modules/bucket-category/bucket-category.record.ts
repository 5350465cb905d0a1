// The bucket category record (SPEC "BucketCategory"): an admin list, for the generic record service.

import { can } from '../../../shared/permissions.js';
import type { RecordDef } from '../../platform/records.js';

export const BUCKET_CATEGORY: RecordDef = {
  key: 'bucket-category',
  table: 'bucket_categories',
  objectClass: 'BucketCategory',
  title: 't.name',
  canRead: (user) => can(user, 'bucket-category', 'read'),
  inUseMessage: 'This bucket has logged time and cannot be deleted. Mark it inactive instead.',
  fields: [
    { name: 'name', column: 'name', label: 'Bucket' },
    { name: 'description', column: 'description', label: 'Description' },
    { name: 'sortOrder', column: 'sort_order', label: 'Sort Order', kind: 'int' },
    { name: 'active', column: 'active', label: 'Active', kind: 'bool' },
  ],
};
