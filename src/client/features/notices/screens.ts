// The notice screens.
import { type AreaScreens, screen } from '../screen';

export const screens = {
  notices: screen(() => import('./notice-screens'), 'NoticeListPage'),
  notice_basics: screen(() => import('./notice-screens'), 'NoticeBasicsPage'),
  notice_history: screen(() => import('./notice-screens'), 'NoticeHistoryPage'),
} satisfies AreaScreens;
