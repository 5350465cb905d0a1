// A task's time slips.
import type { RouteDef } from './types.js';

export const routes = [
  {
    name: 'case_task_slips',
    path: '/manage/case/:caseId/task/:taskId/slip',
    breadcrumb: 'Slips',
    parent: 'case_task_basics',
  },
  {
    name: 'case_task_slip_basics',
    path: '/manage/case/:caseId/task/:taskId/slip/:slipId',
    breadcrumb: 'Slip',
    parent: 'case_task_slips',
  },
  {
    name: 'case_task_slip_basics_edit',
    path: '/manage/case/:caseId/task/:taskId/slip/:slipId/edit',
    breadcrumb: 'Slip',
    parent: 'case_task_slips',
  },
  {
    name: 'case_task_slip_basics_copy',
    path: '/manage/case/:caseId/task/:taskId/slip/:slipId/copy',
    breadcrumb: 'Slip',
    parent: 'case_task_slips',
  },
] as const satisfies readonly RouteDef[];
