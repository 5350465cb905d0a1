// Software, top-level and under an organization.
import type { RouteDef } from './types.js';

export const routes = [
  {
    name: 'organization_software',
    path: '/manage/organization/:id/software',
    breadcrumb: 'Software',
    parent: 'organization_basics',
  },
  {
    name: 'organization_software_basics',
    path: '/manage/organization/:id/software/:softwareId',
    breadcrumb: 'Software',
    parent: 'organization_software',
  },
  {
    name: 'organization_software_history',
    path: '/manage/organization/:id/software/:softwareId/history',
    breadcrumb: 'Field History',
    parent: 'organization_software_basics',
  },
  { name: 'software', path: '/manage/software', title: 'Software', breadcrumb: 'Software' },
  {
    name: 'software_basics',
    path: '/manage/software/:id',
    breadcrumb: 'Software',
    parent: 'software',
  },
  {
    name: 'software_history',
    path: '/manage/software/:id/history',
    breadcrumb: 'Field History',
    parent: 'software_basics',
  },
] as const satisfies readonly RouteDef[];
