// The software screens, top-level and under an organization (one chunk).
import { type AreaScreens, screen } from '../screen';

export const screens = {
  software: screen(() => import('./software-screens'), 'SoftwareListPage'),
  software_basics: screen(() => import('./software-screens'), 'SoftwareBasicsPage'),
  software_history: screen(() => import('./software-screens'), 'SoftwareHistoryPage'),
  organization_software: screen(() => import('./software-screens'), 'OrganizationSoftwarePage'),
  organization_software_basics: screen(() => import('./software-screens'), 'OrganizationSoftwareBasicsPage'),
  organization_software_history: screen(() => import('./software-screens'), 'SoftwareHistoryPage'),
} satisfies AreaScreens;
