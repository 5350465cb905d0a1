// The admin pick-list screens (one chunk).
import { type AreaScreens, screen } from '../screen';

export const screens = {
  device_categories: screen(() => import('./pick-list-screens'), 'DeviceCategoryListPage'),
  device_category_basics: screen(() => import('./pick-list-screens'), 'DeviceCategoryBasicsPage'),
  device_category_history: screen(() => import('./pick-list-screens'), 'DeviceCategoryHistoryPage'),
  outage_types: screen(() => import('./pick-list-screens'), 'OutageTypeListPage'),
  outage_type_basics: screen(() => import('./pick-list-screens'), 'OutageTypeBasicsPage'),
  outage_type_history: screen(() => import('./pick-list-screens'), 'OutageTypeHistoryPage'),
  departments: screen(() => import('./pick-list-screens'), 'DepartmentListPage'),
  department_basics: screen(() => import('./pick-list-screens'), 'DepartmentBasicsPage'),
  department_history: screen(() => import('./pick-list-screens'), 'DepartmentHistoryPage'),
  buckets: screen(() => import('./pick-list-screens'), 'BucketListPage'),
  bucket_basics: screen(() => import('./pick-list-screens'), 'BucketBasicsPage'),
  bucket_history: screen(() => import('./pick-list-screens'), 'BucketHistoryPage'),
  service_types: screen(() => import('./pick-list-screens'), 'ServiceTypeListPage'),
  service_type_basics: screen(() => import('./pick-list-screens'), 'ServiceTypeBasicsPage'),
  service_type_history: screen(() => import('./pick-list-screens'), 'ServiceTypeHistoryPage'),
  amendment_types: screen(() => import('./pick-list-screens'), 'AmendmentTypeListPage'),
  amendment_type_basics: screen(() => import('./pick-list-screens'), 'AmendmentTypeBasicsPage'),
  amendment_type_history: screen(() => import('./pick-list-screens'), 'AmendmentTypeHistoryPage'),
} satisfies AreaScreens;
