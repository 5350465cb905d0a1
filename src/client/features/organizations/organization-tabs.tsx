import { pathFor, type RouteName } from '../../../shared/routes';
import { RouteTabs } from '../../ui/route-tabs';

const TABS: { label: string; route: RouteName }[] = [
  { label: 'Basics', route: 'organization_basics' },
  { label: 'People', route: 'organization_people' },
  { label: 'Equipment', route: 'organization_equipment' },
  { label: 'Software', route: 'organization_software' },
  { label: 'Systems', route: 'organization_systems' },
  { label: 'Agreements', route: 'organization_agreements' },
  { label: 'Opportunities', route: 'organization_opportunities' },
];

export function OrganizationTabs({ id }: { id: string | number }) {
  return (
    <RouteTabs
      label="Organization"
      tabs={TABS.map((t) => ({ label: t.label, to: pathFor(t.route, { id }) }))}
    />
  );
}
