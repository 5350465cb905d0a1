// A staff member's sign-in as administrators manage it (/admin/staff/:id/security): two-factor status and reset,
// sessions and their revocation, failed sign-ins and the lock, a password reset mail, API tokens. Every action runs
// in one transaction with field history on the user; roles and the active flag are saved by the staff service.
import type pg from 'pg';
import type { StaffSecurity, StaffSession } from '../../../shared/schemas/staff-security.js';
import type { Database } from '../../db/client.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { type Change, recordHistory } from '../../platform/history.js';
import type { Mailer } from '../../platform/mail.js';
import { hashToken } from '../../platform/sessions.js';
import { withTransaction } from '../../platform/transaction.js';
import { listApiTokens, revokeApiToken } from '../api-token/index.js';
import { issuePasswordReset, TWO_FACTOR_FIELD } from '../auth/index.js';
import { loadStaff } from '../staff/index.js';
import { describeUserAgent } from './user-agent.js';

type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

/** Field names of the user's history written by these actions. */
/** Field keys of the user's history (labels in USER_FIELD_LABELS); two-factor is the sign-in step's own key. */
export const SECURITY_FIELDS = {
  twoFactor: TWO_FACTOR_FIELD,
  sessions: 'sessions',
  lock: 'locked',
  resetMail: 'passwordResetMail',
} as const;

type SecurityRow = {
  totp_enabled_at: Date | null;
  recovery_left: number;
  last_sign_in_at: Date | null;
  password_changed_at: Date | null;
  failed_logins: number;
  locked_until: Date | null;
};

type SessionRow = {
  id: number;
  created_at: Date;
  last_seen_at: Date;
  method: 'PASSWORD' | 'SSO';
  ip: string | null;
  user_agent: string | null;
  stage: string | null;
};

/** Sessions that can still be used (or finish their sign-in): not expired, not idle too long. */
const LIVE_SESSION = `expires_at > now() AND last_seen_at > now() - make_interval(mins => $2)`;

