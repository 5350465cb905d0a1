// Cases (invoices) and their tasks (SPEC §2 "Cases").
import type { RouteDef } from './types.js';

export const routes = [
  { name: 'cases', path: '/manage/case', title: 'Cases & Tasks', breadcrumb: 'Cases & Tasks' },
  {
    name: 'case_create',
    path: '/manage/case/create',
    title: 'New Case',
    breadcrumb: 'Case',
    parent: 'cases',
  },
  { name: 'case_basics', path: '/manage/case/:caseId', breadcrumb: 'Case', parent: 'cases' },
  {
    name: 'case_history',
    path: '/manage/case/:caseId/history',
    breadcrumb: 'Field History',
    parent: 'case_basics',
  },
  { name: 'case_tasks', path: '/manage/case/:caseId/task', breadcrumb: 'Tasks', parent: 'case_basics' },
  {
    name: 'case_task_basics',
    path: '/manage/case/:caseId/task/:taskId',
    breadcrumb: 'Task',
    parent: 'case_tasks',
  },
  {
    name: 'case_task_history',
    path: '/manage/case/:caseId/task/:taskId/history',
    breadcrumb: 'Field History',
    parent: 'case_task_basics',
  },
] as const satisfies readonly RouteDef[];
