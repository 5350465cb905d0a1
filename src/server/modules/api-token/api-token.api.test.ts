// Personal API tokens: the profile's routes (session only) and Bearer calls (platform/auth.ts).
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import { makeAdmin, makeUser, TEST_PASSWORD } from '../../../../test/support/factories.js';

let api: ApiHarness;
beforeAll(async () => {
  api = await setupApi();
});
afterAll(() => api?.close());

const bearer = (token: string, method: 'GET' | 'POST' | 'DELETE' | 'HEAD', url: string, payload?: object) =>
  api.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });

async function tokenOf(email: string, scope: 'READ' | 'WRITE', expiresIn = '30') {
  const caller = await api.signIn(email, TEST_PASSWORD);
  const res = await caller.post('/api/user/api-tokens', { name: `${scope} token`, scope, expiresIn });
  expect(res.statusCode, res.body).toBe(200);
  return { caller, ...(res.json() as { token: string; item: { id: number } }) };
}

describe('managing your tokens', () => {
  it('creates a token shown once, keeps only its SHA-256, lists and revokes it, with history', async () => {
    const user = await makeUser(api.db.pool);
    const caller = await api.signIn(user.email, TEST_PASSWORD);
    const created = await caller.post('/api/user/api-tokens', {
      name: ' Monitoring ',
      scope: 'READ',
      expiresIn: '90',
    });
    expect(created.statusCode, created.body).toBe(200);
    const { token, item } = created.json();
    expect(token).toMatch(/^sd6_[A-Za-z0-9_-]{43}$/);
    expect(item).toMatchObject({ name: 'Monitoring', scope: 'READ', lastUsed: null, expired: false });
    const days = (Date.parse(item.expires) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThan(90.1);
    const stored = (await api.db.pool.query('SELECT token_hash FROM api_tokens WHERE id = $1', [item.id]))
      .rows[0];
    expect(stored.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify((await api.db.pool.query('SELECT * FROM api_tokens')).rows)).not.toContain(token);

    const never = await caller.post('/api/user/api-tokens', {
      name: 'CI',
      scope: 'WRITE',
      expiresIn: 'never',
    });
    expect(never.json().item.expires).toBeNull();
    const list = await caller.get('/api/user/api-tokens');
    expect(list.json().items.map((t: { name: string }) => t.name)).toEqual(['CI', 'Monitoring']);
    expect(JSON.stringify(list.json())).not.toContain('sd6_');

    expect((await caller.delete(`/api/user/api-tokens/${item.id}`)).json()).toEqual({ ok: true });
    expect((await caller.get('/api/user/api-tokens')).json().items).toHaveLength(1);
    expect((await bearer(token, 'GET', '/api/user/settings')).statusCode).toBe(401);
    expect((await caller.delete(`/api/user/api-tokens/${item.id}`)).statusCode).toBe(404);

    const history = await caller.get(`/api/history/user/${user.id}`);
    const fields = history
      .json()
      .history.items.map((h: { field: string; newValue: string }) => [h.field, h.newValue]);
    expect(fields).toEqual(
      expect.arrayContaining([
        ['apiToken', 'Revoked'],
        ['apiToken', 'Created CI (Read and write)'],
        ['apiToken', 'Created Monitoring (Read only)'],
      ]),
    );
  });

  it('refuses bad input with field messages', async () => {
    const user = await makeUser(api.db.pool);
    const caller = await api.signIn(user.email, TEST_PASSWORD);
    const res = await caller.post('/api/user/api-tokens', { name: '', scope: 'ADMIN', expiresIn: '7' });
    expect(res.statusCode).toBe(400);
    expect(res.json().form.fields).toEqual({
      name: ['This value should not be blank.'],
      scope: ['Please choose one of the offered values.'],
      expiresIn: ['Please choose one of the offered values.'],
    });
  });

  it("answers 404 for another user's token, and for ids past the integer column", async () => {
    const owner = await makeUser(api.db.pool);
    const other = await makeUser(api.db.pool);
    const { item, token } = await tokenOf(owner.email, 'READ');
    const caller = await api.signIn(other.email, TEST_PASSWORD);
    expect((await caller.delete(`/api/user/api-tokens/${item.id}`)).statusCode).toBe(404);
    expect((await caller.delete('/api/user/api-tokens/2147483648')).statusCode).toBe(404);
    expect((await caller.delete('/api/user/api-tokens/99999999999999999999')).statusCode).toBe(404);
    expect((await bearer(token, 'GET', '/api/user/settings')).statusCode).toBe(200);
  });

  it('may not be done with a token (session only)', async () => {
    const user = await makeUser(api.db.pool);
    const { token, item } = await tokenOf(user.email, 'WRITE');
    expect((await bearer(token, 'GET', '/api/user/api-tokens')).statusCode).toBe(403);
    const made = await bearer(token, 'POST', '/api/user/api-tokens', {
      name: 'x',
      scope: 'WRITE',
      expiresIn: '30',
    });
    expect(made.statusCode).toBe(403);
    expect(made.json()).toMatchObject({ message: 'Access Denied.', code: 'FORBIDDEN' });
    expect((await bearer(token, 'DELETE', `/api/user/api-tokens/${item.id}`)).statusCode).toBe(403);
    expect(
      (await api.db.pool.query('SELECT count(*)::int AS n FROM api_tokens WHERE user_id = $1', [user.id]))
        .rows[0].n,
    ).toBe(1);
  });

  it('never change how the user signs in: password and two-factor routes are session only', async () => {
    const user = await makeUser(api.db.pool);
    const { token } = await tokenOf(user.email, 'WRITE');
    const password = await bearer(token, 'POST', '/api/user/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a brand new passphrase',
      confirmPassword: 'a brand new passphrase',
    });
    expect(password.statusCode).toBe(403);
    for (const url of ['/api/auth/2fa/setup', '/api/auth/2fa/setup/confirm', '/api/auth/2fa/recovery-codes'])
      expect((await bearer(token, 'POST', url, { code: '123456' })).statusCode, url).toBe(403);
    expect(
      (await bearer(token, 'POST', '/api/auth/2fa/disable', { currentPassword: TEST_PASSWORD })).statusCode,
    ).toBe(403);
    expect((await api.signIn(user.email, TEST_PASSWORD)).cookie).toBeTruthy();
  });
});

