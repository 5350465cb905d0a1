// Where the route guards send a browser that is not (fully) signed in, carrying the page it asked for as ?next=
// so the sign-in ends there: /login, or the two-factor step a sign-in of this browser still waits for (a forced
// setup left half-way is taken up again, not started over).

import { nextPath, withNext } from '../../../shared/next-path';
import type { LoginNext } from '../../../shared/schemas/auth';
import { isApiError } from '../../api/http';
import { profileFailurePath } from '../home/home-path';
import { loadPendingStep, NEXT_PATH } from './auth-api';

/** The `next` a sign-in screen was given, when it is a page of this site worth going to. */
export const nextOf = (search: URLSearchParams): string | null => nextPath(search.get('next'));

/** Where a screen that needs a session sends a browser whose profile failed to load. */
export async function signInPath(error: unknown, url: string | undefined): Promise<string> {
  if (!isApiError(error) || error.reason !== 'LOGIN') return profileFailurePath(error);
  const here = url ? new URL(url) : null;
  const asked = here ? `${here.pathname}${here.search}${here.hash}` : null;
  const waiting = await loadPendingStep();
  return withNext(waiting ? NEXT_PATH[waiting] : '/login', asked);
}

/**
 * The guard of a two-factor screen (`step`): null when a sign-in waits for this step, else where to go instead —
 * the step it does wait for, the page asked for when already signed in, or /login.
 */
export async function stepRedirect(
  step: LoginNext,
  url: string,
  signedIn: () => Promise<unknown>,
): Promise<string | null> {
  const next = new URL(url).searchParams.get('next');
  const waiting = await loadPendingStep();
  if (waiting === step) return null;
  if (waiting) return withNext(NEXT_PATH[waiting], next);
  if (await signedIn()) return nextPath(next) ?? '/';
  return withNext('/login', next);
}
