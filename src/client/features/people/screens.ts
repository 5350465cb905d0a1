// The people screens, top-level and under an organization (one chunk).
import { type AreaScreens, screen } from '../screen';

export const screens = {
  people: screen(() => import('./person-screens'), 'PeopleListPage'),
  person_basics: screen(() => import('./person-screens'), 'PersonBasicsPage'),
  person_history: screen(() => import('./person-screens'), 'PersonHistoryPage'),
  organization_people: screen(() => import('./person-screens'), 'OrganizationPeoplePage'),
  organization_person_basics: screen(() => import('./person-screens'), 'OrganizationPersonBasicsPage'),
  organization_person_history: screen(() => import('./person-screens'), 'PersonHistoryPage'),
} satisfies AreaScreens;
