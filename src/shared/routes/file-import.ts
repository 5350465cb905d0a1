// RMM file imports and their runs.
import type { RouteDef } from './types.js';

export const routes = [
  {
    name: 'file_import',
    path: '/admin/file-import',
    title: 'Admin Files Import',
    breadcrumb: 'Admin Files Import',
    admin: true,
  },
  {
    name: 'file_import_run',
    path: '/admin/file-import/:runId',
    breadcrumb: 'Import',
    parent: 'file_import',
    admin: true,
  },
] as const satisfies readonly RouteDef[];
