// Standard Webhooks signatures (spec "Signature scheme"): HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}`
// with the secret's bytes (the base64 after whsec_), sent as `v1,<base64>`; during a rotation's overlap the previous
// secret signs too, space-delimited, and a receiver accepts either.
import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '../../../shared/schemas/webhook.js';

/** 32 random bytes (the spec asks 24 to 64), base64, prefixed whsec_. */
export const newSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

/** The last four characters, shown to tell secrets apart without revealing them. */
export const secretHint = (secret: string) => secret.slice(-4);

export function sign(secret: string, messageId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64')}`;
}

/** The webhook-* headers of one attempt. */
export function signedHeaders(
  secrets: readonly string[],
  messageId: string,
  timestamp: number,
  body: string,
): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => sign(s, messageId, timestamp, body)).join(' '),
  };
}
