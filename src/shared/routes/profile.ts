// The signed-in user's own profile and its field history.
import type { RouteDef } from './types.js';

export const routes = [
  { name: 'profile', path: '/profile', title: 'Profile', breadcrumb: 'Profile' },
  {
    name: 'profile_history',
    path: '/profile/history',
    title: 'Profile History',
    breadcrumb: 'Field History',
    parent: 'profile',
  },
] as const satisfies readonly RouteDef[];
