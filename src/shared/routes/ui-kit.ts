// The UI kit gallery (developers, outside production).
import type { RouteDef } from './types.js';

export const routes = [
  {
    name: 'ui_kit',
    path: '/resources/ui-kit',
    title: 'UI Kit',
    breadcrumb: 'UI Kit',
    developer: true,
    environments: ['dev', 'design', 'staging'],
  },
] as const satisfies readonly RouteDef[];
