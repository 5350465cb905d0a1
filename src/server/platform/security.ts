// CSRF defence, security headers and caching rules for every response.
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../../shared/errors.js';
import { bearerToken } from './auth.js';
import { body } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function installSecurity(app: FastifyInstance, options: { secureCookies: boolean }): void {
  app.addHook('onRequest', async (request, reply) => {
    // Every state-changing API call must be an XMLHttpRequest-marked call from our own pages (SPEC §7):
    // a cross-site form cannot set this header, and CORS stays closed so no other origin may. The rule guards cookie
    // sessions: a Bearer call (personal API token, platform/auth.ts) carries its credential itself, which no
    // cross-site page can do, and its cookies are not read.
    if (
      request.url.startsWith('/api/') &&
      !SAFE_METHODS.has(request.method) &&
      bearerToken(request) === null
    ) {
      if (request.headers['x-requested-with'] !== 'XMLHttpRequest') {
        return reply.status(403).send(body('FORBIDDEN', MESSAGES.forbidden));
      }
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (options.secureCookies) reply.header('Strict-Transport-Security', 'max-age=31536000');
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
