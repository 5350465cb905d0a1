// The jobs screen.
import { type AreaScreens, screen } from '../screen';

export const screens = {
  jobs: screen(() => import('./jobs-page'), 'JobsPage'),
} satisfies AreaScreens;
