// Equipment, top-level (with saved filters in the path) and under an organization.
import type { RouteDef } from './types.js';

export const routes = [
  {
    name: 'organization_equipment',
    path: '/manage/organization/:id/equipment',
    breadcrumb: 'Equipment',
    parent: 'organization_basics',
  },
  {
    name: 'organization_equipment_basics',
    path: '/manage/organization/:id/equipment/:equipmentId',
    breadcrumb: 'Equipment',
    parent: 'organization_equipment',
  },
  {
    name: 'organization_equipment_history',
    path: '/manage/organization/:id/equipment/:equipmentId/history',
    breadcrumb: 'Field History',
    parent: 'organization_equipment_basics',
  },
  { name: 'equipment', path: '/manage/equipment', title: 'Equipment', breadcrumb: 'Equipment' },
  {
    name: 'equipment_filtered',
    path: '/manage/equipment/filter/:filters',
    title: 'Equipment',
    breadcrumb: 'Equipment',
  },
  { name: 'equipment_basics', path: '/manage/equipment/:id', breadcrumb: 'Equipment', parent: 'equipment' },
  {
    name: 'equipment_history',
    path: '/manage/equipment/:id/history',
    breadcrumb: 'Field History',
    parent: 'equipment_basics',
  },
] as const satisfies readonly RouteDef[];
