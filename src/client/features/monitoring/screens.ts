// The monitoring dashboard screen.
import { type AreaScreens, screen } from '../screen';

export const screens = {
  monitoring_dashboard: screen(() => import('./monitoring-page'), 'MonitoringPage'),
} satisfies AreaScreens;
