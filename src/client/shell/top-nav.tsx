// The top navigation: brand with environment badge, the viewer's menu (SPEC §2 "Menus") and the user menu.
import { useRef } from 'react';
import { Badge, Container, Nav, Navbar, NavDropdown } from 'react-bootstrap';
import { Link } from 'react-router';
import {
  type Environment,
  type MenuEntry,
  type MenuItem,
  pathFor,
  ROUTES,
  type RouteName,
} from '../../shared/routes';
import { useCalendarOptional } from '../features/calendar/calendar-state';
import { SearchToggle } from '../features/search/search-toggle';
import { useDailyOptional } from '../features/slips/daily-state';
import { useTopNavHeight } from './use-top-nav-height';

export type TopNavProps = {
  menu: MenuEntry[];
  userName: string;
  badge: string;
  environment: Environment;
};

/** Developer-only items are tagged DEV; items limited to environments carry the environment's name. */
export function menuTag(item: MenuItem, environment: Environment): string | null {
  if (item.developer) return 'DEV';
  if (item.environments) return environment.toUpperCase();
  return null;
}

function itemHref(item: MenuItem): { href: string; external: boolean } {
  const route = ROUTES[item.route];
  if (route?.external) return { href: route.path, external: true };
  return { href: pathFor(item.route as RouteName), external: false };
}

function MenuLink({
  item,
  inDropdown,
  environment,
}: {
  item: MenuItem;
  inDropdown: boolean;
  environment: Environment;
}) {
  const { href, external } = itemHref(item);
  const Item = inDropdown ? NavDropdown.Item : Nav.Link;
  const label = menuTag(item, environment);
  const tag = label ? (
    <Badge bg="secondary" className="ms-2 sd-menu-tag">
      {label}
    </Badge>
  ) : null;
  if (external) {
    // Routes outside the app are ordinary links (full page load).
    return (
      <Item href={href}>
        {item.label}
        {tag}
      </Item>
    );
  }
  return (
    <Item as={Link} to={href}>
      {item.label}
      {tag}
    </Item>
  );
}

/** Opens (or closes) the daily slips side panel (SPEC §2 "Shell panels"). */
function DailyToggle() {
  const daily = useDailyOptional();
  if (!daily) return null;
  return (
    <Nav className="ms-auto me-2 order-lg-last ms-lg-2 me-lg-0">
      <Nav.Link
        as="button"
        type="button"
        className="btn btn-link sd-daily-toggle"
        aria-pressed={daily.showing}
        onClick={() => (daily.showing ? daily.close() : daily.open())}
      >
        Daily
      </Nav.Link>
    </Nav>
  );
}

/** Opens the weekly / daily calendar summary (SPEC §2 "Shell panels"). */
function CalendarToggle() {
  const calendar = useCalendarOptional();
  if (!calendar) return null;
  return (
    <Nav className="me-2 order-lg-last ms-lg-2 me-lg-0">
      <Nav.Link
        as="button"
        type="button"
        className="btn btn-link sd-calendar-toggle"
        aria-haspopup="dialog"
        onClick={calendar.open}
      >
        Calendar
      </Nav.Link>
    </Nav>
  );
}

export function TopNav({ menu, userName, badge, environment }: TopNavProps) {
  const production = environment === 'prod';
  const ref = useRef<HTMLElement>(null);
  useTopNavHeight(ref);
  return (
    <Navbar
      ref={ref}
      expand="lg"
      variant="dark"
      data-bs-theme="dark"
      aria-label="Main"
      className="sd-topnav py-1"
      sticky="top"
    >
      <Container fluid>
        <Navbar.Brand as={Link} to="/" className="d-flex align-items-center gap-2">
          <span className="sd-brand">SD6</span>
          <Badge
            bg={production ? 'secondary' : 'warning'}
            text={production ? undefined : 'dark'}
            data-testid="env-badge"
          >
            {badge}
          </Badge>
        </Navbar.Brand>
        <DailyToggle />
        <CalendarToggle />
        <SearchToggle />
        <Navbar.Toggle aria-controls="sd-topnav-menu" />
        <Navbar.Collapse id="sd-topnav-menu">
          <Nav className="me-auto" data-testid="main-menu">
            {menu.map((entry) =>
              'route' in entry ? (
                <MenuLink key={entry.label} item={entry} inDropdown={false} environment={environment} />
              ) : (
                <NavDropdown key={entry.label} title={entry.label} id={`menu-${entry.label.toLowerCase()}`}>
                  {entry.groups.map((group, index) => (
                    <div key={group.label ?? index}>
                      {index > 0 ? <NavDropdown.Divider /> : null}
                      {group.label ? <NavDropdown.Header>{group.label}</NavDropdown.Header> : null}
                      {group.items.map((item) => (
                        <MenuLink key={item.route} item={item} inDropdown environment={environment} />
                      ))}
                    </div>
                  ))}
                </NavDropdown>
              ),
            )}
          </Nav>
          <Nav data-testid="user-menu">
            <NavDropdown title={userName} id="user-menu" align="end">
              <NavDropdown.Item as={Link} to={pathFor('profile')}>
                Profile
              </NavDropdown.Item>
              <NavDropdown.Divider />
              {/* A plain link: /logout ends the session with a full page load. */}
              <NavDropdown.Item href="/logout">Log Out</NavDropdown.Item>
            </NavDropdown>
          </Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
