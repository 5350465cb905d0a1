// Where the index route sends a user: their home page (SPEC §9 default: cases) when this build has that screen,
// else the profile.
import { pathFor, ROUTES, type RouteName } from '../../../shared/routes';
import { isApiError } from '../../api/http';

export const DEFAULT_HOME_PAGE = 'cases';

/**
 * The home page's path, and whether it is reached with a full page load: a route marked external that this app
 * still serves at a path of its own (the file manager, SPEC §2) is; routes on other sites are never a home page.
 */
export function homeTarget(
  homePage: string | undefined,
  available: (name: string) => boolean,
): { path: string; document: boolean } {
  const route = ROUTES[homePage || DEFAULT_HOME_PAGE];
  const usable =
    route?.path.startsWith('/') &&
    !route.public &&
    !route.path.includes(':') &&
    route.name !== 'index' &&
    available(route.name);
  if (!route || !usable) return { path: pathFor('profile'), document: false };
  return { path: pathFor(route.name as RouteName), document: !!route.external };
}

export function homePath(homePage: string | undefined, available: (name: string) => boolean): string {
  return homeTarget(homePage, available).path;
}

/** SPEC §4/§8: the current-user fetch failed; no session goes to /login, anything else to /error/403. */
export function profileFailurePath(error: unknown): string {
  return isApiError(error) && error.reason === 'LOGIN'
    ? pathFor('login')
    : pathFor('error', { statusCode: 403 });
}
