// The outbox: an event is written in the transaction of the change it describes (a message and one delivery per
// subscribed endpoint, in one statement), so a rolled-back change sends nothing and a committed one is delivered at
// least once: the deliveries are the queue the dispatcher sends from. Nothing is written or computed when no endpoint
// subscribes.
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { z } from 'zod';
import type { WebhookEvent } from '../../../shared/schemas/webhook.js';
import { afterCommit } from '../transaction.js';

type Queryable = Pick<pg.PoolClient, 'query'>;

export type WebhookEventInput = {
  type: WebhookEvent;
  /** What the event is about, as kind:id (slip:42, week:7:2026-11-23): one entity's deliveries go in order. */
  entity: string;
  /** The entity's documented answer; asked for only when an endpoint subscribes to the event. */
  data: () => unknown | Promise<unknown>;
};

/** msg_ and 24 random bytes in base64url: unique, no full stop (the signed content is id.timestamp.body). */
export const newMessageId = () => `msg_${randomBytes(24).toString('base64url')}`;

export type Outbox = {
  emit: (db: Queryable, event: WebhookEventInput) => Promise<void>;
};

type Options = {
  schemas: Record<WebhookEvent, z.ZodType>;
  /** Strict (tests): data its schema does not describe fails the change; otherwise it is logged and sent. */
  strict: boolean;
  log: { error: (obj: unknown, msg?: string) => void };
  /** Called after the change commits: the sender starts at once instead of at its next poll. */
  wake: () => void;
};

/** The JSON form of `data` checked against the event's schema (which keeps only the fields it describes). */
export function eventData(schema: z.ZodType, data: unknown, strict: boolean, log: Options['log']): unknown {
  const json = JSON.parse(JSON.stringify(data ?? null)) as unknown;
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  if (strict) throw new Error(`webhook event data does not match its schema: ${parsed.error.message}`);
  log.error({ issues: parsed.error.issues }, 'webhook event data does not match its documented schema');
  return json;
}

export function createOutbox(options: Options): Outbox {
  return {
    emit: async (db, event) => {
      const { rows: endpoints } = await db.query<{ id: number }>(
        'SELECT id FROM webhook_endpoints WHERE enabled AND $1 = ANY(events)',
        [event.type],
      );
      if (endpoints.length === 0) return;
      const data = eventData(options.schemas[event.type], await event.data(), options.strict, options.log);
      const payload = JSON.stringify({ type: event.type, timestamp: new Date().toISOString(), data });
      await db.query(
        `WITH m AS (INSERT INTO webhook_messages (message_id, event_type, entity, payload)
                    VALUES ($1, $2, $3, $4) RETURNING id)
         INSERT INTO webhook_deliveries (endpoint_id, message_id, entity)
         SELECT e, m.id, $3 FROM m, unnest($5::int[]) e ORDER BY e`,
        [newMessageId(), event.type, event.entity, payload, endpoints.map((e) => e.id)],
      );
      afterCommit(db, options.wake);
    },
  };
}