describe('Bearer calls', () => {
  it('act as the token user: same answers, same refusals', async () => {
    const tech = await makeUser(api.db.pool);
    const { token } = await tokenOf(tech.email, 'WRITE');
    const settings = await bearer(token, 'GET', '/api/user/settings');
    expect(settings.statusCode).toBe(200);
    expect(settings.json().user.email).toBe(tech.email);
    // an administrators-only route with a technician's token
    const staff = await bearer(token, 'GET', '/api/admin/staff');
    expect(staff.statusCode).toBe(403);
    expect(staff.json()).toMatchObject({ message: 'Access Denied.', code: 'FORBIDDEN' });

    const admin = await makeAdmin(api.db.pool);
    const adminToken = (await tokenOf(admin.email, 'READ')).token;
    expect((await bearer(adminToken, 'GET', '/api/admin/staff')).statusCode).toBe(200);
  });

  it('need no X-Requested-With header, ignore cookies and never set one', async () => {
    const user = await makeUser(api.db.pool);
    const { token, caller } = await tokenOf(user.email, 'WRITE');
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/user/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(user.email);
    expect(res.headers['set-cookie']).toBeUndefined();
    // a bad token with a good cookie is still refused: the cookie is not read
    const mixed = await api.app.inject({
      method: 'GET',
      url: '/api/user/settings',
      headers: { authorization: 'Bearer sd6_nope', cookie: caller.cookie },
    });
    expect(mixed.statusCode).toBe(401);
    // a sign-in with a Bearer header gets no session cookie
    const login = await api.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { authorization: `Bearer ${token}` },
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(login.headers['set-cookie']).toBeUndefined();
  });

  it('with a READ token may only GET and HEAD', async () => {
    const user = await makeUser(api.db.pool);
    const { token } = await tokenOf(user.email, 'READ');
    expect((await bearer(token, 'GET', '/api/user/settings')).statusCode).toBe(200);
    expect((await bearer(token, 'HEAD', '/api/user/settings')).statusCode).toBe(200);
    const write = await bearer(token, 'POST', '/api/user/profile');
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ message: 'Access Denied.', code: 'FORBIDDEN' });
  });

  it('refuse unknown, malformed, expired and revoked tokens and inactive users with the LOGIN answer', async () => {
    const user = await makeUser(api.db.pool);
    const { token, item } = await tokenOf(user.email, 'WRITE');
    const login = {
      message: 'Your session has ended. Please log in again.',
      code: 'LOGIN',
      reason: 'LOGIN',
      form: { errors: [], fields: {} },
    };
    for (const header of [
      'Bearer sd6_unknown',
      'Bearer ',
      'Bearer',
      `Bearer ${token.slice(0, -1)}x`,
      'bearer abc',
    ]) {
      const res = await api.app.inject({
        method: 'GET',
        url: '/api/user/settings',
        headers: { authorization: header },
      });
      expect(res.statusCode, header).toBe(401);
      expect(res.json(), header).toEqual(login);
    }
    // a public route with a bad token is refused too: the caller meant to be someone
    const publicRoute = await bearer('sd6_unknown', 'POST', '/api/auth/login', {
      email: user.email,
      password: 'x',
    });
    expect(publicRoute.statusCode).toBe(401);

    await api.db.pool.query(`UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      item.id,
    ]);
    expect((await bearer(token, 'GET', '/api/user/settings')).json()).toEqual(login);
    await api.db.pool.query(`UPDATE api_tokens SET expires_at = NULL, revoked_at = now() WHERE id = $1`, [
      item.id,
    ]);
    expect((await bearer(token, 'GET', '/api/user/settings')).statusCode).toBe(401);
    await api.db.pool.query(`UPDATE api_tokens SET revoked_at = NULL WHERE id = $1`, [item.id]);
    expect((await bearer(token, 'GET', '/api/user/settings')).statusCode).toBe(200);
    await api.db.pool.query('UPDATE users SET active = false WHERE id = $1', [user.id]);
    expect((await bearer(token, 'GET', '/api/user/settings')).statusCode).toBe(401);
  });

  it('touch last used at most once a minute', async () => {
    const user = await makeUser(api.db.pool);
    const { token, item, caller } = await tokenOf(user.email, 'READ');
    await bearer(token, 'GET', '/api/user/settings');
    const first = (await api.db.pool.query('SELECT last_used_at FROM api_tokens WHERE id = $1', [item.id]))
      .rows[0].last_used_at as Date;
    expect(first).toBeInstanceOf(Date);
    await bearer(token, 'GET', '/api/user/settings');
    const second = (await api.db.pool.query('SELECT last_used_at FROM api_tokens WHERE id = $1', [item.id]))
      .rows[0].last_used_at as Date;
    expect(second.getTime()).toBe(first.getTime());
    await api.db.pool.query(
      `UPDATE api_tokens SET last_used_at = now() - interval '2 minutes' WHERE id = $1`,
      [item.id],
    );
    await bearer(token, 'GET', '/api/user/settings');
    const listed = (await caller.get('/api/user/api-tokens')).json().items[0];
    expect(Date.now() - Date.parse(listed.lastUsed)).toBeLessThan(60_000);
  });
});
