// Delivering webhooks: claim a batch (each delivery by one sender, in order per endpoint and entity), sign and POST
// them together, record each attempt; on failure schedule the next try (Standard Webhooks' schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then a
// last one at 24 h), give up after 24 hours, and disable an endpoint that has failed for 24 hours or answered 410.
import type pg from 'pg';
import { WEBHOOK_HISTORY_KEY } from '../../../shared/schemas/webhook.js';
import type { Database } from '../../db/client.js';
import { recordHistory } from '../history.js';
import type { Mailer } from '../mail.js';
import type { SecretBox } from '../secret-box.js';
import { withTransaction } from '../transaction.js';
import type { AttemptResult, Sender } from './send.js';
import { signedHeaders } from './signing.js';

/** Seconds after a failed attempt (the n-th failure waits RETRY_DELAYS[n-1]); none is later than 24 h in all. */
export const RETRY_DELAYS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600] as const;
export const RETRY_HOURS = 24;
/** A delivery left in `sending` this long (its process stopped mid-attempt) may be claimed again. */
const STALE_CLAIM_SECONDS = 120;
const HOUR_MS = 3_600_000;

export type DeliverDeps = {
  database: Database;
  secrets: SecretBox;
  send: Sender;
  mail: Mailer;
  log: { warn: (obj: unknown, msg?: string) => void; error: (obj: unknown, msg?: string) => void };
  /** The address of the webhooks screen in the notice to administrators. */
  screenUrl: () => string;
};

/**
 * When the next attempt after `attempts` failed ones is due, or null when the delivery is given up: the schedule's
 * delay (with up to 10 % jitter, and at least what Retry-After asked), never past 24 h after the delivery was made;
 * the last try is at 24 h exactly.
 */
export function nextAttemptAt(
  created: Date,
  attempts: number,
  now: Date,
  retryAfter: number | null,
  jitter = Math.random(),
): Date | null {
  const deadline = created.getTime() + RETRY_HOURS * HOUR_MS;
  if (now.getTime() >= deadline) return null;
  const base = RETRY_DELAYS[attempts - 1] ?? Number.POSITIVE_INFINITY;
  const delay = Math.max(base * (1 + 0.1 * jitter), retryAfter ?? 0) * 1000;
  return new Date(Math.min(now.getTime() + delay, deadline));
}

type Claimed = {
  id: string;
  endpoint_id: number;
  entity: string;
  attempts: number;
  created_at: Date;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: Date | null;
  message_id: string;
  payload: string;
};

export type AttemptOutcome = 'delivered' | 'retrying' | 'failed' | 'skipped';

/**
 * Which deliveries may be sent now: pending and due, to an enabled endpoint (a disabled one's wait until it is
 * enabled again; a test is sent regardless), and the first open one of their entity to their endpoint (order).
 */
const SENDABLE = `d.status = 'pending' AND d.next_attempt_at <= $1
  AND EXISTS (SELECT FROM webhook_endpoints e WHERE e.id = d.endpoint_id AND (e.enabled OR d.entity LIKE 'test:%'))
  AND NOT EXISTS (SELECT FROM webhook_deliveries p WHERE p.endpoint_id = d.endpoint_id AND p.entity = d.entity
                     AND p.id < d.id AND p.status IN ('pending', 'sending'))`;

/** Marks the chosen deliveries `sending` and answers what sending them needs (one statement). */
const CLAIM = (choose: string) => `
  WITH c AS (
    UPDATE webhook_deliveries d SET status = 'sending', claimed_at = $1
      FROM (${choose}) chosen WHERE d.id = chosen.id
    RETURNING d.id, d.endpoint_id, d.entity, d.attempts, d.created_at, d.message_id)
  SELECT c.id, c.endpoint_id, c.entity, c.attempts, c.created_at, e.url, e.secret, e.previous_secret,
         e.previous_secret_until, m.message_id, m.payload
    FROM c JOIN webhook_endpoints e ON e.id = c.endpoint_id JOIN webhook_messages m ON m.id = c.message_id
   ORDER BY c.id`;

/**
 * Claims up to `limit` sendable deliveries (oldest first). Rows another process is claiming are skipped (SKIP
 * LOCKED), so processes never send one delivery twice at once.
 */
export async function claimBatch(deps: Pick<DeliverDeps, 'database'>, limit: number, now = new Date()) {
  const { rows } = await deps.database.pool.query<Claimed>(
    CLAIM(
      `SELECT d.id FROM webhook_deliveries d WHERE ${SENDABLE} ORDER BY d.next_attempt_at, d.id LIMIT $2 FOR UPDATE OF d SKIP LOCKED`,
    ),
    [now, limit],
  );
  return rows;
}

/**
 * Sends the claimed deliveries together; the successes are recorded in one statement, each failure in its own
 * transaction (its retry, the endpoint's health). Answers each one's outcome.
 */
