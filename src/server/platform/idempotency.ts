// Idempotency keys (the offline slip queue, issue 16): a change sent again after a lost response is answered with what
// the first one answered, never applied twice. The key row is written in the change's own transaction, so a change
// that fails or rolls back leaves no key behind and may be sent again; two sends at once serialize on the key's primary
// key (the second waits for the first to commit, then reads its answer).
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest, HttpError } from './errors.js';
import type { Queryable } from './records.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** Documents the optional header in the OpenAPI document of a route that takes it; its format is checked by once(). */
export const idempotencyHeaders = z.object({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .optional()
    .describe(
      'A key of your own for this change: a repeat with the same key is answered, not applied again.',
    ),
});
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,100}$/;
export const KEY_INVALID =
  'The Idempotency-Key header must be 8 to 100 letters, digits, dots, colons, dashes or underscores.';
export const KEY_REUSED =
  'This Idempotency-Key was already used for another change. Send each change with a key of its own.';
/** How long an answer is kept for a retry (cleared by the hourly clean-up). */
export const KEEP_DAYS = 7;

/** The request's key, null without one; a malformed key is refused (400). */
export function idempotencyKey(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || !KEY_PATTERN.test(key)) throw badRequest({}, [KEY_INVALID]);
  return key;
}

function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

/**
 * Runs `change` once per key and user inside the caller's transaction `tx`, returning its answer; a repeat returns the
 * stored answer (with the Idempotent-Replayed header). Without a key the change simply runs.
 */
export async function once<T>(
  tx: Queryable,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  change: () => Promise<T>,
): Promise<T> {
  const key = idempotencyKey(request);
  if (key === null) return change();
  const hash = requestHash(request);
  const claimed = await tx.query(
    `INSERT INTO idempotent_requests (user_id, key, request_hash) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, key) DO NOTHING RETURNING key`,
    [userId, key, hash],
  );
  if (claimed.rowCount === 0) {
    const { rows } = await tx.query<{ request_hash: string; response: T }>(
      'SELECT request_hash, response FROM idempotent_requests WHERE user_id = $1 AND key = $2',
      [userId, key],
    );
    const done = rows[0];
    if (!done || done.request_hash !== hash)
      throw new HttpError(422, 'BAD_REQUEST', KEY_REUSED, {}, [KEY_REUSED]);
    reply.header(REPLAYED_HEADER, 'true');
    return done.response;
  }
  const answer = await change();
  await tx.query('UPDATE idempotent_requests SET response = $3 WHERE user_id = $1 AND key = $2', [
    userId,
    key,
    JSON.stringify(answer),
  ]);
  return answer;
}
