// Accounting: where invoice lines go in the accounting exports (account codes, items, tax codes).
import type { RouteDef } from './types.js';

export const routes = [
  {
    name: 'accounting_mapping',
    path: '/admin/accounting-mapping',
    title: 'Accounting Mapping',
    breadcrumb: 'Accounting Mapping',
    admin: true,
  },
  {
    name: 'accounting_mapping_history',
    path: '/admin/accounting-mapping/history',
    breadcrumb: 'Field History',
    parent: 'accounting_mapping',
    admin: true,
  },
] as const satisfies readonly RouteDef[];
