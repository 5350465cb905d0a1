// Serving the built client: pre-compressed chunks by Accept-Encoding, long-lived caching of hashed chunks only.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testConfig } from '../../../test/support/api.js';
import { makeUser } from '../../../test/support/factories.js';
import { openTestDatabase, type TestDatabase, testDbKind } from '../../../test/support/test-db.js';
import { PAGE_PROFILE_ID } from '../../shared/page-profile.js';
import { buildApp } from '../app.js';

const CHUNK = `export const chunk = "${'x'.repeat(2000)}";\n`;
const PAGE =
  '<!doctype html><html><head><meta name="sd6-env" content="{{SD6_ENV}}">' +
  '<script type="module" crossorigin src="/build/index-000001.js"></script></head><body></body></html>';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const WORKER = `self.addEventListener('install', () => {});${' '.repeat(500)}\n`;
const MANIFEST = JSON.stringify({ name: 'SD6', short_name: 'SD6', display: 'standalone' });
const PNG = Buffer.from('89504e470d0a1a0a', 'hex');

let dir: string;
let testDb: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sd6-client-'));
  mkdirSync(join(dir, 'build'));
  writeFileSync(join(dir, 'index.html'), PAGE);
  writeFileSync(join(dir, 'build/x-abc123.js'), CHUNK);
  writeFileSync(join(dir, 'build/x-abc123.js.gz'), gzipSync(CHUNK));
  writeFileSync(join(dir, 'build/x-abc123.js.br'), brotliCompressSync(CHUNK));
  writeFileSync(join(dir, 'build/small-def456.js'), 'export {};\n');
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\n');
  writeFileSync(join(dir, 'service-worker.js'), WORKER);
  writeFileSync(join(dir, 'service-worker.js.br'), brotliCompressSync(WORKER));
  writeFileSync(join(dir, 'manifest.webmanifest'), MANIFEST);
  writeFileSync(join(dir, 'favicon.ico'), Buffer.from([0, 0, 1, 0]));
  mkdirSync(join(dir, 'icons'));
  writeFileSync(join(dir, 'icons/icon-192.png'), PNG);
  mkdirSync(join(dir, '.vite'));
  writeFileSync(
    join(dir, '.vite/first-screens.json'),
    JSON.stringify({
      '/manage/case': ['build/index-000001.js', 'build/index-000001.css', 'build/x-abc123.js'],
    }),
  );
  writeFileSync(
    join(dir, '.vite/route-files.json'),
    JSON.stringify({
      cases: ['build/x-abc123.js'],
      agreement_basics: ['build/layouts-111.js', 'build/agreement-screens-222.js'],
    }),
  );
  testDb = await openTestDatabase(testDbKind(), inject('dbTemplate'));
  app = await buildApp({ config: testConfig(), database: testDb.database, logger: false, clientDir: dir });
});

