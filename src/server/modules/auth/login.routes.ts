// POST /api/auth/login and /api/auth/logout.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES } from '../../../shared/errors.js';
import { loginRequest } from '../../../shared/schemas/auth.js';
import { okResponse } from '../../../shared/schemas/common.js';
import { loginResponse } from '../../../shared/schemas/user.js';
import type { Database } from '../../db/client.js';
import { HttpError } from '../../platform/errors.js';
import { errorDocs } from '../../platform/openapi.js';
import { cookieName, cookieOptions, destroySession, type SessionPolicy } from '../../platform/sessions.js';
import { loadProfile } from '../user/index.js';
import { type SignInContext, signIn } from './login.service.js';

/** Where a request comes from, as kept on its session. */
export const signInContext = (request: FastifyRequest): SignInContext => ({
  ip: request.ip ?? null,
  userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
});

export const passwordSignInOff = (providerName: string) =>
  `Password sign-in is turned off for this account. Use "Sign in with ${providerName}".`;

export function loginRoutes(app: FastifyInstance, database: Database, policy: SessionPolicy): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/api/auth/login',
    {
      schema: {
        responseDocs: errorDocs({ 401: 'The email or password is incorrect, or the account is locked.' }),
        body: loginRequest,
        response: { 200: loginResponse },
      },
      config: { public: true },
    },
    async (request, reply) => {
      const result = await signIn(
        database,
        request.body.email,
        request.body.password,
        policy,
        signInContext(request),
      );
      if (!result.ok) {
        if (result.passwordSignInOff) {
          throw new HttpError(
            400,
            'SIGN_IN_FAILED',
            passwordSignInOff(result.passwordSignInOff.providerName),
          );
        }
        throw new HttpError(400, 'SIGN_IN_FAILED', MESSAGES.signInFailed);
      }
      // A fresh token at every sign-in; any token the browser held before is ended.
      const previous = request.cookies[cookieName(policy)];
      if (previous) await destroySession(database.pool, previous);
      reply.setCookie(cookieName(policy), result.token, cookieOptions(policy));
      // One more step before the session opens: the two-factor code, or setting two-factor sign-in up.
      if (result.next) return { next: result.next };
      return { user: await loadProfile(database.pool, result.userId) };
    },
  );
  api.post(
    '/api/auth/logout',
    { schema: { response: { 200: okResponse } }, config: { public: true } },
    async (request, reply) => {
      const token = request.cookies[cookieName(policy)];
      if (token) await destroySession(database.pool, token);
      reply.clearCookie(cookieName(policy), { path: '/', secure: policy.secureCookies });
      return { ok: true as const };
    },
  );
}
