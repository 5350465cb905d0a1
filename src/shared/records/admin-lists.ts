// The admin pick lists: device categories, outage types, departments, buckets, amendment and service types.
// Its kinds of record and history classes (beside its routes, routes/admin-lists.ts, but not loaded with them).
import { ADMIN, type HistoryLabels, type RecordRows } from '../access.js';

/** The area's kinds of record: who may read, change and delete them, and their row of README's table. */
export const records = {
  department: { access: ADMIN, readme: ['Admin lists', 'departments'] },
  'bucket-category': { access: ADMIN, readme: ['Admin lists', 'bucket categories'] },
  'device-category': { access: ADMIN, readme: ['Admin lists', 'device categories'] },
  'outage-type': { access: ADMIN, readme: ['Admin lists', 'outage types'] },
  amendmentType: { access: ADMIN, readme: ['Admin lists', 'amendment types'] },
  serviceType: { access: ADMIN, readme: ['Admin lists', 'service types'] },
} as const satisfies RecordRows;

/** Field history's classes of these records, by the names users know. */
export const historyLabels = {
  Department: 'Department',
  BucketCategory: 'Bucket',
  EquipmentCategory: 'Device Category',
  OutageType: 'Outage Type',
  AmendmentType: 'Amendment Type',
  ServiceType: 'Service Type',
} as const satisfies HistoryLabels;