export async function sendClaimed(deps: DeliverDeps, claimed: Claimed[], now = new Date()) {
  const results = await Promise.all(claimed.map((c) => attemptClaimed(deps, c, now)));
  const ok = results.filter((r) => r.result.error === null);
  if (ok.length > 0) await recordSuccesses(deps, ok, now);
  return Promise.all(
    results.map((r) => (r.result.error === null ? ('delivered' as const) : recordOrLog(deps, r, now))),
  );
}

type Attempted = { claimed: Claimed; result: AttemptResult };

async function attemptClaimed(deps: DeliverDeps, claimed: Claimed, now: Date): Promise<Attempted> {
  const secrets = [deps.secrets.open(claimed.secret)];
  if (claimed.previous_secret && claimed.previous_secret_until && claimed.previous_secret_until > now)
    secrets.push(deps.secrets.open(claimed.previous_secret));
  const usable = secrets.filter((s): s is string => s !== null);
  const timestamp = Math.floor(now.getTime() / 1000);
  const result: AttemptResult =
    usable.length === 0
      ? {
          responseCode: null,
          error:
            'The signing secret cannot be opened with this server key (SD6_SECRET_KEY changed): rotate it.',
          retryAfter: null,
          durationMs: 0,
        }
      : await deps.send(
          claimed.url,
          signedHeaders(usable, claimed.message_id, timestamp, claimed.payload),
          claimed.payload,
        );
  return { claimed, result };
}

/**
 * The successes of a batch in one statement (atomic on its own): their attempts, the deliveries, and the endpoints'
 * health. A delivery of the same entity that waited for one of them is sendable from now on.
 */
async function recordSuccesses(
  deps: Pick<DeliverDeps, 'database'>,
  ok: Attempted[],
  now: Date,
): Promise<void> {
  await deps.database.pool.query(
    `WITH v AS (SELECT * FROM unnest($1::bigint[], $2::int[], $3::int[], $4::int[]) AS v(id, code, took, endpoint)),
          a AS (INSERT INTO webhook_attempts (delivery_id, at, duration_ms, response_code)
                SELECT id, $5, took, code FROM v),
          e AS (UPDATE webhook_endpoints SET failing_since = NULL
                 WHERE id IN (SELECT endpoint FROM v) AND failing_since IS NOT NULL)
     UPDATE webhook_deliveries d SET status = 'succeeded', attempts = d.attempts + 1, response_code = v.code,
            error = NULL, last_attempt_at = $5, next_attempt_at = NULL, delivered_at = $5, claimed_at = NULL
       FROM v WHERE d.id = v.id`,
    [
      ok.map((r) => r.claimed.id),
      ok.map((r) => r.result.responseCode),
      ok.map((r) => r.result.durationMs),
      ok.map((r) => r.claimed.endpoint_id),
      now,
    ],
  );
}

async function recordOrLog(deps: DeliverDeps, attempted: Attempted, now: Date): Promise<AttemptOutcome> {
  try {
    return await recordFailure(deps, attempted, now);
  } catch (error) {
    // Left `sending`: the sweep makes it pending again and it is tried once more (at least once).
    deps.log.error({ err: error, deliveryId: attempted.claimed.id }, 'webhook attempt could not be recorded');
    return 'retrying';
  }
}

/**
 * One attempt of one delivery now (the Test button; tests choosing the time). Skipped when it is not due, already
 * taken or ended, or an earlier delivery of the same entity to the same endpoint is still open.
 */
export async function attemptDelivery(
  deps: DeliverDeps,
  deliveryId: number,
  now = new Date(),
): Promise<AttemptOutcome> {
  const { rows } = await deps.database.pool.query<Claimed>(
    CLAIM(
      `SELECT d.id FROM webhook_deliveries d WHERE d.id = $2 AND ${SENDABLE} FOR UPDATE OF d SKIP LOCKED`,
    ),
    [now, deliveryId],
  );
  if (rows.length === 0) return 'skipped';
  const [outcome] = await sendClaimed(deps, rows, now);
  return outcome ?? 'skipped';
}

