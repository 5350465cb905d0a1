// Sign-in with per-account failure counting and a growing lock (1 min doubling, at most 15 min). The lock counts
// wrong passwords and wrong two-factor codes alike (two-factor.service.ts takes its slots here too).
import type pg from 'pg';
import type { LoginNext } from '../../../shared/schemas/auth.js';
import type { StoredSsoSettings } from '../../../shared/schemas/sso.js';
import type { Database } from '../../db/client.js';
import { burnPasswordCheck, verifyPassword } from '../../platform/passwords.js';
import { createSession, hashToken, type SessionPolicy } from '../../platform/sessions.js';
import {
  passwordSignInAllowed,
  readSsoSettings,
  ssoReady,
  twoFactorRequired,
} from '../../platform/sign-in-policy.js';

export const MAX_FAILED_LOGINS = 10;

/** A session waiting for the two-factor step lives at most this long. */
export const PENDING_SESSION_MINUTES = 10;

type LoginRow = {
  id: number;
  password_hash: string;
  active: boolean;
  roles: string[];
  two_factor: boolean;
};

/** Where a sign-in comes from, kept on its session (the staff security screen lists them). */
export type SignInContext = { ip: string | null; userAgent: string | null };

export type LoginResult =
  | { ok: true; userId: number; token: string; next: LoginNext | null }
  | { ok: false; passwordSignInOff?: { providerName: string } };

type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

/**
 * Takes one of the account's failure slots before the password is checked, in one conditional UPDATE: however many
 * guesses arrive together, at most MAX_FAILED_LOGINS are checked before the lock holds. A right password gives its
 * slot back; a wrong one keeps it, and the one that fills the last slot sets the lock.
 */
async function takeAttempt(
  database: Database,
  email: string,
): Promise<(LoginRow & { attempt: number }) | null> {
  const { rows } = await database.pool.query<LoginRow & { attempt: number }>(
    `UPDATE users SET failed_logins = failed_logins + 1
      WHERE email = $1 AND failed_logins < $2 AND (locked_until IS NULL OR locked_until <= now())
      RETURNING id, password_hash, active, roles, totp_enabled_at IS NOT NULL AS two_factor,
                failed_logins AS attempt`,
    [email, MAX_FAILED_LOGINS],
  );
  return rows[0] ?? null;
}

/**
 * Takes a failure slot of a known account (a two-factor code about to be checked): null when the account is
 * locked or inactive, else the attempt number. `failedAttempt` then keeps it, `openSession` clears them all.
 */
export async function takeAccountAttempt(db: Queryable, userId: number): Promise<number | null> {
  const { rows } = await db.query<{ attempt: number }>(
    `UPDATE users SET failed_logins = failed_logins + 1
      WHERE id = $1 AND active AND failed_logins < $2 AND (locked_until IS NULL OR locked_until <= now())
      RETURNING failed_logins AS attempt`,
    [userId, MAX_FAILED_LOGINS],
  );
  return rows[0]?.attempt ?? null;
}

/** A failed attempt keeps its slot; the one that filled the last slot sets the lock. */
export async function failedAttempt(db: Queryable, userId: number, attempt: number): Promise<void> {
  if (attempt >= MAX_FAILED_LOGINS) await lock(db, userId);
}

/** Gives back a slot taken for a check that was not a failure (a right password before the two-factor step). */
async function giveBackAttempt(db: Queryable, userId: number): Promise<void> {
  await db.query('UPDATE users SET failed_logins = greatest(failed_logins - 1, 0) WHERE id = $1', [userId]);
}

/** Whether password sign-in is open to this address: always, unless single sign-on is enforced. */
async function mayUsePassword(db: Queryable, settings: StoredSsoSettings, email: string): Promise<boolean> {
  if (!(ssoReady(settings) && settings.enforced)) return true;
  if (settings.breakGlassUserId === null) return false;
  const { rows } = await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [
    settings.breakGlassUserId,
  ]);
  return rows[0]?.email === email;
}

export async function signIn(
  database: Database,
  email: string,
  password: string,
  policy: SessionPolicy,
  context: SignInContext = { ip: null, userAgent: null },
): Promise<LoginResult> {
  const settings = await readSsoSettings(database.pool);
  const address = email.trim().toLowerCase();
  if (!(await mayUsePassword(database.pool, settings, address))) {
    // Enforced single sign-on: every address but the break-glass administrator's gets one answer, right password,
    // wrong password or no account, and no password is checked (the dummy check keeps the time of a real one).
    await burnPasswordCheck(password);
    return { ok: false, passwordSignInOff: { providerName: settings.providerName || 'single sign-on' } };
  }
  const user = await takeAttempt(database, address);
  if (!user) {
    // Unknown, or locked (the attempt is not counted): answered like a wrong password, after the same work.
    await burnPasswordCheck(password);
    return { ok: false };
  }
  const valid = await verifyPassword(user.password_hash, password);
  if (!valid || !user.active) {
    await failedAttempt(database.pool, user.id, user.attempt);
    return { ok: false };
  }
  if (!passwordSignInAllowed(settings, user.id)) {
    // The address stopped being the break-glass administrator's since it was read: answered as above.
    await giveBackAttempt(database.pool, user.id);
    return { ok: false, passwordSignInOff: { providerName: settings.providerName || 'single sign-on' } };
  }
  const next: LoginNext | null = user.two_factor
    ? '2fa'
    : twoFactorRequired(settings, user.roles)
      ? '2fa_setup'
      : null;
  if (next) {
    // Not signed in yet: the counters stay until the second step passes, so signing in again and again cannot
    // reset them between rounds of code guesses.
    await giveBackAttempt(database.pool, user.id);
    const token = await createSession(database.pool, user.id, policy, {
      stage: next === '2fa' ? 'TWO_FACTOR' : 'TWO_FACTOR_SETUP',
      method: 'PASSWORD',
      ...context,
    });
    await database.pool.query(
      `UPDATE sessions SET expires_at = least(expires_at, now() + make_interval(mins => $2))
        WHERE token_hash = $1`,
      [hashToken(token), PENDING_SESSION_MINUTES],
    );
    return { ok: true, userId: user.id, token, next };
  }
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN');
    const token = await openSession(client, user.id, policy, context);
    await client.query('COMMIT');
    return { ok: true, userId: user.id, token, next: null };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** A full sign-in: counters and lock cleared, a signed-in session, the time of the sign-in kept. */
export async function openSession(
  client: pg.PoolClient,
  userId: number,
  policy: SessionPolicy,
  context: SignInContext,
): Promise<string> {
  await client.query(
    `UPDATE users SET failed_logins = 0, lock_count = 0, locked_until = NULL, last_sign_in_at = now()
      WHERE id = $1`,
    [userId],
  );
  return createSession(client, userId, policy, { method: 'PASSWORD', ...context });
}

/** The lock, stored so it survives restarts: 1 minute, doubling with each lock in a row, at most 15 minutes. */
async function lock(db: Queryable, userId: number): Promise<void> {
  await db.query(
    `UPDATE users SET failed_logins = 0, lock_count = lock_count + 1,
        locked_until = now() + least(interval '1 minute' * power(2, least(lock_count, 10)), interval '15 minutes')
      WHERE id = $1`,
    [userId],
  );
}
