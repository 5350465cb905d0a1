// Serves the built single-page app: hashed chunks under /build/ (pre-compressed, cached for good), index.html for
// every page route.

import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../shared/errors.js';
import { FIRST_SCREENS_FILE, ROUTE_FILES_FILE } from '../../shared/first-screens.js';
import { PAGE_PROFILE_ID } from '../../shared/page-profile.js';
import { matchPath } from '../../shared/routes/index.js';
import { body } from './errors.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The content coding for a response that exists as br, gzip and identity: br first, then gzip (q=0 refuses). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

type Page = { text: string; identity: Buffer; br: Buffer; gzip: Buffer };

// The page never changes while the process runs: compress it once.
const compressed = (text: string): Page => ({
  text,
  identity: Buffer.from(text),
  br: brotliCompressSync(text),
  gzip: gzipSync(text, { level: 9 }),
});

/**
 * JSON that can sit inside a <script> element: `<`, `>` and `&` written as \u escapes (a name holding "</script>" or
 * "<!--" cannot end or change the element), and the two line separators JavaScript once refused.
 */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The page with the signed-in user's profile in it, for one answer: compressed quickly, never cached. */
function withProfile(page: Page, profile: unknown, encoding: 'br' | 'gzip' | null): Buffer {
  // A function, not a string: a `$&` in a name must not be read as a replacement pattern.
  const text = page.text.replace(
    '</head>',
    () =>
      `<script type="application/json" id="${PAGE_PROFILE_ID}">${scriptSafeJson(profile)}</script></head>`,
  );
  if (encoding === 'br') return brotliCompressSync(text, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
  if (encoding === 'gzip') return gzipSync(text, { level: 6 });
  return Buffer.from(text);
}

/** The page with `files` announced as modulepreload links (those the page does not load already). */
function withPreloads(text: string, files: string[], priority = ''): Page {
  const links = files
    .filter((f) => f.endsWith('.js') && !text.includes(`"/${f}"`))
    .map((f) => `<link rel="modulepreload" crossorigin${priority} href="/${f}">`)
    .join('');
  return compressed(text.replace('</head>', `${links}</head>`));
}

function readJson(clientDir: string, file: string): Record<string, string[]> {
  const path = join(clientDir, file);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, string[]>) : {};
}

/**
 * The page for each first screen (src/shared/first-screens.ts) with its chunks announced as modulepreload links, so
 * the browser fetches them beside the entry instead of after running it.
 */
function screenPages(clientDir: string, text: string): Map<string, Page> {
  const screens = readJson(clientDir, FIRST_SCREENS_FILE);
  return new Map(Object.entries(screens).map(([path, files]) => [path, withPreloads(text, files)]));
}

/**
 * A signed-in user's page of any route, with the route's chunks (the signed-in layout and the screen) announced: on a
 * phone the entry takes a second or more to run, and the screen's chunks would only be asked for after it. Made once
 * per route, when first asked for.
 */
function routePages(clientDir: string, text: string): (path: string) => Page | undefined {
  const routes = readJson(clientDir, ROUTE_FILES_FILE);
  const made = new Map<string, Page>();
  return (path) => {
    const name = matchPath(path)?.route.name;
    const files = name ? routes[name] : undefined;
    if (!name || !files) return undefined;
    let page = made.get(name);
    if (!page) {
      page = withPreloads(text, files, ' fetchpriority="low"');
      made.set(name, page);
    }
    return page;
  };
}

export async function installClient(
  app: FastifyInstance,
  options: {
    clientDir: string;
    environment: string;
    alt: boolean;
    timeZone: string;
    /**
     * The profile of the request's signed-in session (what POST /api/user/profile answers), or null: written into the
     * page so its first screen starts without asking for it. Not for /index.html, the copy the service worker keeps.
     */
    pageProfile?: (request: FastifyRequest) => Promise<unknown | null>;
  },
): Promise<void> {
  const indexFile = options.clientDir ? join(options.clientDir, 'index.html') : '';
  const hasClient = indexFile !== '' && existsSync(indexFile);
  const text = hasClient
    ? readFileSync(indexFile, 'utf8')
        .replaceAll('{{SD6_ENV}}', options.environment)
        .replaceAll('{{SD6_ALT}}', String(options.alt))
        .replaceAll('{{SD6_TZ}}', options.timeZone)
    : null;
  const page = text ? compressed(text) : null;
  const pages = text ? screenPages(options.clientDir, text) : new Map<string, Page>();
  const routePage = text ? routePages(options.clientDir, text) : () => undefined;
  if (hasClient) {
    const chunks = `build${sep}`;
    await app.register(fastifyStatic, {
      root: options.clientDir,
      index: false,
      wildcard: false,
      // file.js.br / file.js.gz written by the build, chosen by Accept-Encoding; no copy: the file itself.
      preCompressed: true,
      // Otherwise send() adds its own `public, max-age=0` after setHeaders and that one wins.
      cacheControl: false,
      // index.html is a template: the not-found handler below serves it filled in.
      allowedPath: (pathname) => pathname !== '/index.html',
      setHeaders: (res, path) => {
        // Hashed chunks never change; everything else is revalidated.
        res.setHeader(
          'Cache-Control',
          relative(options.clientDir, path).startsWith(chunks) ? IMMUTABLE : 'no-cache',
        );
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
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
    const path = request.url.split('?')[0]!.replace(/(.)\/+$/, '$1');
    const screen = pages.get(path) ?? page;
    const encoding = pickEncoding(request.headers['accept-encoding']);
    // The page opens without it when the lookup fails (the screen then asks, and says what is wrong).
    const profile =
      path !== '/index.html' && options.pageProfile
        ? await options.pageProfile(request).catch((error: unknown) => {
            request.log.warn({ err: error }, 'page profile lookup failed');
            return null;
          })
        : null;
    reply.type('text/html').header('Vary', 'Accept-Encoding, Cookie');
    if (encoding) reply.header('Content-Encoding', encoding);
    // A page with a profile in it is that session's alone: kept by no cache, not even the browser's. Signed in, the
    // page announces its route's chunks; signed out it would only go to the sign-in screen.
    if (profile)
      return reply
        .header('Cache-Control', 'no-store')
        .send(withProfile(routePage(path) ?? screen, profile, encoding));
    reply.header('Cache-Control', 'no-cache');
    return reply.send(encoding ? screen[encoding] : screen.identity);
  });
}
