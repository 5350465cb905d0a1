// The case and task grammar.
import type { RouteDef } from './types.js';

export const routes = [
  {
    name: 'language_settings',
    path: '/admin/case',
    title: 'Case & Task Grammar',
    breadcrumb: 'Case & Task Grammar',
  },
  {
    name: 'language_settings_history',
    path: '/admin/case/history',
    breadcrumb: 'Field History',
    parent: 'language_settings',
  },
] as const satisfies readonly RouteDef[];
