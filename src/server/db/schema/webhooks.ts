// Webhooks: endpoints (administrators' subscriptions), messages (one per event, the outbox written in the change's
// transaction), deliveries (one per message and endpoint, the log with retries) and their attempts.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { stamps } from './columns.js';

export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  events: text('events').array().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** Why SD6 disabled it (failing for 24 hours, 410 Gone); null when enabled or disabled by a person. */
  disabledReason: text('disabled_reason'),
  /** Sealed with the secret box (platform/secret-box.ts): the whsec_ secret. */
  secret: text('secret').notNull(),
  secretHint: text('secret_hint').notNull(),
  /** After a rotation, the previous secret also signs until previous_secret_until. */
  previousSecret: text('previous_secret'),
  previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
  /** The first failure since the last success: 24 hours of failing disables the endpoint. */
  failingSince: timestamp('failing_since', { withTimezone: true }),
  ...stamps(),
});

export const webhookMessages = pgTable('webhook_messages', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  /**
   * The webhook-id header (msg_…): the same on every attempt and redelivery. 24 random bytes, unique by making; no
   * index (nothing looks a message up by it, and every save that emits would pay for one).
   */
  messageId: text('message_id').notNull(),
  eventType: text('event_type').notNull(),
  entity: text('entity').notNull(),
  /** The body as sent and signed: { type, timestamp, data }, serialized once. */
  payload: text('payload').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => webhookMessages.id, { onDelete: 'cascade' }),
    /** Copied from the message: deliveries of one entity to one endpoint go in id order. */
    entity: text('entity').notNull(),
    /** pending (queued or waiting for its retry), sending, succeeded, failed (given up). */
    status: text('status').notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    responseCode: smallint('response_code'),
    error: text('error'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /**
     * When a pending delivery may be sent (now when made); null once it has ended, and while its endpoint is disabled
     * (it waits, out of the dispatcher's look, until the endpoint is enabled again).
     */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    redeliveryOf: bigint('redelivery_of', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('webhook_deliveries_status_check', sql`status IN ('pending', 'sending', 'succeeded', 'failed')`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    // The dispatcher's look: pending deliveries that came due.
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
    index('webhook_deliveries_open_idx')
      .on(t.endpointId, t.entity, t.id)
      .where(sql`status IN ('pending', 'sending')`),
  ],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    responseCode: smallint('response_code'),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId)],
);
