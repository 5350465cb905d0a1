// Addresses a client cannot choose: links in mails come from PUBLIC_URL or the address the server listens on, never
// from Host / X-Forwarded-Host / X-Forwarded-Proto; the client's address (rate limits, sessions, the staff security
// screen) is the connection's own unless TRUST_PROXY names the proxy that sent X-Forwarded-For.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi, testConfig } from '../../../../test/support/api.js';
import { makeAdmin, makeUser, TEST_PASSWORD } from '../../../../test/support/factories.js';
import { buildApp } from '../../app.js';
import type { Config } from '../../config.js';
import { RESET_LIMITS } from './password-reset.service.js';

let api: ApiHarness;
const extra: FastifyInstance[] = [];
beforeAll(async () => {
  api = await setupApi();
});
afterAll(async () => {
  for (const app of extra) await app.close();
  await api?.close();
});

/** Another process of the same set-up on the same database, with its own configuration. */
async function appWith(overrides: Partial<Config>): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(overrides), database: api.db, logger: false });
  extra.push(app);
  return app;
}

const FORGED = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
  'x-forwarded-for': '6.6.6.6',
};

async function newestMail(email: string): Promise<string> {
  const { rows } = await api.db.pool.query<{ text: string }>(
    'SELECT text FROM mail_messages WHERE "to" = $1 ORDER BY id DESC LIMIT 1',
    [email],
  );
  if (!rows[0]) throw new Error(`no mail to ${email}`);
  return rows[0].text;
}

const linkIn = (text: string) => text.match(/\S+\/forgot_password\/reset\/[A-Za-z0-9_-]+/)?.[0] ?? '';

describe('links in mails', () => {
  it('use the address the server listens on when PUBLIC_URL is unset, whatever Host and X-Forwarded-* say', async () => {
    const app = await appWith({ publicUrl: undefined });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const user = await makeUser(api.db.pool);
    // A real HTTP request (not an injected one), as curl sends it.
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { ...FORGED, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ email: user.email }),
    });
    expect(res.status).toBe(200);
    expect(linkIn(await newestMail(user.email))).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:${port}/forgot_password/reset/`),
    );
  });

  it('use PUBLIC_URL when set, for the forgot-password screen and an administrator alike', async () => {
    const app = await appWith({ publicUrl: 'https://sd6.example.com', trustProxy: true });
    const user = await makeUser(api.db.pool);
    const asked = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { ...FORGED, 'x-requested-with': 'XMLHttpRequest' },
      payload: { email: user.email },
    });
    expect(asked.statusCode).toBe(200);
    expect(linkIn(await newestMail(user.email))).toMatch(
      /^https:\/\/sd6\.example\.com\/forgot_password\/reset\//,
    );

    const admin = await makeAdmin(api.db.pool);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      payload: { email: admin.email, password: TEST_PASSWORD },
    });
    const cookie = signIn.cookies.find((c) => c.name.endsWith('sd6_session'))!;
    const other = await makeUser(api.db.pool);
    const sent = await app.inject({
      method: 'POST',
      url: `/api/admin/staff/${other.id}/security/password-reset`,
      headers: { ...FORGED, 'x-requested-with': 'XMLHttpRequest', cookie: `${cookie.name}=${cookie.value}` },
    });
    expect(sent.statusCode).toBe(200);
    expect(linkIn(await newestMail(other.email))).toMatch(
      /^https:\/\/sd6\.example\.com\/forgot_password\/reset\//,
    );
  });
});

/** Signs in through `app` from `remoteAddress` with `headers`; answers the address kept on the new session. */
async function sessionAddress(
  app: FastifyInstance,
  remoteAddress: string,
  headers: Record<string, string>,
): Promise<{ ip: string | null; shown: string | null }> {
  const user = await makeUser(api.db.pool);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    headers: { 'x-requested-with': 'XMLHttpRequest', ...headers },
    payload: { email: user.email, password: TEST_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  const { rows } = await api.db.pool.query<{ ip: string | null }>(
    'SELECT ip FROM sessions WHERE user_id = $1',
    [user.id],
  );
  const admin = await api.signIn((await makeAdmin(api.db.pool)).email, TEST_PASSWORD);
  const security = (await admin.get(`/api/admin/staff/${user.id}/security`)).json().security;
  return { ip: rows[0]?.ip ?? null, shown: security.sessions[0]?.ip ?? null };
}

describe('the client address without a trusted proxy (the default)', () => {
  it('is the connection’s: a forged X-Forwarded-For is not kept on the session nor shown in staff security', async () => {
    expect(api.config.trustProxy).toBe(false);
    const seen = await sessionAddress(api.app, '198.51.100.20', { 'x-forwarded-for': '6.6.6.6' });
    expect(seen).toEqual({ ip: '198.51.100.20', shown: '198.51.100.20' });
  });

  it('keeps the forgot-password per-client limit whatever X-Forwarded-For each request forges', async () => {
    const limit = RESET_LIMITS.perClient.limit;
    const statuses: number[] = [];
    for (let i = 0; i < limit + 5; i++) {
      const res = await api.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: '198.51.100.30',
        headers: { 'x-requested-with': 'XMLHttpRequest', 'x-forwarded-for': `6.6.${i}.6` },
        payload: { email: `forger${i}@example.test` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(limit);
    expect(statuses.slice(limit)).toEqual([429, 429, 429, 429, 429]);
  });
});

describe('the client address behind a trusted proxy', () => {
  it('with TRUST_PROXY=1 is the address the proxy appended to X-Forwarded-For, not one the client wrote before it', async () => {
    const app = await appWith({ trustProxy: 1 });
    // The client forged 1.2.3.4; the load balancer (the peer) appended the address it saw.
    expect(await sessionAddress(app, '10.0.0.2', { 'x-forwarded-for': '1.2.3.4, 203.0.113.50' })).toEqual({
      ip: '203.0.113.50',
      shown: '203.0.113.50',
    });
  });

  it('with TRUST_PROXY listing the proxies reads X-Forwarded-For only from them', async () => {
    const app = await appWith({ trustProxy: ['10.0.0.0/8'] });
    const viaProxy = await sessionAddress(app, '10.0.0.2', { 'x-forwarded-for': '203.0.113.51' });
    expect(viaProxy.ip).toBe('203.0.113.51');
    const direct = await sessionAddress(app, '198.51.100.40', { 'x-forwarded-for': '6.6.6.6' });
    expect(direct.ip).toBe('198.51.100.40');
  });

  it('keeps the per-client limit per real client behind the proxy', async () => {
    const app = await appWith({ trustProxy: ['10.0.0.0/8'] });
    const ask = (client: string, i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: '10.0.0.2',
        headers: { 'x-requested-with': 'XMLHttpRequest', 'x-forwarded-for': client },
        payload: { email: `behind${client}-${i}@example.test` },
      });
    const limit = RESET_LIMITS.perClient.limit;
    for (let i = 0; i < limit; i++) expect((await ask('203.0.113.60', i)).statusCode).toBe(200);
    expect((await ask('203.0.113.60', limit)).statusCode).toBe(429);
    // Another client behind the same proxy is not held up by the first.
    expect((await ask('203.0.113.61', 0)).statusCode).toBe(200);
  });
});
