// /api/admin/staff/:id/security: sign-in administration of a staff member, every action with field history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, type Caller, setupApi } from '../../../../test/support/api.js';
import { makeAdmin, makeUser, TEST_PASSWORD, type TestUser } from '../../../../test/support/factories.js';
import { hashToken } from '../../platform/sessions.js';

let api: ApiHarness;
let admin: TestUser;
let adminCaller: Caller & { cookie: string };
beforeAll(async () => {
  api = await setupApi();
  admin = await makeAdmin(api.db.pool);
  adminCaller = await api.signIn(admin.email, TEST_PASSWORD);
});
afterAll(() => api?.close());

const path = (id: number | string) => `/api/admin/staff/${id}/security`;

async function historyOf(id: number) {
  const res = await adminCaller.get(`/api/history/user/${id}?limit=100`);
  return res
    .json()
    .history.items.map((h: { field: string; oldValue: string | null; newValue: string | null }) => ({
      field: h.field,
      oldValue: h.oldValue,
      newValue: h.newValue,
    }));
}

describe('staff security', () => {
  it('is for administrators only: technicians get 403 on every route, before validation', async () => {
    const tech = await makeUser(api.db.pool);
    const caller = await api.signIn(tech.email, TEST_PASSWORD);
    const id = tech.id;
    const calls = [
      caller.get(path(id)),
      caller.post(`${path(id)}/access`, { roles: ['ROLE_ADMIN'], active: true, version: 0 }),
      caller.post(`${path(id)}/access`, { roles: 'nonsense' }),
      caller.post(`${path(id)}/two-factor/reset`),
      caller.delete(`${path(id)}/sessions`),
      caller.delete(`${path(id)}/sessions/1`),
      caller.post(`${path(id)}/unlock`),
      caller.post(`${path(id)}/password-reset`),
      caller.delete(`${path(id)}/api-tokens/1`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: 'Access Denied.', code: 'FORBIDDEN' });
    }
    expect((await api.db.pool.query('SELECT roles FROM users WHERE id = $1', [id])).rows[0].roles).toEqual([
      'ROLE_USER',
    ]);
  });

  it('answers 404 for unknown staff and for ids past the integer column', async () => {
    for (const id of ['999999', '2147483648', '99999999999999999999', 'abc']) {
      expect((await adminCaller.get(path(id))).statusCode, id).toBe(404);
      expect((await adminCaller.post(`${path(id)}/unlock`)).statusCode, id).toBe(404);
      expect((await adminCaller.post(`${path(id)}/password-reset`)).statusCode, id).toBe(404);
      expect((await adminCaller.post(`${path(id)}/two-factor/reset`)).statusCode, id).toBe(404);
      expect((await adminCaller.delete(`${path(id)}/sessions`)).statusCode, id).toBe(404);
    }
    const user = await makeUser(api.db.pool);
    expect((await adminCaller.delete(`${path(user.id)}/sessions/2147483648`)).statusCode).toBe(404);
    expect((await adminCaller.delete(`${path(user.id)}/api-tokens/2147483648`)).statusCode).toBe(404);
  });

  it('shows sessions with method, IP and browser; revoking one ends it (its cookie gets 401), with history', async () => {
    const user = await makeUser(api.db.pool);
    const chrome =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    const login = await api.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'user-agent': chrome },
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    const set = login.cookies.find((c) => c.name.endsWith('sd6_session'))!;
    const first = api.callerWithCookie(`${set.name}=${set.value}`);
    // What the sign-in records of its client (sessions.ts createSession), set here whatever the login route passes.
    await api.db.pool.query(
      `UPDATE sessions SET user_agent = $2, ip = coalesce(ip, '203.0.113.7') WHERE token_hash = $1`,
      [hashToken(set.value), chrome],
    );
    const second = await api.signIn(user.email, TEST_PASSWORD);

    const res = await adminCaller.get(path(user.id));
    expect(res.statusCode, res.body).toBe(200);
    const security = res.json().security;
    expect(security.staff).toMatchObject({ id: user.id, email: user.email });
    expect(security.twoFactor).toEqual({ enabled: false, since: null, recoveryCodesLeft: 0 });
    expect(security.sessions).toHaveLength(2);
    const chromeSession = security.sessions.find(
      (s: { browser: string }) => s.browser === 'Chrome 131 on Windows',
    );
    expect(chromeSession).toMatchObject({ method: 'PASSWORD', stage: null });
    expect(chromeSession.ip).toBeTruthy();
    expect(res.json().formOptions.roles.length).toBeGreaterThan(1);

    const after = await adminCaller.delete(`${path(user.id)}/sessions/${chromeSession.id}`);
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().security.sessions).toHaveLength(1);
    expect((await first.get('/api/user/settings')).statusCode).toBe(401);
    expect((await second.get('/api/user/settings')).statusCode).toBe(200);
    // a session of somebody else through this user's path: 404
    const adminSession = (
      await api.db.pool.query('SELECT id FROM sessions WHERE user_id = $1 LIMIT 1', [admin.id])
    ).rows[0].id;
    expect((await adminCaller.delete(`${path(user.id)}/sessions/${adminSession}`)).statusCode).toBe(404);

    const all = await adminCaller.delete(`${path(user.id)}/sessions`);
    expect(all.json().security.sessions).toEqual([]);
    expect((await second.get('/api/user/settings')).statusCode).toBe(401);
    const history = await historyOf(user.id);
    expect(history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'sessions', newValue: 'Revoked' }),
        { field: 'sessions', oldValue: null, newValue: 'All revoked (1 ended)' },
      ]),
    );
    expect(history.find((h: { newValue: string }) => h.newValue === 'Revoked').oldValue).toContain(
      'Chrome 131 on Windows',
    );
  });

  it("keeps the administrator's own current session when they revoke all of their own", async () => {
    const other = await makeAdmin(api.db.pool);
    const a = await api.signIn(other.email, TEST_PASSWORD);
    const b = await api.signIn(other.email, TEST_PASSWORD);
    const sessionIds = (
      await api.db.pool.query('SELECT id, token_hash FROM sessions WHERE user_id = $1', [other.id])
    ).rows;
    const current = sessionIds.find((r) => r.token_hash === hashToken(a.cookie.split('=')[1]!))!;
    const refused = await a.delete(`${path(other.id)}/sessions/${current.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().form.errors).toEqual(['This is the session you are using now: sign out instead.']);
    const res = await a.delete(`${path(other.id)}/sessions`);
    expect(res.statusCode).toBe(200);
    expect(res.json().security.sessions).toHaveLength(1);
    expect((await a.get('/api/user/settings')).statusCode).toBe(200);
    expect((await b.get('/api/user/settings')).statusCode).toBe(401);
  });

  it('unlocks a locked user: failed sign-ins, lock count and lock cleared, with history', async () => {
    const user = await makeUser(api.db.pool);
    await api.db.pool.query(
      `UPDATE users SET failed_logins = 7, lock_count = 2, locked_until = now() + interval '1 hour' WHERE id = $1`,
      [user.id],
    );
    const locked = (await adminCaller.get(path(user.id))).json().security;
    expect(locked.failedLogins).toBe(7);
    expect(Date.parse(locked.lockedUntil)).toBeGreaterThan(Date.now());
    const refused = await api.anonymous.post('/api/auth/login', {
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(refused.statusCode).not.toBe(200);

    const res = await adminCaller.post(`${path(user.id)}/unlock`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().security).toMatchObject({ failedLogins: 0, lockedUntil: null });
    const row = (
      await api.db.pool.query('SELECT failed_logins, lock_count, locked_until FROM users WHERE id = $1', [
        user.id,
      ])
    ).rows[0];
    expect(row).toEqual({ failed_logins: 0, lock_count: 0, locked_until: null });
    expect(
      (await api.anonymous.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD }))
        .statusCode,
    ).toBe(200);
    const history = await historyOf(user.id);
    expect(history).toContainEqual(
      expect.objectContaining({
        field: 'locked',
        newValue: 'No',
        oldValue: 'Yes',
      }),
    );
  });

  it('resets two-factor sign-in: secret, step and recovery codes gone, sessions ended, with history', async () => {
    const user = await makeUser(api.db.pool);
    const session = await api.signIn(user.email, TEST_PASSWORD);
    await api.db.pool.query(
      `UPDATE users SET totp_secret = 'sealed', totp_enabled_at = now() - interval '3 days', totp_last_step = 123
        WHERE id = $1`,
      [user.id],
    );
    for (const [i, used] of [
      [1, false],
      [2, false],
      [3, true],
    ] as const) {
      await api.db.pool.query(
        `INSERT INTO recovery_codes (user_id, code_hash, used_at) VALUES ($1, $2, ${used ? 'now()' : 'NULL'})`,
        [user.id, `hash${i}`],
      );
    }
    const before = (await adminCaller.get(path(user.id))).json().security.twoFactor;
    expect(before.enabled).toBe(true);
    expect(before.recoveryCodesLeft).toBe(2);
    expect(Date.parse(before.since)).toBeLessThan(Date.now() - 2 * 86_400_000);

    const res = await adminCaller.post(`${path(user.id)}/two-factor/reset`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().security.twoFactor).toEqual({ enabled: false, since: null, recoveryCodesLeft: 0 });
    const row = (
      await api.db.pool.query(
        'SELECT totp_secret, totp_enabled_at, totp_last_step FROM users WHERE id = $1',
        [user.id],
      )
    ).rows[0];
    expect(row).toEqual({ totp_secret: null, totp_enabled_at: null, totp_last_step: null });
    expect(
      (await api.db.pool.query('SELECT count(*)::int AS n FROM recovery_codes WHERE user_id = $1', [user.id]))
        .rows[0].n,
    ).toBe(0);
    expect((await session.get('/api/user/settings')).statusCode).toBe(401);
    const history = await historyOf(user.id);
    expect(history).toContainEqual(expect.objectContaining({ field: 'twoFactor', newValue: 'Reset (off)' }));
    expect(history).toContainEqual({ field: 'sessions', oldValue: null, newValue: '1 ended' });

    const again = await adminCaller.post(`${path(user.id)}/two-factor/reset`);
    expect(again.statusCode).toBe(400);
    expect(again.json().form.errors).toEqual(['Two-factor sign-in is not set up for this staff member.']);
  });

  it('sends a password reset mail through the reset service, with history', async () => {
    const user = await makeUser(api.db.pool);
    const res = await adminCaller.post(`${path(user.id)}/password-reset`);
    expect(res.statusCode, res.body).toBe(200);
    const mail = (
      await api.db.pool.query('SELECT subject, text FROM mail_messages WHERE "to" = $1', [user.email])
    ).rows;
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe('Reset your SD6 password');
    expect(mail[0].text).toMatch(/An administrator asked/);
    expect(mail[0].text).toMatch(/\/forgot_password\/reset\/[A-Za-z0-9_-]{43}/);
    const reset = (
      await api.db.pool.query(
        'SELECT requested_by FROM password_resets WHERE user_id = $1 AND used_at IS NULL',
        [user.id],
      )
    ).rows;
    expect(reset).toEqual([{ requested_by: admin.id }]);
    expect(await historyOf(user.id)).toContainEqual({
      field: 'passwordResetMail',
      oldValue: null,
      newValue: `Sent to ${user.email}`,
    });
  });

  it("lists and revokes a user's API tokens", async () => {
    const user = await makeUser(api.db.pool);
    const own = await api.signIn(user.email, TEST_PASSWORD);
    const { token, item } = (
      await own.post('/api/user/api-tokens', { name: 'Sync', scope: 'WRITE', expiresIn: '30' })
    ).json();
    const listed = (await adminCaller.get(path(user.id))).json().security.apiTokens;
    expect(listed).toEqual([expect.objectContaining({ id: item.id, name: 'Sync', scope: 'WRITE' })]);
    // through the user route, an administrator cannot revoke somebody else's token either
    expect((await adminCaller.delete(`/api/user/api-tokens/${item.id}`)).statusCode).toBe(404);
    // nor through another staff member's path
    expect((await adminCaller.delete(`${path(admin.id)}/api-tokens/${item.id}`)).statusCode).toBe(404);
    const res = await adminCaller.delete(`${path(user.id)}/api-tokens/${item.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().security.apiTokens).toEqual([]);
    const call = await api.app.inject({
      method: 'GET',
      url: '/api/user/settings',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(call.statusCode).toBe(401);
    expect(await historyOf(user.id)).toContainEqual({
      field: 'apiToken',
      oldValue: 'Sync (Read and write)',
      newValue: 'Revoked',
    });
  });

  it('saves roles and the active flag through the staff service (validation, versions and history are one)', async () => {
    const user = await makeUser(api.db.pool);
    const session = await api.signIn(user.email, TEST_PASSWORD);
    const version = (await adminCaller.get(path(user.id))).json().security.staff.version;
    const res = await adminCaller.post(`${path(user.id)}/access`, {
      roles: ['ROLE_USER', 'ROLE_ADMIN'],
      active: true,
      version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().security.staff).toMatchObject({
      roles: ['ROLE_USER', 'ROLE_ADMIN'],
      version: version + 1,
    });
    expect(await historyOf(user.id)).toContainEqual({
      field: 'roles',
      oldValue: 'ROLE_USER',
      newValue: 'ROLE_USER, ROLE_ADMIN',
    });
    const stale = await adminCaller.post(`${path(user.id)}/access`, {
      roles: ['ROLE_USER'],
      active: false,
      version,
    });
    expect(stale.statusCode).toBe(409);
    const empty = await adminCaller.post(`${path(user.id)}/access`, {
      roles: [],
      active: true,
      version: version + 1,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().form.fields.roles).toEqual(['Choose at least one role.']);
    const off = await adminCaller.post(`${path(user.id)}/access`, {
      roles: ['ROLE_USER'],
      active: false,
      version: version + 1,
    });
    expect(off.json().security.staff.active).toBe(false);
    expect((await session.get('/api/user/settings')).statusCode).toBe(401);
  });

  it('refuses an administrator locking themself out', async () => {
    const version = (await adminCaller.get(path(admin.id))).json().security.staff.version;
    const deactivate = await adminCaller.post(`${path(admin.id)}/access`, {
      roles: ['ROLE_USER', 'ROLE_ADMIN'],
      active: false,
      version,
    });
    expect(deactivate.statusCode).toBe(400);
    expect(deactivate.json().form.fields).toEqual({ active: ['You cannot deactivate yourself.'] });
    const demote = await adminCaller.post(`${path(admin.id)}/access`, {
      roles: ['ROLE_USER'],
      active: true,
      version,
    });
    expect(demote.json().form.fields).toEqual({ roles: ['You cannot remove your own administrator role.'] });
    expect((await adminCaller.get(path(admin.id))).json().security.staff).toMatchObject({
      active: true,
      version,
    });
  });
});
