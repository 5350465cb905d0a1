// People, top-level and under an organization.
import type { RouteDef } from './types.js';

export const routes = [
  {
    name: 'organization_people',
    path: '/manage/organization/:id/people',
    breadcrumb: 'People',
    parent: 'organization_basics',
  },
  {
    name: 'organization_person_basics',
    path: '/manage/organization/:id/people/:personId',
    breadcrumb: 'Person',
    parent: 'organization_people',
  },
  {
    name: 'organization_person_history',
    path: '/manage/organization/:id/people/:personId/history',
    breadcrumb: 'Field History',
    parent: 'organization_person_basics',
  },
  { name: 'people', path: '/manage/person', title: 'People', breadcrumb: 'People' },
  { name: 'person_basics', path: '/manage/person/:id', breadcrumb: 'Person', parent: 'people' },
  {
    name: 'person_history',
    path: '/manage/person/:id/history',
    breadcrumb: 'Field History',
    parent: 'person_basics',
  },
] as const satisfies readonly RouteDef[];
