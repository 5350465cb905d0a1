// Required uploads (report notices).
import type { RouteDef } from './types.js';

export const routes = [
  {
    name: 'required_uploads',
    path: '/admin/required-upload',
    title: 'Required Uploads',
    breadcrumb: 'Required Uploads',
    admin: true,
  },
  {
    name: 'required_upload_basics',
    path: '/admin/required-upload/:id',
    breadcrumb: 'Required Upload',
    parent: 'required_uploads',
    admin: true,
  },
  {
    name: 'required_upload_history',
    path: '/admin/required-upload/:id/history',
    breadcrumb: 'Field History',
    parent: 'required_upload_basics',
    admin: true,
  },
] as const satisfies readonly RouteDef[];
