// The organization screens (the tabs under an organization are their areas').
import { type AreaScreens, screen } from '../screen';

export const screens = {
  organizations: screen(() => import('./organization-list-page'), 'OrganizationListPage'),
  organization_basics: screen(() => import('./organization-basics-page'), 'OrganizationBasicsPage'),
  organization_history: screen(() => import('./organization-history-page'), 'OrganizationHistoryPage'),
} satisfies AreaScreens;
