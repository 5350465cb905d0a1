// Sign-in with per-account failure counting and a growing lock (1 min doubling, at most 15 min).
import type { Database } from '../../db/client.js';
import { burnPasswordCheck, verifyPassword } from '../../platform/passwords.js';
import { createSession, type SessionPolicy } from '../../platform/sessions.js';

export const MAX_FAILED_LOGINS = 10;

type LoginRow = { id: number; password_hash: string; active: boolean; locked: boolean };

export type LoginResult = { ok: true; userId: number; token: string } | { ok: false };

export async function signIn(
  database: Database,
  email: string,
  password: string,
  policy: SessionPolicy,
): Promise<LoginResult> {
  const { rows } = await database.pool.query<LoginRow>(
    `SELECT id, password_hash, active, coalesce(locked_until > now(), false) AS locked FROM users WHERE email = $1`,
    [email.trim().toLowerCase()],
  );
  const user = rows[0];
  if (!user) {
    await burnPasswordCheck(password);
    return { ok: false };
  }
  if (user.locked) {
    // A locked account answers like a wrong password, after the same work, and the attempt is not counted.
    await burnPasswordCheck(password);
    return { ok: false };
  }
  const valid = await verifyPassword(user.password_hash, password);
  if (!valid || !user.active) {
    await recordFailure(database, user.id);
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

/** One atomic update, so concurrent failures cannot undercount; the lock is stored and survives restarts. */
async function recordFailure(database: Database, userId: number): Promise<void> {
  await database.pool.query(
    `UPDATE users SET
        failed_logins = CASE WHEN failed_logins + 1 >= $2 THEN 0 ELSE failed_logins + 1 END,
        locked_until = CASE WHEN failed_logins + 1 >= $2
          THEN now() + least(interval '1 minute' * power(2, least(lock_count, 10)), interval '15 minutes')
          ELSE locked_until END,
        lock_count = CASE WHEN failed_logins + 1 >= $2 THEN lock_count + 1 ELSE lock_count END
      WHERE id = $1`,
    [userId, MAX_FAILED_LOGINS],
  );
}
