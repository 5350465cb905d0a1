// The router: the route table's names (src/shared/routes) -> the areas' lazily loaded screens (features/areas.ts),
// the layouts, and the loaders of the routes that need their own (index, log-out, sign-in, error).
import type { QueryClient } from '@tanstack/react-query';
import {
  createBrowserRouter,
  Outlet,
  type Params,
  type RouteObject,
  redirect,
  redirectDocument,
} from 'react-router';
import { ROUTES, type RouteDef, type RouteName } from '../shared/routes';
import { PAGE_SIZE } from '../shared/schemas/constants';
import type { Profile } from '../shared/schemas/user';
import { apiPost } from './api/http';
import {
  ensureProfile,
  forgetProfile,
  PROFILE_KEY,
  paintWithRemembered,
  rememberCachedProfile,
  takePageProfile,
} from './api/profile';
import { mayBeSignedIn } from './api/session-hint';
import { SCREENS } from './features/areas';
import { signInScreens } from './features/auth/screens';
import { nextOf, signInPath, stepRedirect } from './features/auth/sign-in-path';
import { CASE_LIST } from './features/cases/case-list-query';
import { ErrorPage, NotFoundPage } from './features/errors/error-view';
import { RouteError } from './features/errors/route-error';
import { homeTarget } from './features/home/home-path';
import { LogoutPage } from './features/home/logout-page';
import { listQuery } from './features/records/list-query';
import { startRecordCall } from './features/records/record-query';
import { reportCall } from './features/reports/report-call';
import { type Screen, screen } from './features/screen';
import { ssoSignInScreen } from './features/sso/screens';
import { watchNavigations } from './pwa/remount';
import type { Instance } from './shell/environment';
import { lazyRoute } from './shell/lazy-chunk';
import { LoginShell } from './shell/login-shell';

export { chunkLoadError } from './shell/lazy-chunk';

type Lazy = NonNullable<RouteObject['lazy']>;

/** A route's `lazy`: its screen's component, a failed chunk load shown by the route's error element. */
function lazyScreen(id: string, { load, name }: Screen): Lazy {
  return lazyRoute(id, load, name);
}

// The signed-in shell (panels, menus) is a chunk of its own: the login screen never needs it, and React Router
// loads it beside the screen's chunk and the profile.
const layouts = () => import('./shell/layouts');
const publicLayout = screen(layouts, 'PublicLayout');
const authLayout = screen(layouts, 'AuthLayout');

function inEnvironment(route: RouteDef, instance: Instance): boolean {
  return !route.environments || route.environments.includes(instance.environment);
}

/** Route names with a screen in this build and this environment. */
export function screenNames(instance: Instance): RouteName[] {
  return (Object.keys(SCREENS) as RouteName[]).filter((name) => {
    const route = ROUTES[name];
    return !!route && inEnvironment(route, instance);
  });
}

/** The first loaders run before anything renders: show nothing rather than a flash. */
function NoFallback() {
  return null;
}

function named(name: RouteName, extra: Omit<RouteObject, 'id' | 'path' | 'handle' | 'children' | 'index'>) {
  const route = ROUTES[name]!;
  return {
    id: name,
    path: route.path,
    handle: { route },
    errorElement: <RouteError />,
    ...extra,
  } as RouteObject;
}

