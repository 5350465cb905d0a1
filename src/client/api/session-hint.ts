// Whether this browser may hold a session: the server sets a readable hint cookie beside the HttpOnly session cookie
// (src/shared/session-hint.ts). Without it the sign-in screens skip asking for a profile, which could only answer
// 401 (logged by the browser as a console error). A hint is never proof of a session: screens that need one ask.
import { SESSION_HINT_COOKIE } from '../../shared/session-hint';

const HINT = new RegExp(`(?:^|;\\s*)(?:__Host-)?${SESSION_HINT_COOKIE}=1(?:;|$)`);

export function mayBeSignedIn(): boolean {
  try {
    return HINT.test(document.cookie);
  } catch {
    // Cookies blocked: ask the server.
    return true;
  }
}
