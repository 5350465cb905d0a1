// The tabs of a staff member's screens: Basics, Security, History.
import { pathFor } from '../../../shared/routes';
import { RouteTabs } from '../../ui/route-tabs';

export function StaffTabs({ id }: { id: string }) {
  return (
    <RouteTabs
      label="Staff member"
      exact
      tabs={[
        { label: 'Basics', to: pathFor('staff_basics', { id }) },
        { label: 'Security', to: pathFor('staff_security', { id }) },
        { label: 'History', to: pathFor('staff_history', { id }) },
      ]}
    />
  );
}
