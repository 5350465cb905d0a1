// The profile a page load carries (platform/static.ts): what POST /api/user/profile answers for the session the
// browser sends, read by the same lookup that signs API calls in (a session waiting for a sign-in step has none).
import type { FastifyRequest } from 'fastify';
import { toAuthUser } from '../../platform/auth.js';
import type { Queryable } from '../../platform/records.js';
import { cookieName, findSessionUser, type SessionPolicy } from '../../platform/sessions.js';
import { profileOf } from './profile.presenter.js';

export async function pageProfile(db: Queryable, policy: SessionPolicy, request: FastifyRequest) {
  const token = request.cookies[cookieName(policy)];
  if (!token) return null;
  const row = await findSessionUser(db, token, policy);
  return row ? { user: profileOf(toAuthUser(row)) } : null;
}
