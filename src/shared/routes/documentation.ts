// The documentation books: a book's table of contents is its own route, a page of it (docs/<book>/<page>.md) the book's page route.
import type { RouteDef } from './types.js';

export const routes = [
  {
    name: 'documentation',
    path: '/resources/documentation',
    title: 'Documentation',
    breadcrumb: 'Documentation',
  },
  {
    name: 'documentation_dev',
    path: '/resources/documentation-dev',
    title: 'Documentation (Dev)',
    breadcrumb: 'Documentation (Dev)',
  },
  {
    name: 'documentation_scripting',
    path: '/resources/documentation-scripting',
    title: 'RMM Scripting Documentation',
    breadcrumb: 'RMM Scripting Documentation',
  },
  {
    name: 'monitoring_docs',
    path: '/resources/documentation-dev/monitoring',
    title: 'Monitoring Docs',
    breadcrumb: 'Monitoring Docs',
    parent: 'documentation_dev',
  },
  {
    name: 'documentation_page',
    path: '/resources/documentation/:page',
    title: 'Documentation',
    parent: 'documentation',
  },
  {
    name: 'documentation_dev_page',
    path: '/resources/documentation-dev/:page',
    title: 'Documentation (Dev)',
    parent: 'documentation_dev',
  },
  {
    name: 'documentation_scripting_page',
    path: '/resources/documentation-scripting/:page',
    title: 'RMM Scripting Documentation',
    parent: 'documentation_scripting',
  },
] as const satisfies readonly RouteDef[];
