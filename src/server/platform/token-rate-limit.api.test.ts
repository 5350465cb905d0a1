// Personal API tokens are rate limited per token (a fixed minute, counted in the database), and every answer to a token
// says where it stands with the IETF RateLimit header fields, read back here with a Structured Field parser no one here
// wrote (structured-headers).
import type { LightMyRequestResponse } from 'fastify';
import { parseItem, parseList } from 'structured-headers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../test/support/api.js';
import { createApiToken } from '../../../test/support/api-tokens.js';
import { makeTask, makeUser, TEST_PASSWORD } from '../../../test/support/factories.js';
import { OPENAPI_PATH } from './openapi.js';
import { TOKEN_WINDOW_SECONDS, tokenRateLimited } from './token-rate-limit.js';

const LIMIT = 5;
let api: ApiHarness;
let session: Awaited<ReturnType<ApiHarness['signIn']>>;
beforeAll(async () => {
  api = await setupApi({ tokenRateLimit: LIMIT });
  const user = await makeUser(api.db.pool);
  session = await api.signIn(user.email, TEST_PASSWORD);
});
afterAll(() => api?.close());

const newToken = (scope: 'READ' | 'WRITE' = 'WRITE') => createApiToken(session, scope);

const call = (token: string, method: 'GET' | 'POST' = 'GET', url = '/api/user/settings', payload?: object) =>
  api.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });

/** The two fields as a client reads them: [policy, params] of RateLimit-Policy and of RateLimit. */
function fields(res: LightMyRequestResponse) {
  const [policyName, policy] = parseList(String(res.headers['ratelimit-policy']))[0] as [
    string,
    Map<string, number>,
  ];
  const [limitName, limit] = parseList(String(res.headers.ratelimit))[0] as [string, Map<string, number>];
  return {
    policy: { name: policyName, q: policy.get('q'), w: policy.get('w') },
    limit: { name: limitName, r: limit.get('r'), t: limit.get('t') },
  };
}

describe('the rate limit of a token', () => {
  it('tells each answer the calls left, then answers 429 with Retry-After and does nothing', async () => {
    const { token } = await newToken();
    for (let i = 1; i <= LIMIT; i++) {
      const res = await call(token);
      expect(res.statusCode).toBe(200);
      const { policy, limit } = fields(res);
      expect(policy).toEqual({ name: 'token', q: LIMIT, w: TOKEN_WINDOW_SECONDS });
      expect(limit.name).toBe('token');
      expect(limit.r).toBe(LIMIT - i);
      expect(limit.t).toBeGreaterThanOrEqual(1);
      expect(limit.t).toBeLessThanOrEqual(TOKEN_WINDOW_SECONDS);
    }
    // Past the limit a change is refused before it is read: no slip is made.
    const task = await makeTask(api.db.pool);
    const refused = await call(token, 'POST', '/api/manage/slip/create', {
      task: task.id,
      date: '11/02/2026',
      startTime: '9:00 AM',
      stopTime: '10:00 AM',
    });
    expect(refused.statusCode).toBe(429);
    const retryAfter = parseItem(String(refused.headers['retry-after']))[0] as number;
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(TOKEN_WINDOW_SECONDS);
    expect(fields(refused).limit).toEqual({ name: 'token', r: 0, t: retryAfter });
    expect(refused.json()).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: tokenRateLimited(LIMIT, retryAfter),
      form: { errors: [tokenRateLimited(LIMIT, retryAfter)], fields: {} },
    });
    const slips = await api.db.pool.query('SELECT 1 FROM slips WHERE task_id = $1', [task.id]);
    expect(slips.rowCount).toBe(0);
  });

  it('counts each token apart, and never a browser session', async () => {
    const first = await newToken();
    const second = await newToken();
    for (let i = 0; i <= LIMIT; i++) await call(first.token);
    expect((await call(first.token)).statusCode).toBe(429);
    const other = await call(second.token);
    expect(other.statusCode).toBe(200);
    expect(fields(other).limit.r).toBe(LIMIT - 1);
    for (let i = 0; i <= LIMIT * 2; i++) {
      const res = await session.get('/api/user/settings');
      expect(res.statusCode).toBe(200);
      expect(res.headers.ratelimit).toBeUndefined();
    }
  });

  it('lets exactly the limit through when calls arrive at once', async () => {
    const { token } = await newToken();
    const answers = await Promise.all(Array.from({ length: LIMIT * 3 }, () => call(token)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(LIMIT * 2);
    // Every answer had its own count: the calls left run from LIMIT-1 down to 0, each once.
    const left = answers.filter((a) => a.statusCode === 200).map((a) => fields(a).limit.r);
    expect(left.sort()).toEqual(Array.from({ length: LIMIT }, (_, i) => i));
  });

  it('starts afresh in the next minute', async () => {
    const { token, id } = await newToken();
    for (let i = 0; i <= LIMIT; i++) await call(token);
    expect((await call(token)).statusCode).toBe(429);
    // The minute ends: its count is in the past.
    await api.db.pool.query(
      `UPDATE rate_limits SET window_start = window_start - make_interval(secs => $2) WHERE key = $1`,
      [`api-token:${id}`, TOKEN_WINDOW_SECONDS],
    );
    const res = await call(token);
    expect(res.statusCode).toBe(200);
    expect(fields(res).limit.r).toBe(LIMIT - 1);
  });

  it('counts a call the token may not make too (a change sent with a read-only token)', async () => {
    const { token } = await newToken('READ');
    expect((await call(token, 'POST', '/api/user/settings', {})).statusCode).toBe(403);
    const res = await call(token);
    expect(fields(res).limit.r).toBe(LIMIT - 2);
  });

  it('is in the OpenAPI document: 429 with its headers wherever a token may call', async () => {
    const doc = (await session.get(OPENAPI_PATH)).json() as {
      info: { description: string };
      paths: Record<
        string,
        Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>
      >;
    };
    expect(doc.info.description).toContain(`"token";q=${LIMIT};w=${TOKEN_WINDOW_SECONDS}`);
    const limited = doc.paths['/api/manage/case/{id}']!.get!.responses['429']!;
    expect(Object.keys(limited.headers ?? {})).toEqual(['Retry-After', 'RateLimit', 'RateLimit-Policy']);
    // Not where a token is never taken: signing in, managing tokens (session only).
    expect(doc.paths['/api/auth/login']!.post!.responses['429']).toBeUndefined();
    expect(doc.paths['/api/user/api-tokens']!.get!.responses['429']).toBeUndefined();
  });
});
