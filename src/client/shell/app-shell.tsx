// The authenticated shell: top navigation, breadcrumbs, page title, scroll rules and the screen.
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { menuFor } from '../../shared/routes';
import type { Profile } from '../../shared/schemas/user';
import { CalendarProvider } from '../features/calendar/calendar-state';
import { ErrorView } from '../features/errors/error-view';
import { useRouteLabel } from '../features/language-settings/grammar';
import { useQuickShortcut } from '../features/quick-entry/use-quick-shortcut';
import { SearchProvider, useSearchOptional } from '../features/search/search-state';
import { DailyProvider, useDaily } from '../features/slips/daily-state';
import { TimerShortcut } from '../features/timer/timer-shortcut';
import { PwaBanners } from '../pwa/pwa-banners';
import { breadcrumbTrail } from './breadcrumb-trail';
import { Breadcrumbs } from './breadcrumbs';
import { useCurrentRoute } from './current-route';
import { ScrollRules } from './hash-scroll';
import { useInstance } from './instance-context';
import { lazyComponent, MountWhenOpened } from './lazy-chunk';
import { NoticeBanner } from './notice-banner';
import { PageTitle } from './page-meta';
import { environmentBadge } from './page-title';
import { TopNav } from './top-nav';

// Panels load with their first opening: the list screens show without their code.
const DailyPanel = lazyComponent('daily', () => import('../features/slips/daily-panel'), 'DailyPanel');
const MoveSlipDialog = lazyComponent(
  'move_slip',
  () => import('../features/slips/move-slip-dialog'),
  'MoveSlipDialog',
);
const SearchPanel = lazyComponent('search', () => import('../features/search/search-panel'), 'SearchPanel');

function Panels() {
  const daily = useDaily();
  const search = useSearchOptional();
  useQuickShortcut();
  return (
    <>
      <MountWhenOpened open={daily.showing}>
        <DailyPanel />
      </MountWhenOpened>
      <MountWhenOpened open={daily.move !== null}>
        <MoveSlipDialog />
      </MountWhenOpened>
      <MountWhenOpened open={!!search?.showing}>
        <SearchPanel />
      </MountWhenOpened>
    </>
  );
}

/** While the daily panel shows, wide screens keep the page beside it instead of under it. */
function ShellFrame({ children }: { children: ReactNode }) {
  const { showing } = useDaily();
  return <div className={showing ? 'sd-app sd-daily-open' : 'sd-app'}>{children}</div>;
}

export function AppShell({ profile, children }: { profile: Profile; children?: ReactNode }) {
  const instance = useInstance();
  const current = useCurrentRoute();
  const menu = menuFor({
    isAdmin: profile.isAdmin,
    isDeveloper: profile.isDeveloper,
    environment: instance.environment,
  });
  // Cases, tasks and slips are named with the words of the language settings.
  const routeLabel = useRouteLabel();
  const crumbs = current ? breadcrumbTrail(current.route.name, current.params, routeLabel) : [];
  // Administrator (and developer) screens are closed to others; the server refuses their calls too (403).
  const denied =
    (!!current?.route.admin && !profile.isAdmin) || (!!current?.route.developer && !profile.isDeveloper);
  return (
    <SearchProvider>
      <DailyProvider>
        <CalendarProvider>
          <ShellFrame>
            <PageTitle label={routeLabel} />
            <ScrollRules />
            <TopNav
              menu={menu}
              userName={profile.name}
              badge={environmentBadge(instance.environment, instance.alt)}
              environment={instance.environment}
            />
            {crumbs.length > 0 ? (
              <div className="sd-crumb-bar">
                <div className="container-fluid">
                  <Breadcrumbs crumbs={crumbs} />
                </div>
              </div>
            ) : null}
            <main className="container-fluid sd-main" id="main">
              <PwaBanners />
              <NoticeBanner />
              {denied ? <ErrorView status={403} /> : (children ?? <Outlet />)}
            </main>
            <Panels />
            <TimerShortcut />
          </ShellFrame>
        </CalendarProvider>
      </DailyProvider>
    </SearchProvider>
  );
}
