// The outage screens.
import { type AreaScreens, screen } from '../screen';

export const screens = {
  outages: screen(() => import('./outage-screens'), 'OutageListPage'),
  outage_basics: screen(() => import('./outage-screens'), 'OutageBasicsPage'),
  outage_history: screen(() => import('./outage-screens'), 'OutageHistoryPage'),
} satisfies AreaScreens;