export async function loadStaffSecurity(
  db: Queryable,
  id: number,
  idleMinutes: number,
): Promise<StaffSecurity> {
  const staff = await loadStaff(db, id);
  const { rows } = await db.query<SecurityRow>(
    `SELECT totp_enabled_at, last_sign_in_at, password_changed_at, failed_logins,
            CASE WHEN locked_until > now() THEN locked_until END AS locked_until,
            (SELECT count(*)::int FROM recovery_codes r WHERE r.user_id = u.id AND r.used_at IS NULL) AS recovery_left
       FROM users u WHERE id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) throw notFound();
  const sessions = await db.query<SessionRow>(
    `SELECT id, created_at, last_seen_at, method, ip, user_agent, stage FROM sessions
      WHERE user_id = $1 AND ${LIVE_SESSION} ORDER BY last_seen_at DESC, id DESC`,
    [id, idleMinutes],
  );
  return {
    staff,
    twoFactor: {
      enabled: row.totp_enabled_at !== null,
      since: row.totp_enabled_at?.toISOString() ?? null,
      recoveryCodesLeft: row.totp_enabled_at ? row.recovery_left : 0,
    },
    lastSignIn: row.last_sign_in_at?.toISOString() ?? null,
    passwordChanged: row.password_changed_at?.toISOString() ?? null,
    failedLogins: row.failed_logins,
    lockedUntil: row.locked_until?.toISOString() ?? null,
    sessions: sessions.rows.map(presentSession),
    apiTokens: await listApiTokens(db, id),
  };
}

function presentSession(r: SessionRow): StaffSession {
  return {
    id: Number(r.id),
    started: r.created_at.toISOString(),
    lastSeen: r.last_seen_at.toISOString(),
    method: r.method,
    ip: r.ip,
    browser: describeUserAgent(r.user_agent),
    userAgent: r.user_agent,
    stage: r.stage,
  };
}

/** Runs an action on an existing user in one transaction: the user's row is locked first, 404 when there is none. */
async function onUser<T>(
  database: Database,
  id: number,
  work: (client: pg.PoolClient, user: { id: number; email: string; firstName: string }) => Promise<T>,
): Promise<T> {
  return withTransaction(database, async ({ client }) => {
    const { rows } = await client.query<{ id: number; email: string; firstName: string }>(
      'SELECT id, email, first_name AS "firstName" FROM users WHERE id = $1 FOR UPDATE',
      [id],
    );
    const user = rows[0];
    if (!user) throw notFound();
    return work(client, user);
  });
}

const history = (client: pg.PoolClient, id: number, actorId: number, changes: Change[]) =>
  recordHistory(client, { entity: 'user', entityId: id, actorId, changes });

/** The acting administrator's own session is kept when they act on themself: nobody signs themself out here. */
const keptToken = (id: number, actorId: number, sessionToken: string | null) =>
  id === actorId && sessionToken ? hashToken(sessionToken) : null;

export type Actor = { id: number; sessionToken: string | null };

/** Turns two-factor sign-in off: secret, enabled time, last step and recovery codes go; the user's sessions end. */
export async function resetTwoFactor(database: Database, id: number, actor: Actor): Promise<void> {
  await onUser(database, id, async (client) => {
    const { rows } = await client.query<{ totp_enabled_at: Date | null; totp_secret: string | null }>(
      'SELECT totp_enabled_at, totp_secret FROM users WHERE id = $1',
      [id],
    );
    const before = rows[0]!;
    const codes = await client.query('DELETE FROM recovery_codes WHERE user_id = $1', [id]);
    if (!before.totp_enabled_at && !before.totp_secret && !codes.rowCount) {
      throw badRequest({}, ['Two-factor sign-in is not set up for this staff member.']);
    }
    await client.query(
      'UPDATE users SET totp_secret = NULL, totp_enabled_at = NULL, totp_last_step = NULL WHERE id = $1',
      [id],
    );
    const ended = await endSessions(client, id, keptToken(id, actor.id, actor.sessionToken));
    await history(client, id, actor.id, [
      {
        field: SECURITY_FIELDS.twoFactor,
        oldValue: before.totp_enabled_at ? 'On' : 'Being set up',
        newValue: 'Reset (off)',
      },
      ...sessionChange(ended),
    ]);
  });
}

async function endSessions(client: pg.PoolClient, id: number, keep: string | null): Promise<number> {
  const { rowCount } = await client.query(
    'DELETE FROM sessions WHERE user_id = $1 AND token_hash IS DISTINCT FROM $2',
    [id, keep],
  );
  return rowCount ?? 0;
}

const sessionChange = (ended: number): Change[] =>
  ended ? [{ field: SECURITY_FIELDS.sessions, oldValue: null, newValue: `${ended} ended` }] : [];

export const OWN_SESSION = 'This is the session you are using now: sign out instead.';

/** Ends one session of the user (404 when it is not theirs or already gone). */
export async function revokeSession(
  database: Database,
  id: number,
  sessionId: number,
  actor: Actor,
): Promise<void> {
  await onUser(database, id, async (client) => {
    const current = keptToken(id, actor.id, actor.sessionToken);
    const { rows } = await client.query<{ created_at: Date; user_agent: string | null; ip: string | null }>(
      'DELETE FROM sessions WHERE id = $1 AND user_id = $2 AND token_hash IS DISTINCT FROM $3 RETURNING created_at, user_agent, ip',
      [sessionId, id, current],
    );
    if (!rows[0] && current) {
      const own = await client.query('SELECT 1 FROM sessions WHERE id = $1 AND token_hash = $2', [
        sessionId,
        current,
      ]);
      if (own.rowCount) throw badRequest({}, [OWN_SESSION]);
    }
    const row = rows[0];
    if (!row) throw notFound();
    const what = `${describeUserAgent(row.user_agent)}${row.ip ? ` from ${row.ip}` : ''}, started ${row.created_at.toISOString()}`;
    await history(client, id, actor.id, [
      { field: SECURITY_FIELDS.sessions, oldValue: what, newValue: 'Revoked' },
    ]);
  });
}

/** Ends every session of the user (the acting administrator's own current one is kept). */
export async function revokeAllSessions(database: Database, id: number, actor: Actor): Promise<number> {
  return onUser(database, id, async (client) => {
    const ended = await endSessions(client, id, keptToken(id, actor.id, actor.sessionToken));
    await history(client, id, actor.id, [
      { field: SECURITY_FIELDS.sessions, oldValue: null, newValue: `All revoked (${ended} ended)` },
    ]);
    return ended;
  });
}

/** Clears failed sign-ins and the lock. */
export async function unlockUser(database: Database, id: number, actorId: number): Promise<void> {
  await onUser(database, id, async (client) => {
    const { rows } = await client.query<{
      failed_logins: number;
      lock_count: number;
      locked_until: Date | null;
    }>(
      `SELECT failed_logins, lock_count, CASE WHEN locked_until > now() THEN locked_until END AS locked_until
         FROM users WHERE id = $1`,
      [id],
    );
    const before = rows[0]!;
    await client.query(
      'UPDATE users SET failed_logins = 0, lock_count = 0, locked_until = NULL WHERE id = $1',
      [id],
    );
    // The same Yes/No the staff basics' unlock writes.
    const old = before.locked_until
      ? 'Yes'
      : `No (${before.failed_logins} failed sign-in${before.failed_logins === 1 ? '' : 's'})`;
    await history(client, id, actorId, [{ field: SECURITY_FIELDS.lock, oldValue: old, newValue: 'No' }]);
  });
}

/** Mails the user a link to choose a new password (modules/auth/password-reset.service.ts). */
export async function sendPasswordReset(
  database: Database,
  mail: Mailer,
  id: number,
  baseUrl: string,
  actorId: number,
): Promise<void> {
  await onUser(database, id, async (client, user) => {
    await issuePasswordReset(client, mail, user, baseUrl, actorId);
    await history(client, id, actorId, [
      { field: SECURITY_FIELDS.resetMail, oldValue: null, newValue: `Sent to ${user.email}` },
    ]);
  });
}

/** Revokes one of the user's API tokens. */
export async function revokeUserApiToken(
  database: Database,
  id: number,
  tokenId: number,
  actorId: number,
): Promise<void> {
  await onUser(database, id, (client) => revokeApiToken(client, id, tokenId, actorId));
}
