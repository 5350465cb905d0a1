// An organization's systems screens.
import { type AreaScreens, screen } from '../screen';

export const screens = {
  organization_systems: screen(() => import('./system-screens'), 'OrganizationSystemsPage'),
  organization_system_basics: screen(() => import('./system-screens'), 'OrganizationSystemBasicsPage'),
} satisfies AreaScreens;
