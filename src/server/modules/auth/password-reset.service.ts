// Forgot-password links: a 256-bit single-use token mailed to the user, only its SHA-256 kept, valid 30 minutes.
// Issued by the forgot-password screen and by an administrator from the staff security screen.
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Mailer } from '../../platform/mail.js';
import { hashToken } from '../../platform/sessions.js';

export const RESET_MINUTES = 30;

export type ResetRecipient = { id: number; email: string; firstName: string };

/**
 * Writes a new reset token for `user` (earlier unused ones of the user are ended: only the newest link works) and
 * the mail that carries it, both with `db` so they commit or roll back together. `baseUrl` is the address users
 * reach (PUBLIC_URL, else the request's own origin).
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

/** The address users reach: PUBLIC_URL when set, else the origin the request came in on. */
export function publicBaseUrl(
  publicUrl: string | undefined,
  request: { protocol: string; host: string },
): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}
