// Where the index route sends a user: their home page (SPEC §9 default: cases) when this build has that screen,
// else the profile.
import { pathFor, ROUTES, type RouteName } from '../../../shared/routes';
import { isApiError } from '../../api/http';

export const DEFAULT_HOME_PAGE = 'cases';

export function homePath(homePage: string | undefined, available: (name: string) => boolean): string {
  const route = ROUTES[homePage || DEFAULT_HOME_PAGE];
  const usable =
    route &&
    !route.external &&
    !route.public &&
    !route.path.includes(':') &&
    route.name !== 'index' &&
    available(route.name);
  return usable ? pathFor(route.name as RouteName) : pathFor('profile');
}

/** SPEC §4/§8: the current-user fetch failed; no session goes to /login, anything else to /error/403. */
export function profileFailurePath(error: unknown): string {
  return isApiError(error) && error.reason === 'LOGIN'
    ? pathFor('login')
    : pathFor('error', { statusCode: 403 });
}
