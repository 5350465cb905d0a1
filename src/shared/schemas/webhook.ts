// Webhooks (administrators, /admin/webhooks): HTTPS endpoints that subscribe to events. Deliveries follow the
// Standard Webhooks specification (webhook-id, webhook-timestamp, webhook-signature; HMAC-SHA256 with a whsec_
// secret shown once). The payload of an event is { type, timestamp, data } where data is the entity's documented
// answer (the OpenAPI document lists each event under `webhooks`).
import { z } from 'zod';
import { type Option, recordId, stampSchema, wholeNumber } from './common.js';

/** Event types: full-stop delimited identifiers of [a-z0-9_] (Standard Webhooks "Event types"). */
export const WEBHOOK_EVENTS = [
  'slip.created',
  'slip.updated',
  'slip.deleted',
  'week.submitted',
  'week.approved',
  'case.billed',
  'case.unbilled',
  'agreement.created',
  'agreement.changed',
  'amendment.signed',
  'opportunity.won',
  'proposal.accepted',
  'import.finished',
  'security_pack.ready',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** The Test button's event: sent to one endpoint whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'slip.created': 'A time slip was created',
  'slip.updated': 'A time slip was changed',
  'slip.deleted': 'A time slip was deleted',
  'week.submitted': 'A timesheet week was submitted',
  'week.approved': 'A timesheet week was approved',
  'case.billed': 'A case was billed',
  'case.unbilled': 'A case was unbilled',
  'agreement.created': 'An agreement was created',
  'agreement.changed': 'An agreement was changed',
  'amendment.signed': 'An amendment was signed',
  'opportunity.won': 'An opportunity was won',
  'proposal.accepted': 'A proposal was accepted',
  'import.finished': 'A file import finished (one summary event per import)',
  'security_pack.ready': 'A security report pack is ready',
};
export const WEBHOOK_EVENT_OPTIONS: Option[] = WEBHOOK_EVENTS.map((value) => ({
  value,
  label: WEBHOOK_EVENT_LABELS[value],
}));

export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** Hours the previous secret still signs after a rotation (both signatures are sent meanwhile). */
export const ROTATION_OVERLAP_HOURS = [0, 1, 24, 72] as const;
export const DEFAULT_OVERLAP_HOURS = 24;

export const WEBHOOK_URL_MAX = 2000;
export const webhookForm = z.object({
  url: z.string().trim().min(1).max(WEBHOOK_URL_MAX),
  description: z.string().trim().max(500).default(''),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1).max(WEBHOOK_EVENTS.length),
  enabled: z.boolean().default(true),
});
export type WebhookForm = z.input<typeof webhookForm>;
export const webhookUpdate = webhookForm.extend({ version: wholeNumber() });
export type WebhookUpdate = z.input<typeof webhookUpdate>;
export const rotateSecretForm = z.object({
  overlapHours: z.union(ROTATION_OVERLAP_HOURS.map((h) => z.literal(h))).default(DEFAULT_OVERLAP_HOURS),
});

export const webhookEndpointSchema = z.object({
  id: z.number(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  disabledReason: z
    .string()
    .nullable()
    .describe(
      'Why SD6 disabled the endpoint (failing for 24 hours, or 410 Gone); null when an administrator did.',
    ),
  failingSince: z
    .string()
    .nullable()
    .describe('ISO time of the first failure since the last success; null: healthy.'),
  previousSecretUntil: z
    .string()
    .nullable()
    .describe('ISO time until which the previous secret also signs (after a rotation); null: one secret.'),
  secretHint: z.string().describe('The last four characters of the current secret, to tell secrets apart.'),
  lastDelivery: z
    .object({ status: z.string(), at: z.string(), responseCode: z.number().nullable() })
    .nullable(),
  created: stampSchema,
  updated: stampSchema,
  version: z.number(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookList = z.object({
  items: z.array(webhookEndpointSchema),
  events: z.array(z.object({ value: z.string(), label: z.string() })),
  allowPrivate: z
    .boolean()
    .describe('WEBHOOK_ALLOW_PRIVATE is set: private and loopback addresses may be used.'),
});
export type WebhookList = z.infer<typeof webhookList>;
export const webhookResponse = z.object({ item: webhookEndpointSchema });
/** A create or a rotation: the endpoint and, this once, its new secret. */
export const webhookWithSecret = z.object({
  item: webhookEndpointSchema,
  secret: z.string().describe('The signing secret (whsec_…); shown this once only.'),
});
export type WebhookWithSecret = z.infer<typeof webhookWithSecret>;

export const DELIVERY_STATUSES = ['pending', 'sending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  pending: 'Queued',
  sending: 'Sending',
  succeeded: 'Delivered',
  failed: 'Failed',
};

export const webhookAttemptSchema = z.object({
  at: z.string(),
  durationMs: z.number(),
  responseCode: z.number().nullable(),
  error: z.string().nullable(),
});

export const webhookDeliverySchema = z.object({
  id: z.number(),
  messageId: z
    .string()
    .describe('The webhook-id header: the same on every attempt and redelivery of one event.'),
  eventType: z.string(),
  entity: z
    .string()
    .describe('What the event is about (slip:42); deliveries of one entity are sent in order.'),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number(),
  responseCode: z.number().nullable().describe('The status code of the last attempt; null: no answer.'),
  error: z.string().nullable().describe('Why the last attempt failed.'),
  created: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  redeliveryOf: z.number().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryList = z.object({
  items: z.array(webhookDeliverySchema),
  next: z.string().nullable(),
});
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryList>;
export const webhookDeliveryDetail = z.object({
  item: webhookDeliverySchema,
  payload: z.string().describe('The body sent, exactly as signed.'),
  history: z.array(webhookAttemptSchema),
});
export type WebhookDeliveryDetail = z.infer<typeof webhookDeliveryDetail>;
export const deliveryListQuery = z.object({
  status: z.enum(DELIVERY_STATUSES).optional(),
  cursor: z.string().max(200).optional(),
});
export const deliveryParams = z.object({ id: recordId(), deliveryId: recordId() });

export const WEBHOOK_HISTORY_KEY = 'webhook';
export const WEBHOOK_FIELD_LABELS: Record<string, string> = {
  url: 'Endpoint URL',
  description: 'Description',
  events: 'Events',
  enabled: 'Enabled',
  secret: 'Signing secret',
  disabledReason: 'Disabled by SD6',
};

/** The envelope every delivery carries (Standard Webhooks "Payload structure"). */
export const webhookEnvelope = <T extends z.ZodType>(type: string, data: T) =>
  z.object({
    type: z.literal(type),
    timestamp: z.string().describe('ISO time of the event (not of the attempt: that is webhook-timestamp).'),
    data,
  });
