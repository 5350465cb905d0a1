// The background jobs (developers).
import type { RouteDef } from './types.js';

export const routes = [
  { name: 'jobs', path: '/admin/jobs', title: 'Jobs', breadcrumb: 'Jobs', developer: true },
] as const satisfies readonly RouteDef[];
