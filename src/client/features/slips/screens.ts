// A task's slip screens.
import { type AreaScreens, screen } from '../screen';

export const screens = {
  case_task_slips: screen(() => import('./slip-screens'), 'TaskSlipsPage'),
  case_task_slip_basics: screen(() => import('./slip-screens'), 'SlipBasicsPage'),
  case_task_slip_basics_edit: screen(() => import('./slip-screens'), 'SlipBasicsPage'),
  case_task_slip_basics_copy: screen(() => import('./slip-screens'), 'SlipBasicsPage'),
} satisfies AreaScreens;
