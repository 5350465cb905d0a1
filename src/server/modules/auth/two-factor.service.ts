// Two-factor sign-in with an authenticator app (TOTP, RFC 6238: SHA-1, 6 digits, 30 s, one step either side) and
// ten single-use recovery codes. The secret is kept sealed; a code is taken at most once (users.totp_last_step).
import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type pg from 'pg';
import QRCode from 'qrcode';
import { MESSAGES } from '../../../shared/errors.js';
import {
  formatRecoveryCode,
  normalizeRecoveryCode,
  RECOVERY_CODE_COUNT,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '../../../shared/schemas/two-factor.js';
import type { Database } from '../../db/client.js';
import { loginRequired } from '../../platform/auth.js';
import { fieldError, HttpError, notFound } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { verifyPassword } from '../../platform/passwords.js';
import { takeRateSlot } from '../../platform/rate-limit.js';
import type { SecretBox } from '../../platform/secret-box.js';
import { hashToken, type SessionPolicy } from '../../platform/sessions.js';
import { readSsoSettings, twoFactorRequired } from '../../platform/sign-in-policy.js';
import { withTransaction } from '../../platform/transaction.js';
import {
  failedAttempt,
  MAX_FAILED_LOGINS,
  openSession,
  type SignInContext,
  takeAccountAttempt,
} from './login.service.js';

export const TOTP_PERIOD = 30;
export const TOTP_DIGITS = 6;
/** Codes of the step before and after the current one are accepted too (clocks drift, people type slowly). */
export const TOTP_WINDOW = 1;
/** Wrong codes a pending sign-in may send before it is ended (the account lock counts them as well). */
export const MAX_FAILED_CODES = 5;
/** Code checks of a signed-in user (profile: confirm setup, new recovery codes) per window. */
export const PROFILE_CODE_LIMIT = { limit: 5, windowSeconds: 15 * 60 };
const ISSUER = 'SD6';

export const WRONG_CODE =
  'The code is not correct. Check that the time on your device is right and try again.';
export const WRONG_RECOVERY_CODE = 'This recovery code is not correct or was already used.';
export const TOO_MANY_CODES = 'Too many wrong codes. Please sign in again.';
export const TOO_MANY_PROFILE_CODES = 'Too many wrong codes. Wait 15 minutes and try again.';
export const ALREADY_ON = 'Two-factor sign-in is already on.';
export const REQUIRED_BY_POLICY =
  'Two-factor sign-in is required for your account by the sign-in settings, so it cannot be turned off.';

/** History fields of the user (modules/user/user.history.ts shows them). */
export const TWO_FACTOR_FIELD = 'twoFactor';
export const RECOVERY_CODES_FIELD = 'recoveryCodes';

// ---- pure parts ----

/** The TOTP time step of a moment. */
export const totpStep = (epochMs: number) => Math.floor(epochMs / 1000 / TOTP_PERIOD);

/** The time step whose code `code` is (the current one or one either side), or null when it matches none. */
export function matchTotp(secretBase32: string, code: string, epochMs: number): number | null {
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secretBase32),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD,
    timestamp: epochMs,
    window: TOTP_WINDOW,
  });
  return delta === null ? null : totpStep(epochMs) + delta;
}

