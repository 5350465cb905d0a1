// Where a sign-in goes once it is complete: the page a signed-out link asked for, carried as /login?next=… through
// the password, two-factor and single sign-on steps. Only a path of this site is ever followed: never another
// origin ("//evil", "/\evil", "https://…", "javascript:…"), an API path, or a sign-in screen (a loop).

const BASE = 'http://sd6.invalid';
/** The screens of the login shell: going "back" to one of them after signing in makes no sense. */
const SIGN_IN_SCREENS = /^\/(login|logout|sso|2fa|2fa_setup|forgot_password)([/?#]|$)/;

/** A path of this site ("/cases?x=1#y"), or null for anything that could leave it. */
export function sameSitePath(value: string | null | undefined): string | null {
  if (!value || value.length > 1000 || !value.startsWith('/') || value.startsWith('//')) return null;
  // Backslashes (read as slashes by browsers) and control characters are refused outright.
  for (const c of value) if (c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can fold into a leading "//" ("/.//evil"): checked again after the URL parser had its say.
  if (url.origin !== BASE || path.startsWith('//') || url.pathname.startsWith('/api/')) return null;
  return path;
}

/** The page to open after signing in, from a `next` value; null when none is worth following. */
export function nextPath(value: string | null | undefined): string | null {
  const path = sameSitePath(value);
  if (!path || path === '/' || SIGN_IN_SCREENS.test(path)) return null;
  return path;
}

/** `path` (a sign-in step) carrying `next` along, when there is one. */
export function withNext(path: string, next: string | null | undefined): string {
  const target = nextPath(next);
  return target ? `${path}${path.includes('?') ? '&' : '?'}next=${encodeURIComponent(target)}` : path;
}
