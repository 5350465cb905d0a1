// The charts screen.
import { type AreaScreens, screen } from '../screen';

export const screens = {
  charts: screen(() => import('./charts-page'), 'ChartsPage'),
} satisfies AreaScreens;