export function otpauthUrl(secretBase32: string, account: string): string {
  return new TOTP({
    issuer: ISSUER,
    label: account,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD,
    secret: Secret.fromBase32(secretBase32),
  }).toString();
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** A recovery code: 12 random letters (56 bits), shown as `abcd-efgh-ijkl`. */
export function newRecoveryCode(): string {
  let letters = '';
  for (let i = 0; i < 12; i++) letters += LETTERS[randomInt(LETTERS.length)];
  return formatRecoveryCode(letters);
}

export const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');

// ---- who is asking ----

type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

export type PendingSession = { sessionId: number; userId: number; email: string; failedCodes: number };

/** The session of `token` waiting for `stage`, or null (unknown, expired, signed in already, user inactive). */
export async function findPendingSession(
  db: Queryable,
  token: string | undefined,
  stage: 'TWO_FACTOR' | 'TWO_FACTOR_SETUP',
): Promise<PendingSession | null> {
  if (!token) return null;
  const { rows } = await db.query<PendingSession>(
    `SELECT s.id AS "sessionId", s.user_id AS "userId", u.email, s.failed_codes AS "failedCodes"
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.stage = $2 AND s.expires_at > now() AND u.active`,
    [hashToken(token), stage],
  );
  return rows[0] ?? null;
}

/** Setting up: a signed-in user (profile) or a sign-in waiting for its setup step. */
export type SetupActor = { userId: number; email: string; pending: PendingSession | null };

// ---- setup ----

/** A new secret (kept sealed until confirmed) and what the screen shows of it. */
export async function startSetup(
  database: Database,
  secrets: SecretBox,
  actor: SetupActor,
): Promise<TwoFactorSetup> {
  const secret = new Secret({ size: 20 }).base32;
  const { rowCount } = await database.pool.query(
    `UPDATE users SET totp_secret = $2, totp_last_step = NULL WHERE id = $1 AND totp_enabled_at IS NULL`,
    [actor.userId, secrets.seal(secret)],
  );
  if (!rowCount) throw new HttpError(400, 'BAD_REQUEST', ALREADY_ON);
  const url = otpauthUrl(secret, actor.email);
  const qrCode = await QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 1, width: 220 });
  return { secret, otpauthUrl: url, qrCode };
}

/**
 * Confirms the setup with one code: two-factor sign-in is on, ten new recovery codes are answered (the only time
 * they are shown). A pending sign-in's wrong codes are counted on its session; a signed-in user's are rate limited.
 */
export async function confirmSetup(
  database: Database,
  secrets: SecretBox,
  actor: SetupActor,
  code: string,
): Promise<string[]> {
  await takeCodeSlot(database, actor);
  return withTransaction(database, async ({ client }) => {
    const { rows } = await client.query<{ totp_secret: string | null; enabled: boolean }>(
      `SELECT totp_secret, totp_enabled_at IS NOT NULL AS enabled FROM users WHERE id = $1 FOR UPDATE`,
      [actor.userId],
    );
    const row = rows[0];
    if (!row) throw notFound();
    if (row.enabled) throw new HttpError(400, 'BAD_REQUEST', ALREADY_ON);
    const secret = row.totp_secret ? secrets.open(row.totp_secret) : null;
    if (!secret) throw new HttpError(400, 'BAD_REQUEST', 'Start the setup again: no code was asked for yet.');
    const step = matchTotp(secret, code, Date.now());
    if (step === null) throw fieldError('code', WRONG_CODE);
    await client.query(`UPDATE users SET totp_enabled_at = now(), totp_last_step = $2 WHERE id = $1`, [
      actor.userId,
      step,
    ]);
    const codes = await replaceRecoveryCodes(client, actor.userId);
    await recordHistory(client, {
      entity: 'user',
      entityId: actor.userId,
      actorId: actor.userId,
      changes: [{ field: TWO_FACTOR_FIELD, oldValue: 'Off', newValue: 'On' }],
    });
    return codes;
  });
}

/** Counts a code check: on the pending session (at most MAX_FAILED_CODES), or against the user's rate limit. */
async function takeCodeSlot(database: Database, actor: SetupActor): Promise<void> {
  if (actor.pending) {
    const { rowCount } = await database.pool.query(
      `UPDATE sessions SET failed_codes = failed_codes + 1 WHERE id = $1 AND failed_codes < $2`,
      [actor.pending.sessionId, MAX_FAILED_CODES],
    );
    if (!rowCount) {
      await database.pool.query('DELETE FROM sessions WHERE id = $1', [actor.pending.sessionId]);
      throw new HttpError(401, 'LOGIN', TOO_MANY_CODES);
    }
    return;
  }
  const slot = await takeRateSlot(database.pool, {
    key: `2fa:user:${actor.userId}`,
    ...PROFILE_CODE_LIMIT,
  });
  if (!slot.allowed) throw new HttpError(429, 'TOO_MANY_REQUESTS', TOO_MANY_PROFILE_CODES);
}

