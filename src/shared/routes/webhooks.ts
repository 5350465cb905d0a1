// Webhooks (administrators): the endpoints, one endpoint with its deliveries, and its field history.
import type { RouteDef } from './types.js';

export const routes = [
  { name: 'webhooks', path: '/admin/webhooks', breadcrumb: 'Webhooks', admin: true },
  {
    name: 'webhook_basics',
    path: '/admin/webhooks/:id',
    breadcrumb: 'Endpoint',
    parent: 'webhooks',
    admin: true,
  },
  {
    name: 'webhook_history',
    path: '/admin/webhooks/:id/history',
    breadcrumb: 'Field History',
    parent: 'webhook_basics',
    admin: true,
  },
] as const satisfies readonly RouteDef[];
