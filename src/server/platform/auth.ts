// Authentication hook (every /api route needs a session unless marked public) and authorization.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../../shared/schemas/user.js';
import type { Database } from '../db/client.js';
import { forbidden, HttpError } from './errors.js';
import { cookieName, findSessionUser, type SessionPolicy, type SessionUserRow } from './sessions.js';

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
  }
  interface FastifyContextConfig {
    /** Reachable without a session. */
    public?: boolean;
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

export function installAuth(app: FastifyInstance, database: Database, policy: SessionPolicy): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  const name = cookieName(policy);
  // onRequest runs before the body is read: an anonymous caller learns nothing from validation errors.
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[name];
    if (token) {
      const row = await findSessionUser(database.pool, token, policy);
      if (row) {
        request.user = toAuthUser(row);
        request.sessionToken = token;
      }
    }
    if (!request.user && !request.routeOptions.config?.public) {
      return reply.status(401).send({
        message: 'Your session has ended. Please log in again.',
        code: 'LOGIN',
        reason: 'LOGIN',
        form: { errors: [], fields: {} },
      });
    }
  });
}

/** The signed-in user of a route that is not public (the hook has already refused anonymous calls). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw loginRequired();
  return request.user;
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
