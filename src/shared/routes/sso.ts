// Single sign-on settings (the sign-in page itself is in auth).
import type { RouteDef } from './types.js';

export const routes = [
  {
    name: 'sso_settings',
    path: '/admin/sso',
    title: 'SSO Settings',
    breadcrumb: 'SSO Settings',
    admin: true,
  },
  {
    name: 'sso_settings_history',
    path: '/admin/sso/history',
    breadcrumb: 'Field History',
    parent: 'sso_settings',
    admin: true,
  },
] as const satisfies readonly RouteDef[];
