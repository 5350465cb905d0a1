// Outages.
import type { RouteDef } from './types.js';

export const routes = [
  { name: 'outages', path: '/manage/outage', title: 'Outages', breadcrumb: 'Outages' },
  { name: 'outage_basics', path: '/manage/outage/:id', breadcrumb: 'Outage', parent: 'outages' },
  {
    name: 'outage_history',
    path: '/manage/outage/:id/history',
    breadcrumb: 'Field History',
    parent: 'outage_basics',
  },
] as const satisfies readonly RouteDef[];
