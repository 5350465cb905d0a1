// Fixed-window rate limits kept in the rate_limits table, so every app process counts against the same limit.
// One atomic upsert per check: concurrent requests each get their own count, none is lost.
import type pg from 'pg';
import { HttpError } from './errors.js';

export type RateLimit = {
  /** What is counted, e.g. `forgot:ip:10.0.0.1`. */
  key: string;
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
};

/** The window a moment falls in: windows start at whole multiples of their length since the epoch. */
export function fixedWindow(epochMs: number, windowSeconds: number): { start: number; end: number } {
  const length = windowSeconds * 1000;
  const start = Math.floor(epochMs / length) * length;
  return { start, end: start + length };
}

/** Seconds until the window of `epochMs` ends (at least 1): the Retry-After of a refused request. */
export function secondsLeft(epochMs: number, windowSeconds: number): number {
  return Math.max(1, Math.ceil((fixedWindow(epochMs, windowSeconds).end - epochMs) / 1000));
}

/**
 * Counts one request against `rule` in the current window (database time) and answers whether it is within the
 * limit, with the seconds left in the window. Counts past the limit too, so a flood stays refused.
 */
export async function takeRateSlot(
  db: Pick<pg.Pool, 'query'> | pg.PoolClient,
  rule: RateLimit,
): Promise<{ allowed: boolean; count: number; retryAfter: number }> {
  const { rows } = await db.query<{ count: number; now_ms: string }>(
    `INSERT INTO rate_limits (key, window_start, count)
     VALUES ($1, to_timestamp(floor(extract(epoch FROM now()) / $2) * $2), 1)
     ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limits.count + 1
     RETURNING count, (extract(epoch FROM now()) * 1000)::bigint::text AS now_ms`,
    [rule.key, rule.windowSeconds],
  );
  const row = rows[0]!;
  return {
    allowed: row.count <= rule.limit,
    count: row.count,
    retryAfter: secondsLeft(Number(row.now_ms), rule.windowSeconds),
  };
}

/** Windows that ended are of no further use; cleared as we go (one key at a time, cheap). */
export async function clearOldWindows(
  db: Pick<pg.Pool, 'query'> | pg.PoolClient,
  key: string,
  windowSeconds: number,
): Promise<void> {
  await db.query(
    `DELETE FROM rate_limits WHERE key = $1 AND window_start < now() - make_interval(secs => $2)`,
    [key, windowSeconds],
  );
}

/** Takes a slot of every rule; answers 0 when all allow the request, else the seconds until it may be tried again. */
export async function takeRateSlots(
  db: Pick<pg.Pool, 'query'> | pg.PoolClient,
  rules: RateLimit[],
): Promise<number> {
  let retryAfter = 0;
  for (const rule of rules) {
    const slot = await takeRateSlot(db, rule);
    if (!slot.allowed) retryAfter = Math.max(retryAfter, slot.retryAfter);
    // The first request of a window clears the key's ended windows.
    else if (slot.count === 1) await clearOldWindows(db, rule.key, rule.windowSeconds);
  }
  return retryAfter;
}

/** 429 with the message saying what to do, after Retry-After is set on the reply. */
export function tooManyRequests(
  reply: { header: (name: string, value: string) => unknown },
  retryAfter: number,
  message: string,
): HttpError {
  reply.header('Retry-After', String(retryAfter));
  return new HttpError(429, 'TOO_MANY_REQUESTS', message);
}
