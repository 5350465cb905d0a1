// Cross-cutting rules of every route: CSRF header, security headers, error shape, health, metrics.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../test/support/api.js';
import { makeAdmin, TEST_PASSWORD } from '../../../test/support/factories.js';

let api: ApiHarness;
beforeAll(async () => {
  api = await setupApi();
});
afterAll(() => api?.close());

describe('CSRF defence', () => {
  it('refuses every non-GET /api route without X-Requested-With, with a session, and changes nothing', async () => {
    const admin = await makeAdmin(api.db.pool);
    const caller = await api.signIn(admin.email, TEST_PASSWORD);
    const before = (
      await api.db.pool.query('SELECT version, first_name FROM users WHERE id = $1', [admin.id])
    ).rows[0];
    const sessionsBefore = (await api.db.pool.query('SELECT count(*)::int AS n FROM sessions')).rows[0].n;
    const routes = api.app.routeTable.filter(
      (r) => r.url.startsWith('/api/') && !['GET', 'HEAD', 'OPTIONS'].includes(r.method),
    );
    expect(routes.length).toBeGreaterThanOrEqual(6);
    for (const route of routes) {
      const url = route.url.replace(/:id/g, String(admin.id)).replace(/:entity/g, 'user');
      const res = await api.app.inject({
        method: route.method as 'POST',
        url,
        headers: { cookie: caller.cookie, 'content-type': 'application/json' },
        payload: { firstName: 'Changed', email: admin.email, password: TEST_PASSWORD },
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json()).toMatchObject({ message: 'Access Denied.', code: 'FORBIDDEN' });
    }
    const after = (await api.db.pool.query('SELECT version, first_name FROM users WHERE id = $1', [admin.id]))
      .rows[0];
    expect(after).toEqual(before);
    expect((await api.db.pool.query('SELECT count(*)::int AS n FROM sessions')).rows[0].n).toBe(
      sessionsBefore,
    );
    // the session itself still works: the refusal did not log anybody out
    expect((await caller.post('/api/user/profile')).statusCode).toBe(200);
  });
});

describe('responses', () => {
  it('carry the security headers and no-store on /api', async () => {
    const res = await api.anonymous.get('/api/user/settings');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers a cross-origin preflight without opening CORS', async () => {
    const res = await api.app.inject({
      method: 'OPTIONS',
      url: '/api/user/profile',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('gives anonymous API calls 401 with reason LOGIN', async () => {
    const res = await api.anonymous.post('/api/user/profile');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      message: 'Your session has ended. Please log in again.',
      code: 'LOGIN',
      reason: 'LOGIN',
      form: { errors: [], fields: {} },
    });
  });

  it('gives unknown API paths and malformed ids the 404 shape', async () => {
    const admin = await makeAdmin(api.db.pool);
    const caller = await api.signIn(admin.email, TEST_PASSWORD);
    for (const url of [
      '/api/no/such/thing',
      '/api/admin/staff/abc',
      '/api/admin/staff/999999',
      '/api/history/nothing/1',
    ]) {
      const res = await caller.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ message: '404: Resource not found.', code: 'NOT_FOUND' });
    }
  });

  it('never leaks SQL or stack traces, even for malformed JSON', async () => {
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/at \w+ \(|SELECT|syntax|stack/i);
    expect(res.json()).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Please review the page for field entry errors, shown in red.',
    });
  });
});

describe('operations', () => {
  it('/healthz and /readyz answer', async () => {
    expect((await api.anonymous.get('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await api.anonymous.get('/readyz')).json()).toEqual({ status: 'ready' });
  });

  it('/metrics exposes request counts, latency by route pattern and event-loop lag', async () => {
    await api.anonymous.post('/api/user/profile');
    const text = (await api.anonymous.get('/metrics')).body;
    expect(text).toMatch(
      /sd6_http_requests_total\{method="POST",route="\/api\/user\/profile",status="401"\} \d+/,
    );
    expect(text).toContain('sd6_http_request_duration_seconds_bucket');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });
});
