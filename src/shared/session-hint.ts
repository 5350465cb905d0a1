// The signed-in hint: a cookie the page's script can read, set beside the HttpOnly session cookie and cleared with
// it, so the sign-in screens skip asking for a profile (a 401 logged as a console error) when the browser holds no
// session. It says nothing the server trusts: the session cookie alone signs a request in.

export const SESSION_HINT_COOKIE = 'sd6_signed_in';

/** Its name as sent: `__Host-` prefixed beside a `__Host-` session cookie (PUBLIC_URL https). */
export const sessionHintName = (secureCookies: boolean) =>
  secureCookies ? `__Host-${SESSION_HINT_COOKIE}` : SESSION_HINT_COOKIE;
