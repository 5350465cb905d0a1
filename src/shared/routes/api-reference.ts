// The API reference.
import type { RouteDef } from './types.js';

export const routes = [
  {
    name: 'api_reference',
    path: '/resources/api',
    title: 'API Reference',
    breadcrumb: 'API Reference',
  },
] as const satisfies readonly RouteDef[];
