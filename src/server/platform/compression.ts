// API answers of 1 kB and more go out brotli- or gzip-compressed to a caller that accepts it (a page of the case
// list: about 14 kB of JSON). Only /api/ routes: the built client's files come pre-compressed where it pays
// (static.ts), and the rest (an 11-byte chunk, images) are left as they are.
// Never compressed: answers that carry a secret beside text the caller chose (sign-in and two-factor answers, a new
// API token): their compressed length could give the secret away (the BREACH attack). Request bodies are never
// inflated: a few kilobytes of gzip could expand far past the body limit.
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Routes whose answers may hold a secret (session, one-time codes, a token shown once). */
const SECRET_ANSWERS = /^\/api\/(auth\/|user\/api-tokens)/;
/** Below this an answer is sent as it is: compressing would save next to nothing. */
export const COMPRESS_THRESHOLD = 1024;

/** Call before any route is added: the plugin wires itself into each route as it is registered. */
export async function installCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || SECRET_ANSWERS.test(route.url)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
  });
}
