// An organization's systems.
import type { RouteDef } from './types.js';

export const routes = [
  {
    name: 'organization_systems',
    path: '/manage/organization/:id/systems',
    breadcrumb: 'Systems',
    parent: 'organization_basics',
  },
  {
    name: 'organization_system_basics',
    path: '/manage/organization/:id/systems/:systemId',
    breadcrumb: 'System',
    parent: 'organization_systems',
  },
] as const satisfies readonly RouteDef[];
