// The tab strip of the sales settings pages (SPEC §2: one breadcrumb "Sales Settings" over four pages): each
// viewer sees the pages open to them; alone on the only one (a non-administrator on Amendments), no strip.
import { useQuery } from '@tanstack/react-query';
import { pathFor, ROUTES, type RouteName } from '../../../shared/routes';
import { profileQuery } from '../../api/profile';
import { RouteTabs } from '../../ui/route-tabs';

const TABS: { route: RouteName; label: string }[] = [
  { route: 'sales_settings_opportunity', label: 'Opportunities' },
  { route: 'sales_settings_amendment', label: 'Amendments' },
  { route: 'sales_settings_roles', label: 'Roles' },
  { route: 'sales_settings_esignature', label: 'E-Signature' },
];

export function SalesSettingsTabs() {
  const { data: profile } = useQuery(profileQuery);
  const tabs = TABS.filter((t) => profile?.isAdmin || !ROUTES[t.route]?.admin);
  if (tabs.length < 2) return null;
  return (
    <RouteTabs
      label="Sales Settings"
      exact
      className="sd-tabs-scroll"
      tabs={tabs.map((t) => ({ label: t.label, to: pathFor(t.route) }))}
    />
  );
}
