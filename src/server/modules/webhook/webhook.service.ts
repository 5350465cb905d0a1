// Webhook endpoints and their delivery log: reads, saves (with field history; the secret is sealed and shown once),
// rotation, redelivery and the test event.
import type pg from 'pg';
import { z } from 'zod';
import {
  DELIVERY_STATUSES,
  type DeliveryStatus,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_HISTORY_KEY,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookDeliveryDetail,
  type WebhookDeliveryList,
  type WebhookEndpoint,
  type WebhookEvent,
} from '../../../shared/schemas/webhook.js';
import { decodeCursor, encodeCursor } from '../../platform/cursor.js';
import { conflict, notFound } from '../../platform/errors.js';
import { type Change, diffFields, recordHistory } from '../../platform/history.js';
import type { SecretBox } from '../../platform/secret-box.js';
import { changedByMessage } from '../../platform/stamp.js';
import { afterCommit } from '../../platform/transaction.js';
import { pauseDeliveries } from '../../platform/webhooks/deliver.js';
import { newMessageId } from '../../platform/webhooks/outbox.js';
import { newSecret, secretHint } from '../../platform/webhooks/signing.js';

type Queryable = Pick<pg.PoolClient, 'query'>;

export const DELIVERY_PAGE = 50;
export const STILL_QUEUED = 'This delivery is still queued: it will be sent, or tried again, on its own.';

type EndpointRow = {
  id: number;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  disabled_reason: string | null;
  failing_since: Date | null;
  previous_secret_until: Date | null;
  secret_hint: string;
  created_at: Date;
  created_by: number | null;
  created_by_name: string | null;
  updated_at: Date;
  updated_by: number | null;
  updated_by_name: string | null;
  version: number;
  last_status: string | null;
  last_at: Date | null;
  last_code: number | null;
};

const ENDPOINT_SELECT = `
  SELECT e.id, e.url, e.description, e.events, e.enabled, e.disabled_reason, e.failing_since, e.previous_secret_until,
         e.secret_hint, e.created_at, e.created_by, cb.first_name || ' ' || cb.last_name AS created_by_name,
         e.updated_at, e.updated_by, ub.first_name || ' ' || ub.last_name AS updated_by_name, e.version,
         l.status AS last_status, COALESCE(l.last_attempt_at, l.created_at) AS last_at, l.response_code AS last_code
    FROM webhook_endpoints e
    LEFT JOIN users cb ON cb.id = e.created_by
    LEFT JOIN users ub ON ub.id = e.updated_by
    LEFT JOIN LATERAL (SELECT d.status, d.last_attempt_at, d.created_at, d.response_code FROM webhook_deliveries d
                        WHERE d.endpoint_id = e.id ORDER BY d.id DESC LIMIT 1) l ON true`;

const stamp = (at: Date, id: number | null, name: string | null) => ({
  at: at.toISOString(),
  by: id === null ? null : { value: id, label: name ?? '' },
});

const known = (events: string[]) =>
  events.filter((e): e is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(e));

function presentEndpoint(r: EndpointRow, now = new Date()): WebhookEndpoint {
  return {
    id: r.id,
    url: r.url,
    description: r.description,
    events: known(r.events),
    enabled: r.enabled,
    disabledReason: r.disabled_reason,
    failingSince: r.failing_since?.toISOString() ?? null,
    previousSecretUntil:
      r.previous_secret_until && r.previous_secret_until > now ? r.previous_secret_until.toISOString() : null,
    secretHint: r.secret_hint,
    lastDelivery:
      r.last_status && r.last_at
        ? { status: r.last_status, at: r.last_at.toISOString(), responseCode: r.last_code }
        : null,
    created: stamp(r.created_at, r.created_by, r.created_by_name),
    updated: stamp(r.updated_at, r.updated_by, r.updated_by_name),
    version: r.version,
  };
}

export async function listEndpoints(db: Queryable): Promise<WebhookEndpoint[]> {
  const { rows } = await db.query<EndpointRow>(`${ENDPOINT_SELECT} ORDER BY e.id`);
  return rows.map((r) => presentEndpoint(r));
}

