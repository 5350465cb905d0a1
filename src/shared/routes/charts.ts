// Charts.
import type { RouteDef } from './types.js';

export const routes = [
  { name: 'charts', path: '/manage/charts', title: 'Charts', breadcrumb: 'Charts', admin: true },
] as const satisfies readonly RouteDef[];
