// The profile screens.
import { type AreaScreens, screen } from '../screen';

export const screens = {
  profile: screen(() => import('./profile-page'), 'ProfilePage'),
  profile_history: screen(() => import('./profile-history-page'), 'ProfileHistoryPage'),
} satisfies AreaScreens;