async function replaceRecoveryCodes(client: pg.PoolClient, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await client.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
  await client.query(
    `INSERT INTO recovery_codes (user_id, code_hash) SELECT $1, h FROM unnest($2::text[]) AS h`,
    [userId, codes.map(hashRecoveryCode)],
  );
  return codes;
}

// ---- the sign-in step ----

/**
 * The second step of a password sign-in. Before any check, one slot of the pending session and one of the account
 * are taken with conditional UPDATEs, so a burst of guesses gets at most MAX_FAILED_CODES of them checked, and
 * the account lock (wrong passwords and codes together) holds. Success ends the pending session and answers the
 * token of a new, signed-in one.
 */
export async function completeTwoFactor(
  database: Database,
  secrets: SecretBox,
  token: string | undefined,
  answer: { code?: string; recoveryCode?: string },
  policy: SessionPolicy,
  context: SignInContext,
): Promise<{ userId: number; token: string }> {
  if (!token) throw loginRequired();
  const { rows } = await database.pool.query<{ id: number; user_id: number; failed_codes: number }>(
    `UPDATE sessions SET failed_codes = failed_codes + 1
      WHERE token_hash = $1 AND stage = 'TWO_FACTOR' AND expires_at > now() AND failed_codes < $2
      RETURNING id, user_id, failed_codes`,
    [hashToken(token), MAX_FAILED_CODES],
  );
  const session = rows[0];
  if (!session) {
    // Unknown or expired, or out of tries (then ended here).
    const ended = await database.pool.query(
      `DELETE FROM sessions WHERE token_hash = $1 AND stage = 'TWO_FACTOR'`,
      [hashToken(token)],
    );
    throw ended.rowCount ? new HttpError(401, 'LOGIN', TOO_MANY_CODES) : loginRequired();
  }
  const attempt = await takeAccountAttempt(database.pool, session.user_id);
  if (attempt === null) {
    // Locked meanwhile (or deactivated): this sign-in is over.
    await database.pool.query('DELETE FROM sessions WHERE id = $1', [session.id]);
    throw new HttpError(401, 'LOGIN', MESSAGES.signInFailed);
  }
  const right = answer.recoveryCode
    ? await spendRecoveryCode(database.pool, session.user_id, answer.recoveryCode)
    : await takeTotpCode(database.pool, secrets, session.user_id, answer.code ?? '');
  if (!right) {
    await failedAttempt(database.pool, session.user_id, attempt);
    if (session.failed_codes >= MAX_FAILED_CODES || attempt >= MAX_FAILED_LOGINS) {
      await database.pool.query('DELETE FROM sessions WHERE id = $1', [session.id]);
      throw new HttpError(401, 'LOGIN', TOO_MANY_CODES);
    }
    throw answer.recoveryCode
      ? fieldError('recoveryCode', WRONG_RECOVERY_CODE)
      : fieldError('code', WRONG_CODE);
  }
  const fresh = await withTransaction(database, async ({ client }) => {
    await client.query('DELETE FROM sessions WHERE id = $1', [session.id]);
    return openSession(client, session.user_id, policy, context);
  });
  return { userId: session.user_id, token: fresh };
}

/** Takes the code's time step, atomically: a step not later than the last one taken is refused (no replay). */
async function takeTotpCode(
  db: Queryable,
  secrets: SecretBox,
  userId: number,
  code: string,
): Promise<boolean> {
  const { rows } = await db.query<{ totp_secret: string | null }>(
    'SELECT totp_secret FROM users WHERE id = $1 AND totp_enabled_at IS NOT NULL',
    [userId],
  );
  const secret = rows[0]?.totp_secret ? secrets.open(rows[0].totp_secret) : null;
  if (!secret) return false;
  const step = matchTotp(secret, code, Date.now());
  if (step === null) return false;
  const taken = await db.query(
    `UPDATE users SET totp_last_step = $2
      WHERE id = $1 AND totp_enabled_at IS NOT NULL AND (totp_last_step IS NULL OR totp_last_step < $2)`,
    [userId, step],
  );
  return (taken.rowCount ?? 0) > 0;
}

