// The top navigation: brand with environment badge, the viewer's menu (SPEC §2 "Menus") and the user menu.
import { type ReactNode, Suspense, useContext, useMemo, useRef, useState } from 'react';
import { Badge, Container, Nav } from 'react-bootstrap';
import NavbarContext from 'react-bootstrap/NavbarContext';
import { Link } from 'react-router';
import type { Environment, MenuEntry } from '../../shared/routes';
import { useCalendarOptional } from '../features/calendar/calendar-state';
import { OfflineStatus } from '../features/offline/offline-status';
import { SearchToggle } from '../features/search/search-toggle';
import { useDailyOptional } from '../features/slips/daily-state';
import { TimerWidget } from '../features/timer/timer-shell';
import { lazyComponent } from './lazy-chunk';
import { MenuLink } from './menu-link';
import type { EntryDropdown as EntryDropdownType, UserDropdown as UserDropdownType } from './nav-menus';
import { useTopNavHeight } from './use-top-nav-height';
import { useIdle } from './when-idle';

export { menuTag } from './menu-link';

const loadMenus = () => import('./nav-menus');
const EntryDropdown = lazyComponent<Parameters<typeof EntryDropdownType>[0]>(
  'nav_menus',
  loadMenus,
  'EntryDropdown',
);
const UserDropdown = lazyComponent<Parameters<typeof UserDropdownType>[0]>(
  'nav_menus',
  loadMenus,
  'UserDropdown',
);

/**
 * A drop-down menu whose code loads when the page is idle or is clicked (fetched already when the pointer or focus
 * reaches it, without re-rendering under a click): until then its toggle, which opens the menu once the code is there.
 */
function Deferred({
  title,
  id,
  children,
}: {
  title: string;
  id: string;
  children: (open: boolean) => ReactNode;
}) {
  const idle = useIdle();
  const [open, setOpen] = useState(false);
  const preload = () => void loadMenus().catch(() => undefined);
  const toggle = (
    <div className="nav-item dropdown">
      <button
        type="button"
        id={id}
        aria-expanded="false"
        className="nav-link dropdown-toggle"
        data-menu-pending=""
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
      >
        {title}
      </button>
    </div>
  );
  if (!idle && !open) return toggle;
  return <Suspense fallback={toggle}>{children(open)}</Suspense>;
}

export type TopNavProps = {
  menu: MenuEntry[];
  userName: string;
  badge: string;
  environment: Environment;
};

/**
 * Opens (or closes) the daily slips side panel (SPEC §2 "Shell panels"); beside it, Offline and the count of changes
 * not yet saved (issue 16).
 */
function DailyToggle() {
  const daily = useDailyOptional();
  if (!daily) return null;
  return (
    <Nav className="flex-row align-items-center ms-auto me-1 me-sm-2 order-lg-last ms-lg-2 me-lg-0">
      <OfflineStatus />
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
    <Nav className="me-1 me-sm-2 order-lg-last ms-lg-2 me-lg-0">
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

/**
 * The navigation bar in Bootstrap's own markup rather than react-bootstrap's Navbar: that component carries its
 * offcanvas variant and with it the modal code (about 8 kB gzip) into every first screen. The context it would
 * provide is provided here, so Nav renders as `navbar-nav` and the drop-down menus open in place (no Popper).
 */
function NavBar({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLElement>(null);
  useTopNavHeight(ref);
  const [expanded, setExpanded] = useState(false);
  const context = useMemo(
    () => ({ onToggle: () => setExpanded((e) => !e), bsPrefix: 'navbar', expanded, expand: 'lg' as const }),
    [expanded],
  );
  return (
    <NavbarContext.Provider value={context}>
      <nav
        ref={ref}
        data-bs-theme="dark"
        aria-label="Main"
        className="sd-topnav py-1 navbar navbar-expand-lg navbar-dark sticky-top"
      >
        {children}
      </nav>
    </NavbarContext.Provider>
  );
}

/** Shows or hides the menus below the lg breakpoint (Bootstrap's `navbar-toggler`). */
function NavToggle() {
  const navbar = useContext(NavbarContext);
  return (
    <button
      type="button"
      aria-label="Toggle navigation"
      aria-controls="sd-topnav-menu"
      aria-expanded={!!navbar?.expanded}
      className={navbar?.expanded ? 'navbar-toggler' : 'navbar-toggler collapsed'}
      onClick={navbar?.onToggle}
    >
      <span className="navbar-toggler-icon" />
    </button>
  );
}

function NavCollapse({ children }: { children: ReactNode }) {
  const navbar = useContext(NavbarContext);
  return (
    <div id="sd-topnav-menu" className={`navbar-collapse collapse${navbar?.expanded ? ' show' : ''}`}>
      {children}
    </div>
  );
}

export function TopNav({ menu, userName, badge, environment }: TopNavProps) {
  const production = environment === 'prod';
  return (
    <NavBar>
      <Container fluid>
        <Link to="/" className="navbar-brand d-flex align-items-center gap-2">
          <span className="sd-brand">SD6</span>
          <Badge
            bg={production ? 'secondary' : 'warning'}
            text={production ? undefined : 'dark'}
            data-testid="env-badge"
          >
            {badge}
          </Badge>
        </Link>
        <TimerWidget />
        <DailyToggle />
        <CalendarToggle />
        <SearchToggle />
        <NavToggle />
        <NavCollapse>
          <Nav className="me-auto" data-testid="main-menu">
            {menu.map((entry) =>
              'route' in entry ? (
                <MenuLink key={entry.label} item={entry} Item={Nav.Link} environment={environment} />
              ) : (
                <Deferred key={entry.label} title={entry.label} id={`menu-${entry.label.toLowerCase()}`}>
                  {(open) => <EntryDropdown entry={entry} environment={environment} defaultShow={open} />}
                </Deferred>
              ),
            )}
          </Nav>
          <Nav data-testid="user-menu">
            <Deferred title={userName} id="user-menu">
              {(open) => <UserDropdown userName={userName} defaultShow={open} />}
            </Deferred>
          </Nav>
        </NavCollapse>
      </Container>
    </NavBar>
  );
}
