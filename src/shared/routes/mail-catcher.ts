// The mail catcher (dev and design only).
import type { RouteDef } from './types.js';

export const routes = [
  {
    name: 'mail_catcher',
    path: '/resources/mail-catcher',
    title: 'Mail Catcher',
    breadcrumb: 'Mail Catcher',
    admin: true,
    environments: ['dev', 'design'],
  },
] as const satisfies readonly RouteDef[];
