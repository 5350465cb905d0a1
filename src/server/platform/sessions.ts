// Database sessions: an opaque 256-bit token in an HttpOnly cookie, only its SHA-256 kept; idle and absolute expiry.
import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { prepared } from '../db/prepared.js';

export type SessionPolicy = { idleMinutes: number; maxHours: number; secureCookies: boolean };

export const cookieName = (policy: Pick<SessionPolicy, 'secureCookies'>) =>
  policy.secureCookies ? '__Host-sd6_session' : 'sd6_session';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function cookieOptions(policy: SessionPolicy) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: policy.secureCookies,
    maxAge: policy.maxHours * 3600,
  };
}

type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

/** What a new session records: its stage (null = signed in; see the sessions table), how and from where. */
export type SessionOptions = {
  stage?: 'TWO_FACTOR' | 'TWO_FACTOR_SETUP' | null;
  method?: 'PASSWORD' | 'SSO';
  ip?: string | null;
  userAgent?: string | null;
};

export async function createSession(
  db: Queryable,
  userId: number,
  policy: SessionPolicy,
  options: SessionOptions = {},
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, expires_at, stage, method, ip, user_agent)
     VALUES ($1, $2, now() + make_interval(hours => $3), $4, $5, $6, $7)`,
    [
      hashToken(token),
      userId,
      policy.maxHours,
      options.stage ?? null,
      options.method ?? 'PASSWORD',
      options.ip ?? null,
      options.userAgent?.slice(0, 300) ?? null,
    ],
  );
  // Old sessions of this user that can no longer be used are cleared as we go.
  await db.query(
    `DELETE FROM sessions WHERE user_id = $1 AND (expires_at <= now() OR last_seen_at <= now() - make_interval(mins => $2))`,
    [userId, policy.idleMinutes],
  );
  return token;
}

export type SessionUserRow = {
  session_id: number;
  stale: boolean;
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  short_code: string;
  roles: string[];
  home_page: string;
  case_list_daily_slips_mode: string;
  auto_populate_task_points: boolean;
};

/** The signed-in user of a token, or null when it is unknown, expired, idle too long or the user is inactive. */
export async function findSessionUser(
  db: Queryable,
  token: string,
  policy: SessionPolicy,
): Promise<SessionUserRow | null> {
  // Prepared: every signed-in call runs it first.
  const { rows } = await db.query<SessionUserRow>(
    prepared(
      `SELECT s.id AS session_id, s.last_seen_at < now() - interval '1 minute' AS stale,
            u.id, u.email, u.first_name, u.last_name, u.short_code, u.roles, u.home_page,
            u.case_list_daily_slips_mode, u.auto_populate_task_points
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.expires_at > now() AND s.stage IS NULL
        AND s.last_seen_at > now() - make_interval(mins => $2) AND u.active`,
      [hashToken(token), policy.idleMinutes],
    ),
  );
  const row = rows[0];
  if (!row) return null;
  // Touch at most once a minute: a write per request would cost more than the request.
  if (row.stale) await db.query('UPDATE sessions SET last_seen_at = now() WHERE id = $1', [row.session_id]);
  return row;
}

export async function destroySession(db: Queryable, token: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE token_hash = $1', [hashToken(token)]);
}
