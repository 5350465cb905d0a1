// The case and task screens.
import { type AreaScreens, screen } from '../screen';

export const screens = {
  cases: screen(() => import('./case-list-page'), 'CaseListPage'),
  case_create: screen(() => import('./case-screens'), 'CaseBasicsPage'),
  case_basics: screen(() => import('./case-screens'), 'CaseBasicsPage'),
  case_history: screen(() => import('./case-screens'), 'CaseHistoryPage'),
  case_tasks: screen(() => import('./task-screens'), 'CaseTasksPage'),
  case_task_basics: screen(() => import('./task-screens'), 'TaskBasicsPage'),
  case_task_history: screen(() => import('./task-screens'), 'TaskHistoryPage'),
} satisfies AreaScreens;
