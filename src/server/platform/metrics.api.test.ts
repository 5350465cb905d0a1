// Who may read /metrics (route names, counts, latency, memory): with METRICS_TOKEN, a scraper bearing it; without,
// only a call from the server's own machine — the client's address, so a proxy on the same machine opens nothing.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi, testConfig } from '../../../test/support/api.js';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import { METRICS_REFUSED } from './metrics.js';

let api: ApiHarness;
const extra: FastifyInstance[] = [];
beforeAll(async () => {
  api = await setupApi();
});
afterAll(async () => {
  for (const app of extra) await app.close();
  await api?.close();
});

async function appWith(overrides: Partial<Config>): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(overrides), database: api.db, logger: false });
  extra.push(app);
  return app;
}

const scrape = (app: FastifyInstance, remoteAddress: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

describe('/metrics without METRICS_TOKEN', () => {
  it('answers a call from this machine and refuses any other, whatever X-Forwarded-For says', async () => {
    const local = await scrape(api.app, '127.0.0.1');
    expect(local.statusCode).toBe(200);
    expect(local.body).toContain('sd6_http_requests_total');
    expect((await scrape(api.app, '::1')).statusCode).toBe(200);
    const remote = await scrape(api.app, '203.0.113.5', { 'x-forwarded-for': '127.0.0.1' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json().message).toBe(METRICS_REFUSED);
    expect(remote.body).not.toContain('sd6_http');
  });

  it('behind a proxy on this machine, judges the client the proxy names', async () => {
    const app = await appWith({ trustProxy: ['loopback'] });
    expect((await scrape(app, '127.0.0.1', { 'x-forwarded-for': '203.0.113.5' })).statusCode).toBe(403);
    expect((await scrape(app, '127.0.0.1')).statusCode).toBe(200);
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  const token = 'scraper-token-0123456789abcdef';

  it('answers only a call bearing the token, from anywhere', async () => {
    const app = await appWith({ metricsToken: token });
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer wrong-token-0123456789abcd' },
      { authorization: token },
    ]) {
      const res = await scrape(app, '127.0.0.1', headers);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('sd6_http');
    }
    const scraped = await scrape(app, '203.0.113.5', { authorization: `Bearer ${token}` });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.body).toContain('sd6_http_request_duration_seconds');
  });
});
