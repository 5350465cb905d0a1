// The tabs of one organization: Basics and what it owns (people, equipment, software, systems, agreements,
// opportunities).
import { Nav } from 'react-bootstrap';
import { NavLink } from 'react-router';
import { pathFor, type RouteName } from '../../../shared/routes';

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
    <Nav variant="tabs" className="mb-3 sd-tabs" as="nav" aria-label="Organization">
      {TABS.map((t) => (
        <Nav.Item key={t.route}>
          <NavLink
            to={pathFor(t.route, { id })}
            end={t.route === 'organization_basics'}
            className={({ isActive }) => `nav-link${isActive ? ' active' : ''}`}
          >
            {t.label}
          </NavLink>
        </Nav.Item>
      ))}
    </Nav>
  );
}
