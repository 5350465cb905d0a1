// POST /api/auth/login and /api/auth/logout.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES } from '../../../shared/errors.js';
import { loginRequest } from '../../../shared/schemas/auth.js';
import type { Database } from '../../db/client.js';
import { HttpError } from '../../platform/errors.js';
import { cookieName, cookieOptions, destroySession, type SessionPolicy } from '../../platform/sessions.js';
import { loadProfile } from '../user/profile.service.js';
import { signIn } from './login.service.js';

export function loginRoutes(app: FastifyInstance, database: Database, policy: SessionPolicy): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/api/auth/login',
    { schema: { body: loginRequest }, config: { public: true } },
    async (request, reply) => {
      const result = await signIn(database, request.body.email, request.body.password, policy);
      if (!result.ok) throw new HttpError(400, 'SIGN_IN_FAILED', MESSAGES.signInFailed);
      // A fresh token at every sign-in; any token the browser held before is ended.
      const previous = request.cookies[cookieName(policy)];
      if (previous) await destroySession(database.pool, previous);
      reply.setCookie(cookieName(policy), result.token, cookieOptions(policy));
      return { user: await loadProfile(database.pool, result.userId) };
    },
  );
  api.post('/api/auth/logout', { config: { public: true } }, async (request, reply) => {
    const token = request.cookies[cookieName(policy)];
    if (token) await destroySession(database.pool, token);
    reply.clearCookie(cookieName(policy), { path: '/', secure: policy.secureCookies });
    return { ok: true };
  });
}
