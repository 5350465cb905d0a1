// The file manager (a full page load outside the single-page app).
import type { RouteDef } from './types.js';

export const routes = [
  {
    name: 'file_manager',
    path: '/admin/file-manager',
    title: 'File Manager',
    admin: true,
    external: true,
  },
] as const satisfies readonly RouteDef[];
