// The tabs of an organization's screens; administrator tabs (Reports, Report History) only for administrators.
import { useQuery } from '@tanstack/react-query';
import { pathFor, ROUTES, type RouteName } from '../../../shared/routes';
import { profileQuery } from '../../api/profile';
import { RouteTabs } from '../../ui/route-tabs';

const TABS: { label: string; route: RouteName }[] = [
  { label: 'Basics', route: 'organization_basics' },
  { label: 'People', route: 'organization_people' },
  { label: 'Equipment', route: 'organization_equipment' },
  { label: 'Software', route: 'organization_software' },
  { label: 'Systems', route: 'organization_systems' },
  { label: 'Agreements', route: 'organization_agreements' },
  { label: 'Opportunities', route: 'organization_opportunities' },
  { label: 'Reports', route: 'organization_reports' },
  { label: 'Report History', route: 'organization_report_history' },
];

export function OrganizationTabs({ id }: { id: string | number }) {
  const { data: profile } = useQuery(profileQuery);
  const tabs = TABS.filter((t) => profile?.isAdmin || !ROUTES[t.route]?.admin);
  return (
    <RouteTabs
      label="Organization"
      tabs={tabs.map((t) => ({ label: t.label, to: pathFor(t.route, { id }) }))}
    />
  );
}