async function recordFailure(
  deps: DeliverDeps,
  { claimed, result }: Attempted,
  now: Date,
): Promise<AttemptOutcome> {
  const deliveryId = Number(claimed.id);
  const attempts = claimed.attempts + 1;
  return withTransaction<AttemptOutcome>(deps.database, async ({ client }) => {
    await client.query(
      'INSERT INTO webhook_attempts (delivery_id, at, duration_ms, response_code, error) VALUES ($1, $2, $3, $4, $5)',
      [deliveryId, now, result.durationMs, result.responseCode, result.error],
    );
    const gone = result.responseCode === 410;
    const next = gone ? null : nextAttemptAt(claimed.created_at, attempts, now, result.retryAfter);
    await client.query(
      `UPDATE webhook_deliveries SET status = $2, attempts = $3, response_code = $4, error = $5, last_attempt_at = $6,
              next_attempt_at = $7, claimed_at = NULL WHERE id = $1`,
      [deliveryId, next ? 'pending' : 'failed', attempts, result.responseCode, result.error, now, next],
    );
    const { rows } = await client.query<{ failing_since: Date; enabled: boolean }>(
      `UPDATE webhook_endpoints SET failing_since = COALESCE(failing_since, $2) WHERE id = $1
       RETURNING failing_since, enabled`,
      [claimed.endpoint_id, now],
    );
    const endpoint = rows[0];
    if (endpoint?.enabled) {
      const failingFor = now.getTime() - endpoint.failing_since.getTime();
      const reason = gone
        ? 'The endpoint answered 410 Gone: it asked for no more webhooks.'
        : failingFor >= RETRY_HOURS * HOUR_MS
          ? `Every delivery failed for 24 hours. The last error: ${result.error}`
          : null;
      if (reason) await disableEndpoint(deps, client, claimed.endpoint_id, claimed.url, reason);
    }
    return next ? 'retrying' : 'failed';
  });
}

/** Disabled by SD6: history (no actor) and a mail to every active administrator, in the caller's transaction. */
async function disableEndpoint(
  deps: DeliverDeps,
  client: pg.PoolClient,
  endpointId: number,
  url: string,
  reason: string,
): Promise<void> {
  await client.query(
    `UPDATE webhook_endpoints SET enabled = false, disabled_reason = $2, version = version + 1, updated_at = now(),
            updated_by = NULL WHERE id = $1`,
    [endpointId, reason],
  );
  await pauseDeliveries(client, endpointId, false);
  await recordHistory(client, {
    entity: WEBHOOK_HISTORY_KEY,
    entityId: endpointId,
    actorId: null,
    changes: [
      { field: 'enabled', oldValue: 'Yes', newValue: 'No' },
      { field: 'disabledReason', oldValue: null, newValue: reason },
    ],
  });
  const { rows: admins } = await client.query<{ email: string }>(
    `SELECT email FROM users WHERE active AND 'ROLE_ADMIN' = ANY(roles) ORDER BY id`,
  );
  for (const admin of admins)
    await deps.mail.send(client, {
      to: admin.email,
      subject: 'SD6 disabled a webhook endpoint',
      text: `SD6 stopped sending webhooks to ${url}.\n\n${reason}\n\nNew events are not queued for it until it is enabled again; deliveries already queued wait and are sent once it is. Fix the endpoint, then enable it on the Webhooks screen: ${deps.screenUrl()}\n`,
    });
  deps.log.warn({ endpointId, reason }, 'webhook endpoint disabled');
}

/**
 * Every minute: a delivery left `sending` by a process that stopped mid-attempt is made pending again (it is sent once
 * more: at least once). Answers how many.
 */
export async function sweepDeliveries(
  deps: Pick<DeliverDeps, 'database'>,
  now = new Date(),
): Promise<number> {
  const { rowCount } = await deps.database.pool.query(
    `UPDATE webhook_deliveries d SET status = 'pending', claimed_at = NULL,
            next_attempt_at = CASE WHEN e.enabled OR d.entity LIKE 'test:%' THEN $1::timestamptz END
       FROM webhook_endpoints e
      WHERE e.id = d.endpoint_id AND d.status = 'sending' AND d.claimed_at < $1::timestamptz - make_interval(secs => $2)`,
    [now, STALE_CLAIM_SECONDS],
  );
  return rowCount ?? 0;
}

/** Days the delivery log keeps a message (and its deliveries and attempts) once none of them is open. */
export const LOG_DAYS = 30;

/** Forgets messages older than LOG_DAYS whose deliveries have all ended; answers how many. */
export async function pruneLog(deps: Pick<DeliverDeps, 'database'>, now = new Date()): Promise<number> {
  const { rowCount } = await deps.database.pool.query(
    `DELETE FROM webhook_messages m
      WHERE m.id IN (SELECT id FROM webhook_messages WHERE created_at < $1::timestamptz - make_interval(days => $2)
                      ORDER BY id LIMIT 5000)
        AND NOT EXISTS (SELECT FROM webhook_deliveries d WHERE d.message_id = m.id AND d.status IN ('pending', 'sending'))`,
    [now, LOG_DAYS],
  );
  return rowCount ?? 0;
}

/**
 * A disabled endpoint's pending deliveries wait out of the dispatcher's look (no time to be sent); enabled again, they
 * are due at once. Tests (sent to a disabled endpoint too) are left alone.
 */
export async function pauseDeliveries(
  db: Pick<pg.PoolClient, 'query'>,
  endpointId: number,
  enabled: boolean,
) {
  await db.query(
    `UPDATE webhook_deliveries SET next_attempt_at = ${enabled ? 'now()' : 'NULL'}
      WHERE endpoint_id = $1 AND status = 'pending' AND entity NOT LIKE 'test:%'
        AND next_attempt_at IS ${enabled ? 'NULL' : 'NOT NULL'}`,
    [endpointId],
  );
}
