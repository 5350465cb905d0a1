// GET /api/admin/monitoring: the dashboard's figures from the process's own metrics, for administrators only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import { makeAdmin, makeUser, TEST_PASSWORD } from '../../../../test/support/factories.js';
import type { MonitoringSnapshot } from '../../../shared/schemas/monitoring.js';

let api: ApiHarness;
type Caller = Awaited<ReturnType<ApiHarness['signIn']>>;
let tech: Caller;
let admin: Caller;
beforeAll(async () => {
  api = await setupApi();
  const t = await makeUser(api.db.pool, { firstName: 'Tess', lastName: 'Tech' });
  const a = await makeAdmin(api.db.pool, { firstName: 'Ada', lastName: 'Admin' });
  tech = await api.signIn(t.email, TEST_PASSWORD);
  admin = await api.signIn(a.email, TEST_PASSWORD);
});
afterAll(() => api?.close());

describe('monitoring dashboard figures', () => {
  it('are refused to technicians (403) and to anonymous callers (401)', async () => {
    const refused = await tech.get('/api/admin/monitoring');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Access Denied.');
    expect((await api.anonymous.get('/api/admin/monitoring')).statusCode).toBe(401);
  });

  it('give an administrator uptime, traffic, busiest routes with latency, event loop, memory, pool and jobs', async () => {
    for (let i = 0; i < 5; i += 1) expect((await tech.get('/api/resources/docs/user')).statusCode).toBe(200);
    expect((await tech.get('/api/resources/docs/user/no-such-page')).statusCode).toBe(404);
    const res = await admin.get('/api/admin/monitoring');
    expect(res.statusCode).toBe(200);
    const data = res.json() as MonitoringSnapshot;
    expect(data.process.pid).toBe(process.pid);
    expect(data.process.uptimeSeconds).toBeGreaterThanOrEqual(0);
    // The sign-ins, the 403, the 401 and the calls above all fall within the last minute.
    expect(data.traffic.requestsLastMinute).toBeGreaterThanOrEqual(10);
    expect(data.traffic.requestsTotal).toBeGreaterThanOrEqual(data.traffic.requestsLastMinute);
    expect(data.traffic.errorsLastMinute).toBe(0);
    expect(data.traffic.errorRateLastMinute).toBe(0);
    const docs = data.routes.find((r) => r.route === '/api/resources/docs/:book' && r.method === 'GET');
    expect(docs).toMatchObject({ requests: 5 });
    expect(docs!.p50Ms).toBeGreaterThan(0);
    expect(docs!.p95Ms).toBeGreaterThanOrEqual(docs!.p50Ms!);
    expect(data.routes.map((r) => r.requests)).toEqual(
      [...data.routes.map((r) => r.requests)].sort((a, b) => b - a),
    );
    expect(data.eventLoop.lagP99Ms).not.toBeNull();
    expect(data.memory.heapUsedBytes).toBeGreaterThan(0);
    expect(data.database.max).toBeGreaterThanOrEqual(1);
    expect(data.database.total).toBeLessThanOrEqual(data.database.max);
    if (data.jobs)
      expect(data.jobs).toEqual({
        waiting: expect.any(Number),
        active: expect.any(Number),
        failed: expect.any(Number),
      });
  });

  it('match what /metrics serves for the same registry, with the database pool gauges', async () => {
    const text = (await api.anonymous.get('/metrics')).body;
    expect(text).toMatch(/^sd6_db_pool_connections\{state="total"\} \d+$/m);
    expect(text).toMatch(/^sd6_db_pool_connections\{state="waiting"\} \d+$/m);
    expect(text).toMatch(/^sd6_db_pool_max \d+$/m);
    const data = (await admin.get('/api/admin/monitoring')).json() as MonitoringSnapshot;
    const served = Number(/^sd6_db_pool_max (\d+)$/m.exec(text)![1]);
    expect(data.database.max).toBe(served);
  });
});
