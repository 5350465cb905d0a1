// Single sign-on: GET /api/auth/options (what the login shell offers), GET /api/auth/sso/start and
// /api/auth/sso/callback (OpenID Connect authorization code with PKCE), and the administrators' settings
// GET/POST /api/admin/sso and POST /api/admin/sso/test (discovery against an issuer).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nextPath } from '../../../shared/next-path.js';
import {
  authOptionsSchema,
  SSO_CALLBACK_PATH,
  SSO_ENTITY_ID,
  SSO_FIELD_LABELS,
  SSO_HISTORY_KEY,
  type SsoErrorCode,
  ssoSettingsForm,
  ssoSettingsResponse,
  ssoSettingsSaved,
  ssoTestRequest,
  ssoTestResult,
} from '../../../shared/schemas/sso.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { administratorsOnly, authorize, currentUser } from '../../platform/auth.js';
import { registerHistoryEntity } from '../../platform/history.js';
import { errorDocs, redirectResponse } from '../../platform/openapi.js';
import { takeRateSlot } from '../../platform/rate-limit.js';
import {
  cookieName,
  cookieOptions,
  createSession,
  destroySession,
  hashToken,
  type SessionPolicy,
} from '../../platform/sessions.js';
import { readSsoSettings, ssoReady } from '../../platform/sign-in-policy.js';
import { withTransaction } from '../../platform/transaction.js';
import { authorizationUrl, configuration, exchangeCode, testIssuer } from './sso.oidc.js';
import { resolveAccount } from './sso-account.js';
import { administratorOptions, loadSsoSettings, saveSsoSettings } from './sso-settings.service.js';

const ADMIN_PATH = '/api/admin/sso';
const REQUEST_MINUTES = 10;
/**
 * Each start writes a pending request row and calls the provider: one client may start this many per window (a person
 * needs a handful; a script filling the table is stopped).
 */
export const START_LIMIT = { limit: 60, windowSeconds: 10 * 60 };
/**
 * The state also rides in a cookie of the browser that started: a callback link made in another browser (login
 * CSRF: someone else's code and state) finds no matching cookie and is refused.
 */
const STATE_COOKIE = 'sd6_sso_state';

const startQuery = z.object({ returnTo: z.string().max(2000).optional() });
const callbackQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

