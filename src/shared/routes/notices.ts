// Notices.
import type { RouteDef } from './types.js';

export const routes = [
  {
    name: 'notices',
    path: '/admin/notice',
    title: 'Notices',
    breadcrumb: 'Notices',
    admin: true,
  },
  {
    name: 'notice_basics',
    path: '/admin/notice/:id',
    breadcrumb: 'Notice',
    parent: 'notices',
    admin: true,
  },
  {
    name: 'notice_history',
    path: '/admin/notice/:id/history',
    breadcrumb: 'Field History',
    parent: 'notice_basics',
    admin: true,
  },
] as const satisfies readonly RouteDef[];
