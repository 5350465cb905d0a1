// The monitoring dashboard.
import type { RouteDef } from './types.js';

export const routes = [
  {
    name: 'monitoring_dashboard',
    path: '/resources/monitoring',
    title: 'Monitoring Dashboard',
    breadcrumb: 'Monitoring Dashboard',
    admin: true,
  },
] as const satisfies readonly RouteDef[];
