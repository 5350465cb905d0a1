// The staff screens.
import { type AreaScreens, screen } from '../screen';

export const screens = {
  staff: screen(() => import('./staff-list-page'), 'StaffListPage'),
  staff_basics: screen(() => import('./staff-basics-page'), 'StaffBasicsPage'),
  staff_history: screen(() => import('./staff-history-page'), 'StaffHistoryPage'),
  staff_security: screen(() => import('./staff-security-page'), 'StaffSecurityPage'),
} satisfies AreaScreens;