/** Spends one recovery code, atomically: a code works once, even sent twice at the same moment. */
async function spendRecoveryCode(db: Queryable, userId: number, code: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL`,
    [userId, hashRecoveryCode(code)],
  );
  return (rowCount ?? 0) > 0;
}

// ---- own profile ----

export async function twoFactorStatus(db: Queryable, userId: number): Promise<TwoFactorStatus> {
  const { rows } = await db.query<{ enabled_at: Date | null; roles: string[]; left: number }>(
    `SELECT u.totp_enabled_at AS enabled_at, u.roles,
            (SELECT count(*)::int FROM recovery_codes r WHERE r.user_id = u.id AND r.used_at IS NULL) AS left
       FROM users u WHERE u.id = $1`,
    [userId],
  );
  const row = rows[0];
  if (!row) throw notFound();
  return {
    enabled: row.enabled_at !== null,
    enabledAt: row.enabled_at?.toISOString() ?? null,
    required: twoFactorRequired(await readSsoSettings(db), row.roles),
    recoveryCodesLeft: row.enabled_at ? row.left : 0,
  };
}

/** Turns two-factor sign-in off (current password needed; refused while the sign-in policy requires it). */
export async function disableTwoFactor(
  database: Database,
  userId: number,
  currentPassword: string,
): Promise<void> {
  const { rows } = await database.pool.query<{ password_hash: string; roles: string[]; enabled: boolean }>(
    'SELECT password_hash, roles, totp_enabled_at IS NOT NULL AS enabled FROM users WHERE id = $1',
    [userId],
  );
  const row = rows[0];
  if (!row) throw notFound();
  if (!(await verifyPassword(row.password_hash, currentPassword))) {
    throw fieldError('currentPassword', 'The current password is incorrect.');
  }
  if (!row.enabled) throw new HttpError(400, 'BAD_REQUEST', 'Two-factor sign-in is already off.');
  if (twoFactorRequired(await readSsoSettings(database.pool), row.roles)) {
    throw new HttpError(400, 'BAD_REQUEST', REQUIRED_BY_POLICY);
  }
  await withTransaction(database, async ({ client }) => {
    const off = await client.query(
      `UPDATE users SET totp_secret = NULL, totp_enabled_at = NULL, totp_last_step = NULL
        WHERE id = $1 AND totp_enabled_at IS NOT NULL`,
      [userId],
    );
    if (!off.rowCount) return;
    await client.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
    await recordHistory(client, {
      entity: 'user',
      entityId: userId,
      actorId: userId,
      changes: [{ field: TWO_FACTOR_FIELD, oldValue: 'On', newValue: 'Off' }],
    });
  });
}

/** Ten new recovery codes for a code from the app (the earlier ones stop working). */
export async function regenerateRecoveryCodes(
  database: Database,
  secrets: SecretBox,
  userId: number,
  code: string,
): Promise<string[]> {
  const { rows } = await database.pool.query<{ enabled: boolean }>(
    'SELECT totp_enabled_at IS NOT NULL AS enabled FROM users WHERE id = $1',
    [userId],
  );
  if (!rows[0]?.enabled) throw new HttpError(400, 'BAD_REQUEST', 'Two-factor sign-in is off.');
  await takeCodeSlot(database, { userId, email: '', pending: null });
  if (!(await takeTotpCode(database.pool, secrets, userId, code))) throw fieldError('code', WRONG_CODE);
  return withTransaction(database, async ({ client }) => {
    const codes = await replaceRecoveryCodes(client, userId);
    await recordHistory(client, {
      entity: 'user',
      entityId: userId,
      actorId: userId,
      changes: [{ field: RECOVERY_CODES_FIELD, oldValue: null, newValue: 'Replaced' }],
    });
    return codes;
  });
}