afterAll(async () => {
  await app?.close();
  await testDb?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('built chunks under /build/', () => {
  it('go out brotli-compressed to a browser that accepts br', async () => {
    const res = await get('/build/x-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(CHUNK);
  });

  it('go out gzip-compressed when only gzip is accepted', async () => {
    const res = await get('/build/x-abc123.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(res.rawPayload).toString()).toBe(CHUNK);
  });

  it('go out as they are without Accept-Encoding, or when no compressed copy exists', async () => {
    const plain = await get('/build/x-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(CHUNK);
    const small = await get('/build/small-def456.js', 'br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('export {};\n');
  });

  it('are cached for a year as immutable, whatever the encoding', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      expect((await get('/build/x-abc123.js', encoding)).headers['cache-control']).toBe(IMMUTABLE);
    }
  });

  it('a missing chunk is a plain 404, not the page', async () => {
    const res = await get('/build/gone-000000.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).not.toBe(IMMUTABLE);
  });
});

describe('the page and other files', () => {
  it('page routes get index.html with its values filled in, revalidated on every visit', async () => {
    for (const url of ['/', '/manage/case/', '/login']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('content="dev"');
    }
  });

  it('the page is compressed for a browser that accepts it', async () => {
    const br = await get('/manage/case/', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('content="dev"');
    const gz = await get('/manage/case/', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('content="dev"');
    expect((await get('/login', 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    expect((await get('/login', 'identity')).headers['content-encoding']).toBeUndefined();
  });

  it('/index.html is the filled-in page too, never the raw template', async () => {
    const res = await get('/index.html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).not.toContain('{{SD6_ENV}}');
  });

  it("a first screen's page announces its chunks, so they load beside the entry, not after it", async () => {
    const preload = '<link rel="modulepreload" crossorigin href="/build/x-abc123.js"></head>';
    for (const url of ['/manage/case', '/manage/case/', '/manage/case/?status=OPEN']) {
      expect((await get(url)).body).toContain(preload);
    }
    const page = await get('/manage/case/', 'br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain(preload);
    expect((await get('/manage/case/')).body).not.toContain('modulepreload" crossorigin href="/build/index-');
    expect((await get('/login')).body).not.toContain('modulepreload');
    expect((await get('/manage/case/12')).body).not.toContain('modulepreload');
  });

  it('files outside /build/ are revalidated', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('the installable app', () => {
  it('the service worker is JavaScript at /service-worker.js, revalidated on every check, compressed too', async () => {
    for (const encoding of [undefined, 'br']) {
      const res = await get('/service-worker.js', encoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect((await get('/service-worker.js')).body).toBe(WORKER);
    expect((await get('/service-worker.js', 'br')).headers['content-encoding']).toBe('br');
  });

  it('the web app manifest has its own type and is revalidated', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toMatchObject({ name: 'SD6', display: 'standalone' });
  });

  it('icons and the favicon are images, revalidated (not immutable: their names carry no hash)', async () => {
    const icon = await get('/icons/icon-192.png');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['cache-control']).toBe('no-cache');
    const favicon = await get('/favicon.ico');
    expect(favicon.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    expect(favicon.headers['cache-control']).toBe('no-cache');
  });
});

describe('a signed-in page load carries its profile', () => {
  // A name that would end the element, start a comment or be read as a replacement pattern if written as it is.
  const HOSTILE = '</script><script>alert("x")</script> <!-- $& $\' Zoë 山田 \u2028';

  async function session(firstName = 'Pat') {
    const user = await makeUser(testDb.database.pool, { firstName });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      payload: { email: user.email, password: user.password },
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    return { user, cookie };
  }

  const page = (url: string, cookie: string, acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: { cookie, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });

  /** The profile element's JSON, read back as a browser's parser would find the element's text. */
  const carried = (html: string) => {
    const match = new RegExp(
      `<script type="application/json" id="${PAGE_PROFILE_ID}">(.*?)</script>`,
      's',
    ).exec(html);
    return match ? JSON.parse(match[1]!) : null;
  };

  it('as POST /api/user/profile answers it, hostile names intact and unable to leave the element', async () => {
    const { cookie } = await session(HOSTILE);
    const res = await page('/manage/case/', cookie);
    expect(res.statusCode).toBe(200);
    const answer = await app.inject({
      method: 'POST',
      url: '/api/user/profile',
      headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(carried(res.body)).toEqual(answer.json());
    expect(carried(res.body).user.firstName).toBe(HOSTILE);
    // One element, one closing tag of its own: the name's markup stays text.
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).not.toContain('<!--');
    expect(res.body.match(/<\/script>/g)).toHaveLength(2);
    // The session's own page: no cache keeps it.
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.vary).toMatch(/cookie/i);
  });

  it("compressed like any page, with the first screen's preloads kept", async () => {
    const { user, cookie } = await session();
    const br = await page('/manage/case/', cookie, 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(br.rawPayload).toString();
    expect(carried(html).user.id).toBe(user.id);
    // Signed in: the route's chunks, behind the entry and the styles.
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/build/x-abc123.js">',
    );
    const gz = await page('/login', cookie, 'gzip');
    expect(carried(gunzipSync(gz.rawPayload).toString()).user.id).toBe(user.id);
  });

  it("a signed-in user's page of any route announces that route's chunks; signed out, none", async () => {
    const { cookie } = await session();
    const links = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)">/g)].map(
        (m) => m[1],
      );
    for (const url of ['/manage/agreement/7', '/manage/agreement/7/', '/manage/agreement/7?tab=1']) {
      const res = await page(url, cookie, 'gzip');
      expect(links(gunzipSync(res.rawPayload).toString())).toEqual([
        '/build/layouts-111.js',
        '/build/agreement-screens-222.js',
      ]);
    }
    expect((await page('/manage/agreement/7', '')).body).not.toContain('modulepreload');
    // A route the build lists nothing for, an unknown path: the plain page (its router says what is wrong).
    for (const url of ['/manage/organization/3', '/no/such/page']) {
      const res = await page(url, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('modulepreload');
      expect(carried(res.body)).not.toBeNull();
    }
    // A malformed escape never reaches the page: the server answers it as a bad request, not an error.
    expect((await page('/manage/agreement/%E0%A4%A', cookie)).statusCode).toBe(400);
  });

  it('never in /index.html (the copy the service worker keeps), nor without a live session', async () => {
    const { cookie } = await session();
    const shell = await page('/index.html', cookie);
    expect(carried(shell.body)).toBeNull();
    expect(shell.headers['cache-control']).toBe('no-cache');
    for (const other of ['', 'sd6_session=not-a-session']) {
      const res = await page('/manage/case/', other);
      expect(carried(res.body)).toBeNull();
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(carried((await page('/manage/case/', cookie)).body)).toBeNull();
  });
});