export function ssoRoutes(
  app: FastifyInstance,
  database: Database,
  policy: SessionPolicy,
  config: Pick<Config, 'timeZone'>,
): void {
  registerHistoryEntity({
    key: SSO_HISTORY_KEY,
    objectClass: 'SsoSettings',
    fieldLabels: SSO_FIELD_LABELS,
    title: async (_db, id) => (id === SSO_ENTITY_ID ? 'SSO Settings' : null),
    canRead: (user) => user.isAdmin,
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Never from the request's Host: the provider would be handed an address a client chose.
  const redirectUri = () => `${app.publicBaseUrl()}${SSO_CALLBACK_PATH}`;
  const fail = (reply: FastifyReply, code: SsoErrorCode) => reply.redirect(`/sso?error=${code}`, 302);

  api.get(
    '/api/auth/options',
    { schema: { response: { 200: authOptionsSchema } }, config: { public: true } },
    async () => {
      const settings = await readSsoSettings(database.pool);
      const ready = ssoReady(settings);
      return {
        sso: ready ? { providerName: settings.providerName } : null,
        enforced: ready && settings.enforced,
      };
    },
  );

  api.get(
    '/api/auth/sso/start',
    {
      schema: {
        querystring: startQuery,
        responseDocs: {
          ...errorDocs({ 429: 'Too many tries: wait and try again (Retry-After says how many seconds).' }),
          ...redirectResponse(
            "To the provider's sign-in page; when single sign-on is off, busy or unreachable, to /sso?error={code}.",
          ),
        },
      },
      config: { public: true },
    },
    async (request, reply) => {
      const settings = await readSsoSettings(database.pool);
      if (!ssoReady(settings)) return fail(reply, 'off');
      const slot = await takeRateSlot(database.pool, { key: `sso-start:ip:${request.ip}`, ...START_LIMIT });
      if (!slot.allowed) {
        reply.header('Retry-After', String(slot.retryAfter));
        return fail(reply, 'busy');
      }
      const clientSecret = app.secrets.open(settings.clientSecret);
      if (clientSecret === null) {
        request.log.error('single sign-on: the stored client secret cannot be opened with this secret key');
        return fail(reply, 'failed');
      }
      let started: Awaited<ReturnType<typeof authorizationUrl>>;
      try {
        const oidcConfig = await configuration({ ...settings, clientSecret });
        started = await authorizationUrl(oidcConfig, redirectUri());
      } catch (error) {
        request.log.warn({ err: describe(error) }, 'single sign-on: discovery of the issuer failed');
        return fail(reply, 'unavailable');
      }
      await database.pool.query('DELETE FROM sso_requests WHERE expires_at <= now()');
      await database.pool.query(
        `INSERT INTO sso_requests (state_hash, code_verifier, nonce, return_to, expires_at)
         VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5))`,
        [
          hashToken(started.state),
          started.codeVerifier,
          started.nonce,
          nextPath(request.query.returnTo),
          REQUEST_MINUTES,
        ],
      );
      reply.header('Cache-Control', 'no-store');
      reply.setCookie(STATE_COOKIE, started.state, {
        path: SSO_CALLBACK_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: policy.secureCookies,
        maxAge: REQUEST_MINUTES * 60,
      });
      return reply.redirect(started.url.href, 302);
    },
  );

  api.get(
    SSO_CALLBACK_PATH,
    {
      schema: {
        querystring: callbackQuery,
        responseDocs: redirectResponse(
          'Signed in (a new session cookie): to the page the sign-in started from (returnTo), else /. Refused: to /sso?error={code}.',
        ),
      },
      config: { public: true },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const query = request.query;
      const one = (key: string) => {
        const v = query[key];
        return typeof v === 'string' ? v : undefined;
      };
      const state = one('state');
      const browserState = request.cookies[STATE_COOKIE];
      reply.clearCookie(STATE_COOKIE, { path: SSO_CALLBACK_PATH, secure: policy.secureCookies });
      // Taken once: a replayed or second callback of the same sign-in finds nothing.
      const { rows } = state
        ? await database.pool.query<{
            code_verifier: string;
            nonce: string;
            return_to: string | null;
            fresh: boolean;
          }>(
            `DELETE FROM sso_requests WHERE state_hash = $1
             RETURNING code_verifier, nonce, return_to, expires_at > now() AS fresh`,
            [hashToken(state)],
          )
        : { rows: [] };
      const pending = rows[0];
      if (!state || !pending?.fresh) {
        request.log.warn('single sign-on: callback with an unknown, used or expired state');
        return fail(reply, 'expired');
      }
      if (browserState !== state) {
        request.log.warn('single sign-on: callback in a browser that did not start this sign-in');
        return fail(reply, 'expired');
      }
      if (one('error')) {
        request.log.warn(
          { error: one('error')?.slice(0, 100), description: one('error_description')?.slice(0, 300) },
          'single sign-on: the provider returned an error',
        );
        return fail(reply, 'provider');
      }
      const settings = await readSsoSettings(database.pool);
      if (!ssoReady(settings)) return fail(reply, 'off');
      const slot = await takeRateSlot(database.pool, { key: `sso-start:ip:${request.ip}`, ...START_LIMIT });
      if (!slot.allowed) {
        reply.header('Retry-After', String(slot.retryAfter));
        return fail(reply, 'busy');
      }
      const clientSecret = app.secrets.open(settings.clientSecret);
      if (clientSecret === null) {
        request.log.error('single sign-on: the stored client secret cannot be opened with this secret key');
        return fail(reply, 'failed');
      }
      let identity: Awaited<ReturnType<typeof exchangeCode>>;
      try {
        const oidcConfig = await configuration({ ...settings, clientSecret });
        const callbackUrl = new URL(redirectUri());
        for (const [key, value] of Object.entries(query))
          for (const v of [value].flat()) callbackUrl.searchParams.append(key, v);
        identity = await exchangeCode(oidcConfig, callbackUrl, {
          state,
          codeVerifier: pending.code_verifier,
          nonce: pending.nonce,
        });
      } catch (error) {
        request.log.warn(
          { err: describe(error) },
          'single sign-on: the code exchange or ID token was refused',
        );
        return fail(reply, 'failed');
      }

      const result = await withTransaction(database, async ({ client }) => {
        const account = await resolveAccount(client, settings, identity);
        if (!account.ok) return account;
        await client.query('UPDATE users SET last_sign_in_at = now() WHERE id = $1', [account.userId]);
        const token = await createSession(client, account.userId, policy, {
          method: 'SSO',
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
        });
        return { ...account, token };
      });
      if (!result.ok) {
        request.log.warn({ reason: result.reason }, 'single sign-on: sign-in refused');
        return fail(reply, result.code);
      }
      request.log.info({ userId: result.userId, created: result.created }, 'single sign-on: signed in');
      const previous = request.cookies[cookieName(policy)];
      if (previous) await destroySession(database.pool, previous);
      reply.setCookie(cookieName(policy), result.token, cookieOptions(policy));
      return reply.redirect(pending.return_to ?? '/', 302);
    },
  );

  // Refused before the body is validated: a non-administrator learns nothing from validation errors.
  const admin = administratorsOnly;

  api.get(
    ADMIN_PATH,
    { schema: { response: { 200: ssoSettingsResponse } }, preValidation: admin },
    async () => ({
      ssoSettings: await loadSsoSettings(database.pool, redirectUri()),
      formOptions: { breakGlassUsers: await administratorOptions(database.pool) },
    }),
  );

  api.post(
    ADMIN_PATH,
    { schema: { body: ssoSettingsForm, response: { 200: ssoSettingsSaved } }, preValidation: admin },
    async (request) => {
      const user = currentUser(request);
      authorize(user, 'admin');
      return {
        ssoSettings: await saveSsoSettings(
          database,
          app.secrets,
          request.body,
          user.id,
          config.timeZone,
          redirectUri(),
        ),
      };
    },
  );

  api.post(
    `${ADMIN_PATH}/test`,
    { schema: { body: ssoTestRequest, response: { 200: ssoTestResult } }, preValidation: admin },
    async (request) => {
      try {
        const found = await testIssuer(request.body.issuerUrl);
        const methods = found.code_challenge_methods_supported;
        const pkce = methods?.includes('S256')
          ? 'It supports PKCE (S256).'
          : 'It does not list PKCE S256 support; sign-in may still work if it accepts PKCE.';
        return {
          ok: true,
          message: `Found the provider ${found.issuer}: sign-in at ${found.authorization_endpoint ?? '(none)'}, tokens at ${found.token_endpoint ?? '(none)'}. ${pkce}`,
        };
      } catch (error) {
        return { ok: false, message: `The provider could not be reached or read: ${describe(error)}` };
      }
    },
  );
}

/** A short, token-free description of a failure of the provider or of the client library. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const code = (error as { code?: unknown }).code;
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'no answer within 5 seconds.';
  return `${typeof code === 'string' ? `${code}: ` : ''}${error.message}${cause}`.slice(0, 300);
}
