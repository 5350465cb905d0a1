// Keeps the signed-in hint (src/shared/session-hint.ts) in step with the session cookie on every API answer: set when
// a sign-in sets the session cookie (password, two-factor, SSO) or when a session from before the hint is used;
// cleared when the session cookie is cleared (sign-out), on a 401 (no session: expired, ended, never there) and when
// the browser sends the hint without a session cookie. It is never read to sign anything in.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionHintName } from '../../shared/session-hint.js';
import { cookieName, type SessionPolicy } from './sessions.js';

function setCookieHeaders(reply: FastifyReply): string[] {
  const header = reply.getHeader('set-cookie');
  return Array.isArray(header) ? header.map(String) : header === undefined ? [] : [String(header)];
}

export function installSessionHint(app: FastifyInstance, policy: SessionPolicy): void {
  const session = cookieName(policy);
  const hint = sessionHintName(policy.secureCookies);
  const options = { path: '/', sameSite: 'lax' as const, secure: policy.secureCookies, httpOnly: false };
  const change = (request: FastifyRequest, reply: FastifyReply): 'set' | 'clear' | null => {
    const sent = setCookieHeaders(reply).find((c) => c.startsWith(`${session}=`));
    if (sent) return sent.startsWith(`${session}=;`) ? 'clear' : 'set';
    if (reply.statusCode === 401) return request.cookies[hint] !== undefined ? 'clear' : null;
    const hasSession = request.cookies[session] !== undefined;
    if (!hasSession) return request.cookies[hint] !== undefined ? 'clear' : null;
    return request.sessionToken && request.cookies[hint] === undefined ? 'set' : null;
  };
  app.addHook('onSend', async (request, reply, payload) => {
    // Bearer calls get no cookies (auth.ts removes them after this hook).
    if (!request.url.startsWith('/api/') || request.apiToken) return payload;
    const what = change(request, reply);
    if (what === 'set') reply.setCookie(hint, '1', { ...options, maxAge: policy.maxHours * 3600 });
    else if (what === 'clear') reply.clearCookie(hint, options);
    return payload;
  });
}
