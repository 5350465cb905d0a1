// The document's `webhooks` (OpenAPI 3.1): one POST per event, its body the event's envelope around the entity's
// documented answer, its headers the Standard Webhooks ones, and what each answer of the receiver means.
import { z } from 'zod';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_TEST_EVENT,
  type WebhookEvent,
  webhookEnvelope,
} from '../../../shared/schemas/webhook.js';
import { webhookExample } from '../openapi-examples.js';
import { WEBHOOK_EVENT_SCHEMAS } from './event-schemas.js';

const testData = z.object({
  endpointId: z.number(),
  url: z.string(),
  sentBy: z.string().describe('The administrator who pressed Test.'),
  text: z.string(),
});

const header = (name: string, description: string, example: string) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
  example,
});

const HEADERS = [
  header(
    'webhook-id',
    'The message id (msg_…): the same on every attempt and redelivery of one event. Use it to process each event once.',
    'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W',
  ),
  header(
    'webhook-timestamp',
    'When this attempt was sent, in seconds since 1970 (UTC). Refuse one far from your clock (5 minutes).',
    '1674087231',
  ),
  header(
    'webhook-signature',
    'v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}" with the base64-decoded part of the ' +
      'endpoint secret after whsec_>; space-delimited, one per secret: during a rotation overlap the old and the new ' +
      'secret both sign, and one valid signature is enough.',
    'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  ),
];

function operation(type: string, summary: string, data: z.ZodType) {
  const examples = webhookExample(type);
  return {
    post: {
      summary,
      description:
        'Sent to every enabled endpoint subscribed to this event, after the change it describes is committed; ' +
        'at least once, in order for one entity, signed as the Standard Webhooks specification says.',
      operationId: `webhook_${type.replace(/\W/g, '_')}`,
      tags: ['Webhooks'],
      security: [],
      parameters: HEADERS,
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: z.toJSONSchema(webhookEnvelope(type, data), { target: 'draft-2020-12', io: 'output' }),
            // A delivery of the demo data (npm run api:examples writes it).
            ...(examples ? { examples } : {}),
          },
        },
      },
      responses: {
        '2XX': { description: 'Received: any 2xx ends the delivery.' },
        '410': { description: 'Gone: SD6 disables the endpoint and sends it nothing more.' },
        default: {
          description:
            'Anything else — another status, a redirect (never followed), no answer within 10 seconds — is a failure, ' +
            'tried again after 5 s, 5 min, 30 min, 2 h, 5 h and 10 h and a last time 24 h after the first try ' +
            '(a Retry-After is honoured). An endpoint failing for 24 hours is disabled and the administrators are mailed.',
        },
      },
    },
  };
}

export function webhookDocs(): Record<string, unknown> {
  const docs: Record<string, unknown> = {};
  for (const type of WEBHOOK_EVENTS as readonly WebhookEvent[])
    docs[type] = operation(type, WEBHOOK_EVENT_LABELS[type], WEBHOOK_EVENT_SCHEMAS[type]);
  docs[WEBHOOK_TEST_EVENT] = operation(
    WEBHOOK_TEST_EVENT,
    'The Test button of the Webhooks screen (sent to that endpoint only)',
    testData,
  );
  return docs;
}
