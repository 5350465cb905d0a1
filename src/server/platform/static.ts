// Serves the built single-page app: hashed chunks under /build/, index.html for every page route.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../../shared/errors.js';
import { body } from './errors.js';

export async function installClient(
  app: FastifyInstance,
  options: { clientDir: string; environment: string; alt: boolean; timeZone: string },
): Promise<void> {
  const indexFile = options.clientDir ? join(options.clientDir, 'index.html') : '';
  const hasClient = indexFile !== '' && existsSync(indexFile);
  const page = hasClient
    ? readFileSync(indexFile, 'utf8')
        .replaceAll('{{SD6_ENV}}', options.environment)
        .replaceAll('{{SD6_ALT}}', String(options.alt))
        .replaceAll('{{SD6_TZ}}', options.timeZone)
    : null;
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: options.clientDir,
      index: false,
      wildcard: false,
      setHeaders: (res, path) => {
        // Hashed chunks never change; everything else is revalidated.
        res.setHeader(
          'Cache-Control',
          path.includes('/build/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET') {
      return reply.status(404).send(body('NOT_FOUND', MESSAGES.notFound));
    }
    if (request.url.startsWith('/build/')) return reply.status(404).type('text/plain').send('Not found');
    if (!page) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The SD6 client is not built. Run `npm run build` (npm start does this for you).');
    }
    return reply.type('text/html').header('Cache-Control', 'no-cache').send(page);
  });
}
