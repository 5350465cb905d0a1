// API answers compressed for a caller that accepts it, read back by Node's own zlib: the same JSON to the byte, with
// hostile names (quotes, line breaks, formula prefixes, non-Latin, a very long word); small answers, callers that do
// not accept compression and answers that carry secrets go out as they are; a compressed request body is refused
// with a clear message, never inflated.
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../test/support/api.js';
import { makeAdmin, makeOrganization, TEST_PASSWORD } from '../../../test/support/factories.js';
import { COMPRESS_THRESHOLD, installCompression } from './compression.js';

let api: ApiHarness;
let cookie: string;
const LIST = '/api/manage/organization?q=Zipco&limit=100';
const HOSTILE = [
  'Zipco "Quoted", Inc.',
  'Zipco\nTwo Lines',
  '=Zipco+1',
  'Zipco Ünïcödé 株式会社 Ελλάδα',
  `Zipco ${'x'.repeat(180)}`,
];
beforeAll(async () => {
  api = await setupApi();
  const admin = await makeAdmin(api.db.pool);
  cookie = (await api.signIn(admin.email, TEST_PASSWORD)).cookie;
  for (const name of HOSTILE) await makeOrganization(api.db.pool, { name });
  for (let i = 0; i < 20; i++) await makeOrganization(api.db.pool, { name: `Zipco Widgets ${i}` });
});
afterAll(() => api?.close());

const get = (url: string, encoding?: string) =>
  api.app.inject({
    method: 'GET',
    url,
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      cookie,
      ...(encoding ? { 'accept-encoding': encoding } : {}),
    },
  });

describe('API answers compressed', () => {
  it('brotli for a browser that accepts it: the same JSON, said to vary by Accept-Encoding', async () => {
    const plain = await get(LIST);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    const br = await get(LIST, 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    const text = brotliDecompressSync(br.rawPayload).toString('utf8');
    expect(text).toBe(plain.body);
    const names = (JSON.parse(text).items as { name: string }[]).map((o) => o.name);
    for (const name of HOSTILE) expect(names).toContain(name);
    // What it saves, for the record (about a seventh of the JSON).
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('gzip when only gzip is accepted', async () => {
    const plain = await get(LIST);
    const gz = await get(LIST, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('sends a small answer as it is', async () => {
    const small = await get('/api/manage/organization?q=NoSuchZipco', 'br');
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ items: [], total: 0 });
  });

  it('refuses a compressed request body with a clear message, without inflating it', async () => {
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/manage/organization/create',
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        cookie,
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      },
      payload: gzipSync(JSON.stringify({ version: 0, name: 'Zipco Inflated', active: true })),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().message).toBe('Please review the page for field entry errors, shown in red.');
    const after = (await get('/api/manage/organization?q=Zipco%20Inflated')).json();
    expect(after.total).toBe(0);
  });
});

describe('answers that carry secrets', () => {
  // A server of its own with large answers on both kinds of route, so the size rule cannot hide the secret rule.
  const big = { secret: 's'.repeat(40), text: 'a'.repeat(4 * COMPRESS_THRESHOLD) };
  let app: ReturnType<typeof Fastify>;
  beforeAll(async () => {
    app = Fastify();
    await installCompression(app);
    for (const url of [
      '/api/auth/login',
      '/api/auth/2fa/setup',
      '/api/user/api-tokens',
      '/api/manage/case',
      '/x',
    ])
      app.get(url, async () => big);
    await app.ready();
  });
  afterAll(() => app?.close());

  it('are never compressed (sign-in, two-factor, a new API token); other API routes are', async () => {
    for (const url of ['/api/auth/login', '/api/auth/2fa/setup', '/api/user/api-tokens']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.json()).toEqual(big);
    }
    const other = await app.inject({
      method: 'GET',
      url: '/api/manage/case',
      headers: { 'accept-encoding': 'br' },
    });
    expect(other.headers['content-encoding']).toBe('br');
    // Not the API's: the client's files are compressed by the build or not at all.
    const page = await app.inject({ method: 'GET', url: '/x', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBeUndefined();
  });
});