export function createAppRoutes({ queryClient, instance }: { queryClient: QueryClient; instance: Instance }) {
  const available = new Set<string>(screenNames(instance));

  /**
   * The profile, or a redirect: no session -> /login?next=(the page asked for), or the two-factor step a sign-in
   * still waits for; any other failure -> /error/403 (SPEC §4).
   */
  const requireProfile = async (args?: { request: Request }): Promise<Profile> => {
    // A page load of a signed-in browser paints with the profile it remembers; the server's answer follows.
    const early = paintWithRemembered(queryClient, mayBeSignedIn(), async (error) => {
      window.location.replace(await signInPath(error, window.location.href));
    });
    if (early) return early;
    try {
      return await ensureProfile(queryClient);
    } catch (error) {
      throw redirect(await signInPath(error, args?.request.url));
    }
  };
  /**
   * Screens whose first call starts with the route, beside the screen's chunk instead of after it, for a signed-in
   * page (its profile is known): the case list, the home screen of most staff, as its screen asks on arrival (no
   * filters in the address), and the records people open most. The screen finds it under way or answered (listQuery,
   * recordQuery: same key, same call).
   */
  const signedIn = () => !!queryClient.getQueryData(PROFILE_KEY);
  /** A list's or report's first page: the one its screen asks for when the address carries no filters. */
  const unfiltered = (start: () => void) => (request: Request) => {
    if (new URL(request.url).search === '' && signedIn()) start();
  };
  const record = (api: string, entityKey: string, param: string) => (_request: Request, params: Params) => {
    const id = params[param];
    if (id && id !== 'create' && signedIn()) startRecordCall(queryClient, api, entityKey, id);
  };
  const firstCalls: Partial<Record<RouteName, (request: Request, params: Params) => void>> = {
    cases: unfiltered(
      () =>
        void queryClient.prefetchInfiniteQuery(
          listQuery(CASE_LIST.url, CASE_LIST.queryKey, { ...CASE_LIST.defaults }),
        ),
    ),
    case_basics: record('/api/manage/case', 'case', 'caseId'),
    agreement_basics: record('/api/manage/agreement', 'agreement', 'id'),
    organization_basics: record('/api/manage/organization', 'organization', 'id'),
    person_basics: record('/api/manage/person', 'person', 'id'),
    equipment_basics: record('/api/manage/equipment', 'equipment', 'id'),
  };
  // Each report at /report/<key> (not report history) as its frame asks on arrival with no filters in the address:
  // its first page (reportApiQuery of an empty address).
  for (const route of Object.values(ROUTES)) {
    const key = /^\/report\/([a-z-]+)$/.exec(route.path)?.[1];
    if (!key || route.name === 'report_history') continue;
    firstCalls[route.name as RouteName] = unfiltered(
      () => void queryClient.prefetchQuery(reportCall(key, { limit: PAGE_SIZE })),
    );
  }
  const startFirstCall = (name: RouteName) => {
    const start = firstCalls[name];
    if (!start) return {};
    return {
      loader: ({ request, params }: { request: Request; params: Params }) => {
        start(request, params);
        return null;
      },
      // Arriving at the page, not a change of its address's query (an agreement's "as of" day, a list's filters).
      shouldRevalidate: ({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }) =>
        currentUrl.pathname !== nextUrl.pathname,
    };
  };

  // The sign-in screens and public pages: no hint cookie, no session to ask about (a profile cached by a sign-in in
  // this page counts).
  const optionalProfile = async (): Promise<Profile | null> => {
    if (!mayBeSignedIn() && !queryClient.getQueryData(PROFILE_KEY)) return null;
    try {
      return await ensureProfile(queryClient);
    } catch {
      return null;
    }
  };

  const routes: RouteObject[] = [
    {
      id: 'root',
      Component: Outlet,
      HydrateFallback: NoFallback,
      errorElement: <RouteError />,
      children: [
        named('index', {
          loader: async () => {
            const profile = await requireProfile();
            const home = homeTarget(profile.homePage, (name) => available.has(name));
            // A full-page-load route (the file manager) is reached as a new document, as its menu link is.
            return home.document ? redirectDocument(home.path) : redirect(home.path);
          },
        }),
        named('logout', {
          loader: async () => {
            await apiPost('/api/auth/logout', undefined, { redirectOnLogin: false }).catch(() => undefined);
            // The offline shell must not open for a signed-out user.
            forgetProfile();
            queryClient.clear();
            window.location.replace('/login');
            return null;
          },
          Component: LogoutPage,
        }),
        {
          id: 'login-shell',
          Component: LoginShell,
          errorElement: <RouteError />,
          children: [
            named('login', {
              // Signed in already: the page asked for, else the index route picks the home page.
              loader: async ({ request }) =>
                (await optionalProfile()) ? redirect(nextOf(new URL(request.url).searchParams) ?? '/') : null,
              lazy: lazyScreen('login', signInScreens.login),
            }),
            named('force_sso', {
              // Signed in already: the page asked for, else the index route picks the home page (unless a failed
              // attempt is explained).
              loader: async ({ request }) => {
                const search = new URL(request.url).searchParams;
                return !search.has('error') && (await optionalProfile())
                  ? redirect(nextOf(search) ?? '/')
                  : null;
              },
              lazy: lazyScreen('force_sso', ssoSignInScreen),
            }),
            named('2fa_login', {
              loader: async ({ request }) => {
                const elsewhere = await stepRedirect('2fa', request.url, optionalProfile);
                return elsewhere ? redirect(elsewhere) : null;
              },
              lazy: lazyScreen('2fa_login', signInScreens['2fa_login']),
            }),
            named('2fa_setup', {
              loader: async ({ request }) => {
                const elsewhere = await stepRedirect('2fa_setup', request.url, optionalProfile);
                return elsewhere ? redirect(elsewhere) : null;
              },
              lazy: lazyScreen('2fa_setup', signInScreens['2fa_setup']),
            }),
            named('forgot_password', {
              lazy: lazyScreen('forgot_password', signInScreens.forgot_password),
            }),
            named('forgot_password_instructions', {
              lazy: lazyScreen('forgot_password_instructions', signInScreens.forgot_password_instructions),
            }),
            named('forgot_password_reset', {
              lazy: lazyScreen('forgot_password_reset', signInScreens.forgot_password_reset),
            }),
          ],
        },
        {
          id: 'public',
          lazy: lazyScreen('public', publicLayout),
          loader: optionalProfile,
          errorElement: <RouteError />,
          children: [
            named('error', { Component: ErrorPage }),
            { id: 'not_found', path: '*', handle: { route: ROUTES.error }, Component: NotFoundPage },
          ],
        },
        {
          id: 'auth',
          lazy: lazyScreen('auth', authLayout),
          loader: requireProfile,
          errorElement: <RouteError />,
          children: screenNames(instance).map((name) =>
            named(name, { lazy: lazyScreen(name, SCREENS[name]!), ...startFirstCall(name) }),
          ),
        },
      ],
    },
  ];
  return routes;
}

export function createAppRouter(deps: { queryClient: QueryClient; instance: Instance }) {
  // Before the first loaders run: a signed-in page load brings its profile along.
  takePageProfile(deps.queryClient);
  const router = createBrowserRouter(createAppRoutes(deps));
  // The installable app: remount on navigation when an update waits (SPEC §4); the profile remembered for offline.
  watchNavigations(router);
  rememberCachedProfile(deps.queryClient);
  return router;
}
