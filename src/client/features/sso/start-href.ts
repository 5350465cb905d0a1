// The address that starts a single sign-on round trip, carrying the page to open afterwards (the server keeps it
// with the sign-in's state and checks it again).
import { nextPath } from '../../../shared/next-path';

/**
 * shared/schemas/sso's SSO_START_PATH, written out: that module brings zod, which the login screen must not load
 * first (the first-screen budget); the SSO page's test checks the two agree.
 */
export const SSO_START_PATH = '/api/auth/sso/start';

export function startHref(next: string | null): string {
  const path = nextPath(next);
  return path ? `${SSO_START_PATH}?returnTo=${encodeURIComponent(path)}` : SSO_START_PATH;
}
