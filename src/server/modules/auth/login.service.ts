// Sign-in with per-account failure counting and a growing lock (1 min doubling, at most 15 min).
import type { Database } from '../../db/client.js';
import { burnPasswordCheck, verifyPassword } from '../../platform/passwords.js';
import { createSession, type SessionPolicy } from '../../platform/sessions.js';

export const MAX_FAILED_LOGINS = 10;

type LoginRow = { id: number; password_hash: string; active: boolean };

export type LoginResult = { ok: true; userId: number; token: string } | { ok: false };

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
      RETURNING id, password_hash, active, failed_logins AS attempt`,
    [email, MAX_FAILED_LOGINS],
  );
  return rows[0] ?? null;
}

export async function signIn(
  database: Database,
  email: string,
  password: string,
  policy: SessionPolicy,
): Promise<LoginResult> {
  const user = await takeAttempt(database, email.trim().toLowerCase());
  if (!user) {
    // Unknown, or locked (the attempt is not counted): answered like a wrong password, after the same work.
    await burnPasswordCheck(password);
    return { ok: false };
  }
  const valid = await verifyPassword(user.password_hash, password);
  if (!valid || !user.active) {
    if (user.attempt >= MAX_FAILED_LOGINS) await lock(database, user.id);
    return { ok: false };
  }
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      'UPDATE users SET failed_logins = 0, lock_count = 0, locked_until = NULL WHERE id = $1',
      [user.id],
    );
    const token = await createSession(client, user.id, policy);
    await client.query('COMMIT');
    return { ok: true, userId: user.id, token };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** The lock, stored so it survives restarts: 1 minute, doubling with each lock in a row, at most 15 minutes. */
async function lock(database: Database, userId: number): Promise<void> {
  await database.pool.query(
    `UPDATE users SET failed_logins = 0, lock_count = lock_count + 1,
        locked_until = now() + least(interval '1 minute' * power(2, least(lock_count, 10)), interval '15 minutes')
      WHERE id = $1`,
    [userId],
  );
}
