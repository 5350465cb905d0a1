// Two-factor sign-in: the sign-in step (POST /api/auth/2fa), setup (from a sign-in that must set it up, or the
// profile), and the profile's status, turn off and new recovery codes.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type LoginNext, pendingStepResponse } from '../../../shared/schemas/auth.js';
import {
  recoveryCodesResponse,
  twoFactorConfirm,
  twoFactorConfirmed,
  twoFactorDisable,
  twoFactorSetupResponse,
  twoFactorSignedIn,
  twoFactorSignIn,
  twoFactorStatusResponse,
} from '../../../shared/schemas/two-factor.js';
import type { Database } from '../../db/client.js';
import { currentUser, loginRequired } from '../../platform/auth.js';
import { errorDocs } from '../../platform/openapi.js';
import { cookieName, cookieOptions, type SessionPolicy } from '../../platform/sessions.js';
import { withTransaction } from '../../platform/transaction.js';
import { loadProfile } from '../user/index.js';
import { signInContext } from './login.routes.js';
import { openSession } from './login.service.js';
import {
  completeTwoFactor,
  confirmSetup,
  disableTwoFactor,
  findPendingSession,
  regenerateRecoveryCodes,
  type SetupActor,
  startSetup,
  twoFactorStatus,
} from './two-factor.service.js';

// Setup, turning off and new recovery codes are session only: an API token never changes how its user signs in.
export function twoFactorRoutes(app: FastifyInstance, database: Database, policy: SessionPolicy): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const name = cookieName(policy);

  /** A signed-in user, or a sign-in waiting for its setup step; anyone else must sign in. */
  const setupActor = async (request: FastifyRequest): Promise<SetupActor> => {
    if (request.user) return { userId: request.user.id, email: request.user.email, pending: null };
    const pending = await findPendingSession(database.pool, request.cookies[name], 'TWO_FACTOR_SETUP');
    if (!pending) throw loginRequired();
    return { userId: pending.userId, email: pending.email, pending };
  };

  // Access before validation (README, Permissions): these routes are public only to a sign-in waiting for its step,
  // so anyone else is told to sign in (401) before their body is read (onRequest: before parsing).
  const waitingForCode = async (request: FastifyRequest) => {
    if (!(await findPendingSession(database.pool, request.cookies[name], 'TWO_FACTOR')))
      throw loginRequired();
  };
  const mayConfirmSetup = async (request: FastifyRequest) => {
    await setupActor(request);
  };

  // The step a sign-in of this browser waits for, if any: /2fa and /2fa_setup send anyone else to /login, and a
  // forced setup left half-way is taken up again instead of starting over.
  api.get(
    '/api/auth/pending',
    { schema: { response: { 200: pendingStepResponse } }, config: { public: true } },
    async (request): Promise<{ next: LoginNext | null }> => {
      const token = request.cookies[name];
      if (await findPendingSession(database.pool, token, 'TWO_FACTOR')) return { next: '2fa' };
      if (await findPendingSession(database.pool, token, 'TWO_FACTOR_SETUP')) return { next: '2fa_setup' };
      return { next: null };
    },
  );

  api.post(
    '/api/auth/2fa',
    {
      schema: {
        responseDocs: errorDocs({ 401: 'There is no sign-in waiting for this step (sign in again).' }),
        body: twoFactorSignIn,
        response: { 200: twoFactorSignedIn },
      },
      config: { public: true },
      onRequest: waitingForCode,
    },
    async (request, reply) => {
      const { userId, token } = await completeTwoFactor(
        database,
        app.secrets,
        request.cookies[name],
        request.body,
        policy,
        signInContext(request),
      );
      reply.setCookie(name, token, cookieOptions(policy));
      return { user: await loadProfile(database.pool, userId) };
    },
  );

  api.post(
    '/api/auth/2fa/setup',
    {
      schema: {
        responseDocs: errorDocs({ 401: 'There is no sign-in waiting for this step (sign in again).' }),
        response: { 200: twoFactorSetupResponse },
      },
      config: { public: true, sessionOnly: true },
      onRequest: mayConfirmSetup,
    },
    async (request) => ({
      setup: await startSetup(database, app.secrets, await setupActor(request)),
    }),
  );

  api.post(
    '/api/auth/2fa/setup/confirm',
    {
      schema: {
        responseDocs: errorDocs({
          401: 'There is no sign-in waiting for this step (sign in again).',
          429: 'Too many tries: wait and try again (Retry-After says how many seconds).',
        }),
        body: twoFactorConfirm,
        response: { 200: twoFactorConfirmed },
      },
      config: { public: true, sessionOnly: true },
      onRequest: mayConfirmSetup,
    },
    async (request, reply) => {
      const actor = await setupActor(request);
      const recoveryCodes = await confirmSetup(database, app.secrets, actor, request.body.code);
      if (!actor.pending) return { recoveryCodes };
      // The sign-in that had to set it up is complete: a fresh, signed-in session replaces the pending one.
      const { pending } = actor;
      const token = await withTransaction(database, async ({ client }) => {
        await client.query('DELETE FROM sessions WHERE id = $1', [pending.sessionId]);
        return openSession(client, pending.userId, policy, signInContext(request));
      });
      reply.setCookie(name, token, cookieOptions(policy));
      return { recoveryCodes, user: await loadProfile(database.pool, pending.userId) };
    },
  );

  api.get(
    '/api/auth/2fa/status',
    { schema: { response: { 200: twoFactorStatusResponse } } },
    async (request) => ({
      twoFactor: await twoFactorStatus(database.pool, currentUser(request).id),
    }),
  );

  api.post(
    '/api/auth/2fa/disable',
    {
      schema: {
        responseDocs: errorDocs({
          429: 'Too many tries: wait and try again (Retry-After says how many seconds).',
        }),
        body: twoFactorDisable,
        response: { 200: twoFactorStatusResponse },
      },
      config: { sessionOnly: true },
    },
    async (request) => {
      const user = currentUser(request);
      await disableTwoFactor(database, user.id, request.body.currentPassword);
      return { twoFactor: await twoFactorStatus(database.pool, user.id) };
    },
  );

  api.post(
    '/api/auth/2fa/recovery-codes',
    {
      schema: {
        responseDocs: errorDocs({
          429: 'Too many tries: wait and try again (Retry-After says how many seconds).',
        }),
        body: twoFactorConfirm,
        response: { 200: recoveryCodesResponse },
      },
      config: { sessionOnly: true },
    },
    async (request) => ({
      recoveryCodes: await regenerateRecoveryCodes(
        database,
        app.secrets,
        currentUser(request).id,
        request.body.code,
      ),
    }),
  );
}
