// The bucket category record (SPEC "BucketCategory"): an admin list, for the generic record service.

import { can } from '../../../shared/permissions.js';
import { bucketCategoryRecord } from '../../../shared/schemas/bucket-category.js';
import { bucketCategories } from '../../db/schema/work.js';
import { defineRecord } from '../../platform/records.js';

export const BUCKET_CATEGORY = defineRecord({
  key: 'bucket-category',
  table: bucketCategories,
  objectClass: 'BucketCategory',
  schema: bucketCategoryRecord,
  title: 't.name',
  canRead: (user) => can(user, 'bucket-category', 'read'),
  inUseMessage: 'This bucket has logged time and cannot be deleted. Mark it inactive instead.',
  fields: [
    { name: 'name', column: bucketCategories.name, label: 'Bucket' },
    { name: 'description', column: bucketCategories.description, label: 'Description' },
    { name: 'sortOrder', column: bucketCategories.sortOrder, label: 'Sort Order', kind: 'int' },
    { name: 'active', column: bucketCategories.active, label: 'Active', kind: 'bool' },
  ],
});
