// Organizations (clients): the list, an organization's basics and history; its tabs belong to their areas.
import type { RouteDef } from './types.js';

export const routes = [
  {
    name: 'organizations',
    path: '/manage/organization',
    title: 'Organizations',
    breadcrumb: 'Organizations',
  },
  {
    name: 'organization_basics',
    path: '/manage/organization/:id',
    breadcrumb: 'Organization',
    parent: 'organizations',
  },
  {
    name: 'organization_history',
    path: '/manage/organization/:id/history',
    breadcrumb: 'Field History',
    parent: 'organization_basics',
  },
] as const satisfies readonly RouteDef[];
