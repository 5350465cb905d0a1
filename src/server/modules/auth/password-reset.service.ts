// Forgot-password links: a 256-bit single-use token mailed to the user, only its SHA-256 kept, valid 30 minutes.
// Issued by the forgot-password screen and by an administrator from the staff security screen.
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Database } from '../../db/client.js';
import { HttpError } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail.js';
import { hashPassword } from '../../platform/passwords.js';
import { hashToken } from '../../platform/sessions.js';
import { withTransaction } from '../../platform/transaction.js';
import { findUser, updateUser } from '../user/index.js';

export const RESET_MINUTES = 30;

export type ResetRecipient = { id: number; email: string; firstName: string };

/**
 * Writes a new reset token for `user` (earlier unused ones of the user are ended: only the newest link works) and
 * the mail that carries it, both with `db` so they commit or roll back together. `baseUrl` is the address users
 * reach (app.publicBaseUrl: PUBLIC_URL, else the address the server listens on; never
 * a request header).
 */
export async function issuePasswordReset(
  db: pg.PoolClient,
  mail: Mailer,
  user: ResetRecipient,
  baseUrl: string,
  requestedBy: number | null,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await db.query('UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [
    user.id,
  ]);
  await db.query(
    `INSERT INTO password_resets (user_id, token_hash, expires_at, requested_by)
     VALUES ($1, $2, now() + make_interval(mins => $3), $4)`,
    [user.id, hashToken(token), RESET_MINUTES, requestedBy],
  );
  const link = `${baseUrl.replace(/\/+$/, '')}/forgot_password/reset/${token}`;
  const why = requestedBy
    ? 'An administrator asked SD6 to send you a link to choose a new password.'
    : 'Someone (hopefully you) asked to reset the password of your SD6 account.';
  await mail.send(db, {
    to: user.email,
    subject: 'Reset your SD6 password',
    text: [
      `Hello ${user.firstName},`,
      '',
      why,
      `Choose a new password here within ${RESET_MINUTES} minutes (the link works once):`,
      link,
      '',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ].join('\n'),
  });
}

/** The answer to every forgot-password request, known address or not. */
export const RESET_MAIL_SENT =
  'If the address belongs to an active account, a link to choose a new password is on its way.';
export const RESET_LINK_INVALID =
  'This link to choose a new password is not valid: it was already used, it has expired, or it is not known.';
export const RESET_TOO_MANY = 'Too many requests for a new password. Please wait a while and try again.';

/** Forgot-password requests allowed per address and per client address. */
export const RESET_LIMITS = {
  perEmail: { limit: 3, windowSeconds: 15 * 60 },
  perClient: { limit: 20, windowSeconds: 60 * 60 },
};

/**
 * A forgot-password request: mails a link only to an active user, and does the same database work (a transaction
 * with a token lookup and a write) for an unknown or inactive address, so neither the answer nor its timing tells
 * whether the address exists.
 */
export async function requestPasswordReset(
  database: Database,
  mail: Mailer,
  email: string,
  baseUrl: string,
): Promise<void> {
  await withTransaction(database, async ({ client }) => {
    const { rows } = await client.query<{ id: number; email: string; first_name: string; active: boolean }>(
      'SELECT id, email, first_name, active FROM users WHERE email = $1',
      [email.trim().toLowerCase()],
    );
    const user = rows[0];
    if (user?.active) {
      await issuePasswordReset(
        client,
        mail,
        { id: user.id, email: user.email, firstName: user.first_name },
        baseUrl,
        null,
      );
      return;
    }
    // Equal work: the same kind of statements, changing nothing.
    const token = randomBytes(32).toString('base64url');
    await client.query(
      'UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL',
      [-1],
    );
    await client.query('SELECT 1 FROM password_resets WHERE token_hash = $1', [hashToken(token)]);
  });
}

type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

/** The account a reset link belongs to, or null when the link is unknown, used, expired or the user inactive. */
export async function findResetLink(
  db: Queryable,
  token: string,
): Promise<{ userId: number; email: string } | null> {
  const { rows } = await db.query<{ userId: number; email: string }>(
    `SELECT u.id AS "userId", u.email FROM password_resets r JOIN users u ON u.id = r.user_id
      WHERE r.token_hash = $1 AND r.used_at IS NULL AND r.expires_at > now() AND u.active`,
    [hashToken(token)],
  );
  return rows[0] ?? null;
}

/**
 * Sets the new password of a reset link, in one transaction: the link is spent first (a conditional UPDATE, so it
 * works once even when sent twice at once), then the password, its time, the lock cleared, every session of the
 * user ended and the change in the user's history (user.repository.ts updateUser).
 */
export async function resetPassword(
  database: Database,
  token: string,
  newPassword: string,
  timeZone: string,
): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  await withTransaction(database, async ({ client }) => {
    const { rows } = await client.query<{ user_id: number }>(
      `UPDATE password_resets r SET used_at = now() FROM users u
        WHERE r.token_hash = $1 AND r.used_at IS NULL AND r.expires_at > now() AND u.id = r.user_id AND u.active
        RETURNING r.user_id`,
      [hashToken(token)],
    );
    const userId = rows[0]?.user_id;
    if (userId === undefined) throw new HttpError(400, 'BAD_REQUEST', RESET_LINK_INVALID);
    const current = await findUser(client, userId, true);
    if (!current) throw new HttpError(400, 'BAD_REQUEST', RESET_LINK_INVALID);
    await updateUser(
      client,
      {
        id: userId,
        version: current.version,
        changes: { passwordHash, unlock: true },
        actorId: userId,
        timeZone,
        sessionToken: null,
      },
      () => null,
    );
    await client.query('UPDATE users SET password_changed_at = now() WHERE id = $1', [userId]);
  });
}
