// Staff members: the list, a member's basics, history and security.
import type { RouteDef } from './types.js';

export const routes = [
  { name: 'staff', path: '/admin/staff', title: 'Staff', breadcrumb: 'Staff', admin: true },
  {
    name: 'staff_basics',
    path: '/admin/staff/:id',
    breadcrumb: 'Staff Member',
    parent: 'staff',
    admin: true,
  },
  {
    name: 'staff_history',
    path: '/admin/staff/:id/history',
    breadcrumb: 'Field History',
    parent: 'staff_basics',
    admin: true,
  },
  {
    name: 'staff_security',
    path: '/admin/staff/:id/security',
    title: 'Staff Security',
    breadcrumb: 'Security',
    parent: 'staff_basics',
    admin: true,
  },
] as const satisfies readonly RouteDef[];
