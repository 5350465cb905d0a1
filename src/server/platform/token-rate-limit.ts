// Rate limits of personal API tokens, told with the IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers-11,
// sections 3 and 4): every call made with a token counts against that token's calls of the current minute (a fixed
// window kept in the database, so every app process counts against one limit). Each answer to a token carries
//   RateLimit-Policy: "token";q=<calls a minute>;w=60
//   RateLimit: "token";r=<calls left>;t=<seconds until the window ends>
// and a call past the limit answers 429 with Retry-After, before anything else is read or done.
import type { FastifyReply } from 'fastify';
import type pg from 'pg';
import { clearOldWindows, takeRateSlot } from './rate-limit.js';

export const TOKEN_POLICY = 'token';
export const TOKEN_WINDOW_SECONDS = 60;

export const tokenRateLimited = (limit: number, seconds: number) =>
  `This API token made more than ${limit} calls in a minute. Wait ${seconds} seconds and try again.`;

export type TokenSlot = { allowed: boolean; remaining: number; reset: number };

/** Counts one call of the token in the current minute. */
export async function takeTokenSlot(
  db: Pick<pg.Pool, 'query'>,
  tokenId: number,
  limit: number,
): Promise<TokenSlot> {
  const key = `api-token:${tokenId}`;
  const slot = await takeRateSlot(db, { key, limit, windowSeconds: TOKEN_WINDOW_SECONDS });
  // The first call of a minute clears the token's ended minutes.
  if (slot.count === 1) await clearOldWindows(db, key, TOKEN_WINDOW_SECONDS);
  return { allowed: slot.allowed, remaining: Math.max(0, limit - slot.count), reset: slot.retryAfter };
}

/** The two fields on the answer (Structured Field lists: a quoted policy name with integer parameters). */
export function setRateLimitHeaders(reply: FastifyReply, limit: number, slot: TokenSlot): void {
  reply.header('RateLimit-Policy', `"${TOKEN_POLICY}";q=${limit};w=${TOKEN_WINDOW_SECONDS}`);
  reply.header('RateLimit', `"${TOKEN_POLICY}";r=${slot.remaining};t=${slot.reset}`);
}
