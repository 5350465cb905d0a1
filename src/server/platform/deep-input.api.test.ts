// Over-deep JSON bodies (thousands of nested arrays or objects in a few kilobytes) on every route: refused with one
// clear 400 while the body is parsed, before validation could overflow the stack (those answered 500), and after
// the session check, so an anonymous caller still gets 401.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../test/support/api.js';
import { makeAdmin, TEST_PASSWORD } from '../../../test/support/factories.js';
import { MAX_JSON_DEPTH, TOO_DEEP } from './validation.js';

let api: ApiHarness;
let admin: Awaited<ReturnType<ApiHarness['signIn']>>;
beforeAll(async () => {
  api = await setupApi();
  admin = await api.signIn((await makeAdmin(api.db.pool)).email, TEST_PASSWORD);
});
afterAll(() => api?.close());

const arrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const objects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

const send = (url: string, payload: string, cookie = admin.cookie, method: 'POST' | 'DELETE' = 'POST') =>
  api.app.inject({
    method,
    url,
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      'content-type': 'application/json',
      ...(cookie ? { cookie } : {}),
    },
    payload,
  });

describe('over-deep JSON bodies', () => {
  const ROUTES = [
    '/api/auth/login',
    '/api/auth/forgot-password',
    '/api/manage/organization/create',
    '/api/user/settings',
    '/api/admin/sso',
    '/api/manage/slip/create',
  ];

  it.each(ROUTES)('%s: 5,000 nested arrays or objects answer 400 with the reason', async (url) => {
    for (const body of [arrays(5000), objects(5000), `{"name":${arrays(2000)}}`]) {
      expect(body.length).toBeLessThan(32 * 1024);
      const res = await send(url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'BAD_REQUEST',
        message: TOO_DEEP,
        form: { errors: [TOO_DEEP] },
      });
    }
  });

  it('lets a body at the limit through to validation, and does not count brackets inside strings', async () => {
    const atLimit = await send('/api/manage/organization/create', `{"name":${arrays(MAX_JSON_DEPTH - 1)}}`);
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().message).not.toBe(TOO_DEEP);
    expect(atLimit.json().form.fields.name).toBeDefined();
    const inText = await send('/api/auth/forgot-password', JSON.stringify({ email: '['.repeat(5000) }));
    expect(inText.statusCode).toBe(400);
    expect(inText.json().form.fields.email).toBeDefined();
  });

  it('never answers 500 on any route, and anonymous callers of a signed-in route get 401 first', async () => {
    const routes = api.app.routeTable.filter(
      (r) => r.url.startsWith('/api/') && ['POST', 'DELETE'].includes(r.method),
    );
    const failures: string[] = [];
    for (const { method, url, public: open } of routes) {
      const path = url.replace(/:\w+/g, '1');
      for (const body of [arrays(5000), objects(5000)]) {
        const signedIn = await send(path, body, admin.cookie, method as 'POST');
        if (signedIn.statusCode >= 500) failures.push(`${method} ${url}: ${signedIn.statusCode}`);
        const anonymous = await send(path, body, '', method as 'POST');
        const expected = open && !url.startsWith('/api/auth/2fa') ? 400 : 401;
        if (anonymous.statusCode !== expected)
          failures.push(`${method} ${url} anonymous: ${anonymous.statusCode}, expected ${expected}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
