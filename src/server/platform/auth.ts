// Authentication hook (every /api route needs a session or a personal API token unless marked public) and
// authorization.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { MESSAGES } from '../../shared/errors.js';
import { API_TOKEN_PREFIX, type ApiTokenScope } from '../../shared/schemas/api-token.js';
import type { Role } from '../../shared/schemas/user.js';
import type { Database } from '../db/client.js';
import { prepared } from '../db/prepared.js';
import { body, forbidden, HttpError } from './errors.js';
import { installSessionHint } from './session-hint.js';
import {
  cookieName,
  findSessionUser,
  hashToken,
  type SessionPolicy,
  type SessionUserRow,
} from './sessions.js';
import { setRateLimitHeaders, takeTokenSlot, tokenRateLimited } from './token-rate-limit.js';

export type AuthUser = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  name: string;
  shortCode: string;
  roles: Role[];
  isAdmin: boolean;
  isDeveloper: boolean;
  homePage: string;
  caseListDailySlipsMode: string;
  autoPopulateTaskPoints: boolean;
};

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    sessionToken: string | null;
    /** The personal API token of a Bearer call (then there is no session). */
    apiToken: { id: number; scope: ApiTokenScope } | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a session. */
    public?: boolean;
    /** Needs a cookie session: a Bearer call is refused (e.g. managing API tokens). */
    sessionOnly?: boolean;
  }
}

export function toAuthUser(row: SessionUserRow): AuthUser {
  const roles = row.roles as Role[];
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    name: `${row.first_name} ${row.last_name}`,
    shortCode: row.short_code,
    roles,
    isAdmin: roles.includes('ROLE_ADMIN'),
    isDeveloper: roles.includes('ROLE_PRIMARY_DEVELOPER'),
    homePage: row.home_page,
    caseListDailySlipsMode: row.case_list_daily_slips_mode,
    autoPopulateTaskPoints: row.auto_populate_task_points,
  };
}

export const loginRequired = () =>
  new HttpError(401, 'LOGIN', 'Your session has ended. Please log in again.');

type Queryable = Pick<pg.Pool, 'query'>;

type BearerRow = SessionUserRow & { token_id: number; scope: ApiTokenScope };

/** The user of a personal API token, or null when it is unknown, revoked, expired or its user is inactive. */
export async function findTokenUser(db: Queryable, token: string): Promise<BearerRow | null> {
  if (!token.startsWith(API_TOKEN_PREFIX) || token.length > 200) return null;
  const { rows } = await db.query<BearerRow>(
    prepared(
      `SELECT t.id AS token_id, t.scope, t.id AS session_id,
            (t.last_used_at IS NULL OR t.last_used_at < now() - interval '1 minute') AS stale,
            u.id, u.email, u.first_name, u.last_name, u.short_code, u.roles, u.home_page,
            u.case_list_daily_slips_mode, u.auto_populate_task_points
       FROM api_tokens t JOIN users u ON u.id = t.user_id
      WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > now())
        AND u.active`,
      [hashToken(token)],
    ),
  );
  const row = rows[0];
  if (!row) return null;
  // Touched at most once a minute, as sessions are: a write per request would cost more than the request.
  if (row.stale) await db.query('UPDATE api_tokens SET last_used_at = now() WHERE id = $1', [row.token_id]);
  return row;
}

/** The token of an `Authorization: Bearer …` header, or null when the request has none. */
export function bearerToken(request: Pick<FastifyRequest, 'headers'>): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : header.toLowerCase().startsWith('bearer') ? '' : null;
}

const READ_METHODS = new Set(['GET', 'HEAD']);

const loginBody = {
  message: 'Your session has ended. Please log in again.',
  code: 'LOGIN',
  reason: 'LOGIN',
  form: { errors: [], fields: {} },
};

export function installAuth(
  app: FastifyInstance,
  database: Database,
  policy: SessionPolicy,
  tokenRateLimit: number,
): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('apiToken', null);
  const name = cookieName(policy);
  // onRequest runs before the body is read: an anonymous caller learns nothing from validation errors.
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.url.startsWith('/api/')) return;
    const bearer = bearerToken(request);
    if (bearer !== null) {
      // A Bearer call is the token's user and nothing else: its cookies are not read.
      const row = bearer ? await findTokenUser(database.pool, bearer) : null;
      if (!row) return reply.status(401).send(loginBody);
      request.user = toAuthUser(row);
      request.apiToken = { id: row.token_id, scope: row.scope };
      // Every call of the token counts, a refused one too; past the limit nothing else is read or done.
      const slot = await takeTokenSlot(database.pool, row.token_id, tokenRateLimit);
      setRateLimitHeaders(reply, tokenRateLimit, slot);
      if (!slot.allowed) {
        const message = tokenRateLimited(tokenRateLimit, slot.reset);
        reply.header('Retry-After', String(slot.reset));
        return reply.status(429).send(body('TOO_MANY_REQUESTS', message, {}, [message]));
      }
      if (request.routeOptions.config?.sessionOnly) {
        return reply.status(403).send(body('FORBIDDEN', MESSAGES.forbidden));
      }
      if (row.scope === 'READ' && !READ_METHODS.has(request.method)) {
        return reply.status(403).send(body('FORBIDDEN', MESSAGES.forbidden));
      }
      return;
    }
    const token = request.cookies[name];
    if (token) {
      const row = await findSessionUser(database.pool, token, policy);
      if (row) {
        request.user = toAuthUser(row);
        request.sessionToken = token;
      }
    }
    if (!request.user && !request.routeOptions.config?.public) {
      return reply.status(401).send(loginBody);
    }
  });
  // Before the hook below, which strips it from Bearer calls with every other cookie.
  installSessionHint(app, policy);
  // A Bearer call never gets a cookie (not even a sign-in route's).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.apiToken || (request.url.startsWith('/api/') && bearerToken(request) !== null)) {
      reply.removeHeader('set-cookie');
    }
    return payload;
  });
}

/** The signed-in user of a route that is not public (the hook has already refused anonymous calls). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw loginRequired();
  return request.user;
}

/** A route every signed-in user may use (each logs their own time, reads the calendar, …): the user, or 401. */
export function signedIn(request: FastifyRequest): AuthUser {
  return currentUser(request);
}

// ---- authorization: authorize(user, action, subject) -> throws 403 ----

export type Policy = (user: AuthUser, subject?: unknown) => boolean;
const policies = new Map<string, Policy>([
  ['admin', (user) => user.isAdmin],
  ['developer', (user) => user.isDeveloper],
]);

export function registerPolicy(action: string, policy: Policy): void {
  policies.set(action, policy);
}

export function authorize(user: AuthUser, action: string, subject?: unknown): void {
  const policy = policies.get(action);
  if (!policy?.(user, subject)) throw forbidden();
}

/** preValidation of administrator-only routes: refused before the body is read, so validation tells nothing. */
export async function administratorsOnly(request: FastifyRequest): Promise<void> {
  authorize(currentUser(request), 'admin');
}
