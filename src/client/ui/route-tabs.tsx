// The tabs of a record's screens (Basics, Services, …): links to routes, the current one marked; the first tab is
// active on its own path only, the others also on the screens below them.
import { Nav } from 'react-bootstrap';
import { NavLink } from 'react-router';

export type RouteTab = { label: string; to: string };

export function RouteTabs({
  label,
  tabs,
  exact = false,
  className = '',
}: {
  label: string;
  tabs: RouteTab[];
  /** Every tab is active on its own path only (pages whose sub-screens belong to none of them). */
  exact?: boolean;
  className?: string;
}) {
  return (
    <Nav variant="tabs" className={`mb-3 sd-tabs ${className}`.trim()} as="nav" aria-label={label}>
      {tabs.map((t, i) => (
        <Nav.Item key={t.to}>
          <NavLink
            to={t.to}
            end={exact || i === 0}
            className={({ isActive }) => `nav-link${isActive ? ' active' : ''}`}
          >
            {t.label}
          </NavLink>
        </Nav.Item>
      ))}
    </Nav>
  );
}