export async function loadEndpoint(db: Queryable, id: number, lock = false): Promise<WebhookEndpoint | null> {
  if (lock) await db.query('SELECT 1 FROM webhook_endpoints WHERE id = $1 FOR UPDATE', [id]);
  const { rows } = await db.query<EndpointRow>(`${ENDPOINT_SELECT} WHERE e.id = $1`, [id]);
  return rows[0] ? presentEndpoint(rows[0]) : null;
}

export async function requireEndpoint(db: Queryable, id: number, lock = false): Promise<WebhookEndpoint> {
  const endpoint = await loadEndpoint(db, id, lock);
  if (!endpoint) throw notFound();
  return endpoint;
}

export type EndpointValues = { url: string; description: string; events: WebhookEvent[]; enabled: boolean };
const HISTORY_FIELDS = ['url', 'description', 'events', 'enabled'] as const;
// Events as people read them (the labels of the form), in the order of the list.
const historyOf = (v: Pick<EndpointValues, (typeof HISTORY_FIELDS)[number]>) => ({
  url: v.url,
  description: v.description,
  events: WEBHOOK_EVENTS.filter((e) => v.events.includes(e)).map((e) => WEBHOOK_EVENT_LABELS[e]),
  enabled: v.enabled,
});

export async function createEndpoint(
  tx: Queryable,
  secrets: SecretBox,
  values: EndpointValues,
  actorId: number,
): Promise<{ item: WebhookEndpoint; secret: string }> {
  const secret = newSecret();
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO webhook_endpoints (url, description, events, enabled, secret, secret_hint, created_by, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id`,
    [
      values.url,
      values.description,
      values.events,
      values.enabled,
      secrets.seal(secret),
      secretHint(secret),
      actorId,
    ],
  );
  const id = rows[0]!.id;
  await recordHistory(tx, {
    entity: WEBHOOK_HISTORY_KEY,
    entityId: id,
    actorId,
    changes: diffFields(null, historyOf(values), HISTORY_FIELDS),
  });
  return { item: await requireEndpoint(tx, id), secret };
}

/** A save carries the version it was made to: a stale one answers 409 with the current endpoint. */
async function lockCurrent(
  tx: Queryable,
  id: number,
  version: number,
  timeZone: string,
): Promise<WebhookEndpoint> {
  const before = await requireEndpoint(tx, id, true);
  if (before.version !== version)
    throw conflict(
      changedByMessage(before.updated.by?.label ?? null, new Date(before.updated.at), timeZone),
      before,
    );
  return before;
}

export async function updateEndpoint(
  tx: Queryable,
  id: number,
  values: EndpointValues,
  version: number,
  actorId: number,
  timeZone: string,
): Promise<{ item: WebhookEndpoint; resumed: boolean }> {
  const before = await lockCurrent(tx, id, version, timeZone);
  await tx.query(
    `UPDATE webhook_endpoints SET url = $2, description = $3, events = $4, enabled = $5,
            disabled_reason = CASE WHEN $5 THEN NULL ELSE disabled_reason END,
            failing_since = CASE WHEN $5 AND NOT enabled THEN NULL ELSE failing_since END,
            version = version + 1, updated_at = now(), updated_by = $6
      WHERE id = $1`,
    [id, values.url, values.description, values.events, values.enabled, actorId],
  );
  if (before.enabled !== values.enabled) await pauseDeliveries(tx, id, values.enabled);
  const changes: Change[] = diffFields(historyOf(before), historyOf(values), HISTORY_FIELDS);
  if (before.disabledReason && values.enabled)
    changes.push({ field: 'disabledReason', oldValue: before.disabledReason, newValue: null });
  await recordHistory(tx, { entity: WEBHOOK_HISTORY_KEY, entityId: id, actorId, changes });
  return { item: await requireEndpoint(tx, id), resumed: !before.enabled && values.enabled };
}

export async function deleteEndpoint(
  tx: Queryable,
  id: number,
  version: number,
  actorId: number,
  timeZone: string,
): Promise<void> {
  const before = await lockCurrent(tx, id, version, timeZone);
  await tx.query('DELETE FROM webhook_endpoints WHERE id = $1', [id]);
  await recordHistory(tx, {
    entity: WEBHOOK_HISTORY_KEY,
    entityId: id,
    actorId,
    changes: diffFields(
      historyOf(before),
      { url: null, description: null, events: null, enabled: null } as never,
      HISTORY_FIELDS,
    ),
  });
}

/**
 * A new secret; the previous one keeps signing (both signatures are sent) for `overlapHours`, so receivers can switch
 * without losing a delivery, queued ones included: each attempt is signed when it is sent.
 */
export async function rotateSecret(
  tx: Queryable,
  secrets: SecretBox,
  id: number,
  overlapHours: number,
  actorId: number,
): Promise<{ item: WebhookEndpoint; secret: string }> {
  await requireEndpoint(tx, id, true);
  const secret = newSecret();
  await tx.query(
    `UPDATE webhook_endpoints
        SET previous_secret = CASE WHEN $3 > 0 THEN secret END,
            previous_secret_until = CASE WHEN $3 > 0 THEN now() + make_interval(hours => $3) END,
            secret = $2, secret_hint = $4, version = version + 1, updated_at = now(), updated_by = $5
      WHERE id = $1`,
    [id, secrets.seal(secret), overlapHours, secretHint(secret), actorId],
  );
  await recordHistory(tx, {
    entity: WEBHOOK_HISTORY_KEY,
    entityId: id,
    actorId,
    changes: [
      {
        field: 'secret',
        oldValue: null,
        newValue:
          overlapHours > 0 ? `Rotated; the previous secret signs for ${overlapHours} more hours` : 'Rotated',
      },
    ],
  });
  return { item: await requireEndpoint(tx, id), secret };
}

type DeliveryRow = {
  id: string;
  message_id: string;
  event_type: string;
  entity: string;
  status: string;
  attempts: number;
  response_code: number | null;
  error: string | null;
  created_at: Date;
  last_attempt_at: Date | null;
  next_attempt_at: Date | null;
  delivered_at: Date | null;
  redelivery_of: string | null;
};

const DELIVERY_SELECT = `
  SELECT d.id, m.message_id, m.event_type, d.entity, d.status, d.attempts, d.response_code, d.error, d.created_at,
         d.last_attempt_at, d.next_attempt_at, d.delivered_at, d.redelivery_of
    FROM webhook_deliveries d JOIN webhook_messages m ON m.id = d.message_id`;

const isStatus = (s: string): s is DeliveryStatus => (DELIVERY_STATUSES as readonly string[]).includes(s);

function presentDelivery(r: DeliveryRow): WebhookDelivery {
  return {
    id: Number(r.id),
    messageId: r.message_id,
    eventType: r.event_type,
    entity: r.entity,
    status: isStatus(r.status) ? r.status : 'failed',
    attempts: r.attempts,
    responseCode: r.response_code,
    error: r.error,
    created: r.created_at.toISOString(),
    lastAttemptAt: r.last_attempt_at?.toISOString() ?? null,
    nextAttemptAt: r.next_attempt_at?.toISOString() ?? null,
    deliveredAt: r.delivered_at?.toISOString() ?? null,
    redeliveryOf: r.redelivery_of === null ? null : Number(r.redelivery_of),
  };
}

const deliveryCursor = z.tuple([z.number().int().positive()]);

/** The endpoint's deliveries, newest first, DELIVERY_PAGE at a time. */
export async function listDeliveries(
  db: Queryable,
  endpointId: number,
  query: { status?: DeliveryStatus | undefined; cursor?: string | undefined },
): Promise<WebhookDeliveryList> {
  const before = query.cursor ? decodeCursor(query.cursor, deliveryCursor)[0] : null;
  const { rows } = await db.query<DeliveryRow>(
    `${DELIVERY_SELECT}
      WHERE d.endpoint_id = $1 AND ($2::text IS NULL OR d.status = $2) AND ($3::bigint IS NULL OR d.id < $3)
      ORDER BY d.id DESC LIMIT $4`,
    [endpointId, query.status ?? null, before, DELIVERY_PAGE + 1],
  );
  const items = rows.slice(0, DELIVERY_PAGE).map(presentDelivery);
  const last = items.at(-1);
  return { items, next: rows.length > DELIVERY_PAGE && last ? encodeCursor([last.id]) : null };
}

export async function loadDelivery(
  db: Queryable,
  endpointId: number,
  id: number,
): Promise<WebhookDelivery | null> {
  const { rows } = await db.query<DeliveryRow>(`${DELIVERY_SELECT} WHERE d.endpoint_id = $1 AND d.id = $2`, [
    endpointId,
    id,
  ]);
  return rows[0] ? presentDelivery(rows[0]) : null;
}

export async function deliveryDetail(
  db: Queryable,
  endpointId: number,
  id: number,
): Promise<WebhookDeliveryDetail> {
  const item = await loadDelivery(db, endpointId, id);
  if (!item) throw notFound();
  const [{ rows: payload }, { rows: history }] = await Promise.all([
    db.query<{ payload: string }>(
      'SELECT m.payload FROM webhook_deliveries d JOIN webhook_messages m ON m.id = d.message_id WHERE d.id = $1',
      [id],
    ),
    db.query<{ at: Date; duration_ms: number; response_code: number | null; error: string | null }>(
      'SELECT at, duration_ms, response_code, error FROM webhook_attempts WHERE delivery_id = $1 ORDER BY id LIMIT 100',
      [id],
    ),
  ]);
  return {
    item,
    payload: payload[0]?.payload ?? '',
    history: history.map((h) => ({
      at: h.at.toISOString(),
      durationMs: h.duration_ms,
      responseCode: h.response_code,
      error: h.error,
    })),
  };
}

/** The same message again (same webhook-id: a receiver that de-duplicates by it sees it once), as a new delivery. */
export async function redeliver(tx: Queryable, endpointId: number, id: number, wake: () => void) {
  const { rows } = await tx.query<{ status: string; message_id: string; entity: string }>(
    'SELECT status, message_id, entity FROM webhook_deliveries WHERE endpoint_id = $1 AND id = $2 FOR UPDATE',
    [endpointId, id],
  );
  const original = rows[0];
  if (!original) throw notFound();
  if (original.status === 'pending' || original.status === 'sending')
    throw conflict(STILL_QUEUED, await loadDelivery(tx, endpointId, id));
  const { rows: made } = await tx.query<{ id: string }>(
    `INSERT INTO webhook_deliveries (endpoint_id, message_id, entity, redelivery_of) VALUES ($1, $2, $3, $4) RETURNING id`,
    [endpointId, original.message_id, original.entity, id],
  );
  const deliveryId = Number(made[0]!.id);
  afterCommit(tx, wake);
  return (await loadDelivery(tx, endpointId, deliveryId))!;
}

/** The Test button's message, to this endpoint only: answers its delivery (attempted right after the commit). */
export async function queueTest(tx: Queryable, endpoint: WebhookEndpoint, actor: string): Promise<number> {
  const messageId = newMessageId();
  const payload = JSON.stringify({
    type: WEBHOOK_TEST_EVENT,
    timestamp: new Date().toISOString(),
    data: { endpointId: endpoint.id, url: endpoint.url, sentBy: actor, text: 'A test event from SD6.' },
  });
  const { rows } = await tx.query<{ id: string }>(
    `WITH m AS (INSERT INTO webhook_messages (message_id, event_type, entity, payload) VALUES ($1, $2, $3, $4) RETURNING id)
     INSERT INTO webhook_deliveries (endpoint_id, message_id, entity) SELECT $5, m.id, $3 FROM m RETURNING id`,
    [messageId, WEBHOOK_TEST_EVENT, `test:${messageId}`, payload, endpoint.id],
  );
  return Number(rows[0]!.id);
}
