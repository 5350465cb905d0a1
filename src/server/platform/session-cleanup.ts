// The hourly clean-up (pg-boss schedule, once per hour however many app processes run): sessions past their absolute
// expiry or idle longer than the idle policy, used or expired password-reset links older than a day, SSO round trips
// past their expiry, rate-limit windows older than a day and the kept answers of idempotent changes after a week. One bounded statement each: what is left over goes next hour.
// In the platform: it clears what the sign-in machinery and the request layer keep; the jobs area schedules it.
import { KEEP_DAYS } from './idempotency.js';
import type { Queryable } from './records.js';

export const CLEANUP_JOB = 'sessions.cleanup';
/** Every hour, on the hour (UTC). */
export const CLEANUP_CRON = '0 * * * *';
/** The most rows one run deletes from each table: a run stays short on the embedded database's one connection. */
export const CLEANUP_BATCH = 10_000;

export type CleanupResult = {
  sessions: number;
  passwordResets: number;
  ssoRequests: number;
  rateLimits: number;
  idempotentRequests: number;
};

export async function cleanUpSessions(
  db: Queryable,
  idleMinutes: number,
  batch = CLEANUP_BATCH,
): Promise<CleanupResult> {
  const sessions = await db.query(
    `DELETE FROM sessions WHERE id IN (
       SELECT id FROM sessions
        WHERE expires_at <= now() OR last_seen_at <= now() - make_interval(mins => $1) LIMIT $2)`,
    [idleMinutes, batch],
  );
  const passwordResets = await db.query(
    `DELETE FROM password_resets WHERE id IN (
       SELECT id FROM password_resets
        WHERE (used_at IS NOT NULL OR expires_at <= now()) AND created_at < now() - interval '1 day' LIMIT $1)`,
    [batch],
  );
  const ssoRequests = await db.query(
    `DELETE FROM sso_requests WHERE state_hash IN (
       SELECT state_hash FROM sso_requests WHERE expires_at <= now() LIMIT $1)`,
    [batch],
  );
  const rateLimits = await db.query(
    `DELETE FROM rate_limits WHERE (key, window_start) IN (
       SELECT key, window_start FROM rate_limits WHERE window_start < now() - interval '1 day' LIMIT $1)`,
    [batch],
  );
  const idempotentRequests = await db.query(
    `DELETE FROM idempotent_requests WHERE (user_id, key) IN (
       SELECT user_id, key FROM idempotent_requests WHERE created_at < now() - make_interval(days => $1) LIMIT $2)`,
    [KEEP_DAYS, batch],
  );
  return {
    sessions: sessions.rowCount ?? 0,
    passwordResets: passwordResets.rowCount ?? 0,
    ssoRequests: ssoRequests.rowCount ?? 0,
    rateLimits: rateLimits.rowCount ?? 0,
    idempotentRequests: idempotentRequests.rowCount ?? 0,
  };
}
