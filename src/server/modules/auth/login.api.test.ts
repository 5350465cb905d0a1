// Sign-in, sign-out, lockout, session expiry and rotation through the real routes and database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import { makeUser, TEST_PASSWORD } from '../../../../test/support/factories.js';
import { MESSAGES } from '../../../shared/errors.js';

let api: ApiHarness;
beforeAll(async () => {
  api = await setupApi();
});
afterAll(() => api?.close());

describe('POST /api/auth/login', () => {
  it('signs in with email (any case) and password, sets a hardened cookie and returns the profile', async () => {
    const user = await makeUser(api.db.pool, { firstName: 'Ada', lastName: 'Lovelace' });
    const res = await api.anonymous.post('/api/auth/login', {
      email: user.email.toUpperCase(),
      password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      id: user.id,
      name: 'Ada Lovelace',
      homePage: 'cases',
      isAdmin: false,
    });
    const cookie = res.cookies.find((c) => c.name === 'sd6_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    // at least 128 bits of randomness: 32 bytes base64url
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await api.db.pool.query('SELECT token_hash FROM sessions WHERE user_id = $1', [user.id]);
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0].token_hash).not.toContain(cookie.value);
  });

  it('answers unknown user, wrong password, inactive and locked accounts identically', async () => {
    const user = await makeUser(api.db.pool);
    const inactive = await makeUser(api.db.pool, { active: false });
    const locked = await makeUser(api.db.pool);
    await api.db.pool.query(`UPDATE users SET locked_until = now() + interval '5 minutes' WHERE id = $1`, [
      locked.id,
    ]);
    const answers = await Promise.all([
      api.anonymous.post('/api/auth/login', { email: 'nobody@example.test', password: TEST_PASSWORD }),
      api.anonymous.post('/api/auth/login', { email: user.email, password: 'wrong password here' }),
      api.anonymous.post('/api/auth/login', { email: inactive.email, password: TEST_PASSWORD }),
      api.anonymous.post('/api/auth/login', { email: locked.email, password: TEST_PASSWORD }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: MESSAGES.signInFailed,
        code: 'SIGN_IN_FAILED',
        form: { errors: [], fields: {} },
      });
      expect(res.cookies).toHaveLength(0);
    }
  });

  it('reports every missing field', async () => {
    const res = await api.anonymous.post('/api/auth/login', {});
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().form.fields).sort()).toEqual(['email', 'password']);
  });

  it('locks after 10 failures for 1 minute, doubling up to 15 minutes, and the lock survives a restart', async () => {
    const user = await makeUser(api.db.pool);
    const fail = () =>
      api.anonymous.post('/api/auth/login', { email: user.email, password: 'not the password' });
    for (let i = 0; i < 9; i++) await fail();
    let row = (
      await api.db.pool.query('SELECT failed_logins, locked_until FROM users WHERE id = $1', [user.id])
    ).rows[0];
    expect(row).toMatchObject({ failed_logins: 9, locked_until: null });
    await fail();
    const lockSeconds = async () =>
      (
        await api.db.pool.query<{ s: number }>(
          'SELECT round(extract(epoch FROM locked_until - now()))::int AS s FROM users WHERE id = $1',
          [user.id],
        )
      ).rows[0]!.s;
    expect(await lockSeconds()).toBeGreaterThan(50);
    expect(await lockSeconds()).toBeLessThanOrEqual(60);

    await api.restart();
    // still locked after the restart: the right password is refused
    const refused = await api.anonymous.post('/api/auth/login', {
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(refused.statusCode).toBe(400);

    // the next lock doubles; the sixth and later are capped at 15 minutes
    const expireLock = () =>
      api.db.pool.query("UPDATE users SET locked_until = now() - interval '1 second' WHERE id = $1", [
        user.id,
      ]);
    const expected = [120, 240, 480, 900, 900];
    for (const seconds of expected) {
      await expireLock();
      for (let i = 0; i < 10; i++) await fail();
      const s = await lockSeconds();
      expect(s).toBeGreaterThan(seconds - 10);
      expect(s).toBeLessThanOrEqual(seconds);
    }
    // a successful sign-in after the lock resets the counters
    await expireLock();
    await api.signIn(user.email, TEST_PASSWORD);
    row = (
      await api.db.pool.query('SELECT failed_logins, lock_count, locked_until FROM users WHERE id = $1', [
        user.id,
      ])
    ).rows[0];
    expect(row).toMatchObject({ failed_logins: 0, lock_count: 0, locked_until: null });
  });

  it('checks no more than 10 guesses of a burst before the lock holds, so the right one sent with them fails', async () => {
    const user = await makeUser(api.db.pool);
    const wrong = Array.from({ length: 99 }, (_, i) =>
      api.anonymous.post('/api/auth/login', { email: user.email, password: `wrong guess ${i}` }),
    );
    const right = api.anonymous.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    const answers = await Promise.all([...wrong, right]);
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 400));
    for (const r of answers) expect(r.json().message).toBe(MESSAGES.signInFailed);
    // One lock, from the tenth failure: the other 89 guesses were never checked.
    const { rows } = await api.db.pool.query(
      'SELECT lock_count, failed_logins, locked_until > now() AS locked FROM users WHERE id = $1',
      [user.id],
    );
    expect(rows[0]).toEqual({ lock_count: 1, failed_logins: 0, locked: true });
    const after = await api.anonymous.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(after.statusCode).toBe(400);
  });

  it('issues a new token at every sign-in and ends the one the browser held', async () => {
    const user = await makeUser(api.db.pool);
    const first = await api.signIn(user.email, TEST_PASSWORD);
    const res = await api
      .callerWithCookie(first.cookie)
      .post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    const second = res.cookies.find((c) => c.name === 'sd6_session')!;
    expect(`sd6_session=${second.value}`).not.toBe(first.cookie);
    expect((await first.post('/api/user/profile')).statusCode).toBe(401);
    expect(
      (await api.callerWithCookie(`sd6_session=${second.value}`).post('/api/user/profile')).statusCode,
    ).toBe(200);
  });
});

describe('the signed-in hint cookie', () => {
  const hintOf = (res: { cookies: { name: string; value: string; httpOnly?: boolean }[] }) =>
    res.cookies.find((c) => c.name === 'sd6_signed_in');

  it('is set, readable by the page, beside the session cookie at sign-in and cleared at sign-out', async () => {
    const user = await makeUser(api.db.pool);
    const login = await api.anonymous.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    const hint = hintOf(login)!;
    expect(hint).toMatchObject({ value: '1', path: '/', sameSite: 'Lax' });
    expect(hint.httpOnly).toBeFalsy();
    const session = login.cookies.find((c) => c.name === 'sd6_session')!;
    const caller = api.callerWithCookie(`sd6_session=${session.value}; sd6_signed_in=1`);
    const logout = await caller.post('/api/auth/logout');
    expect(hintOf(logout)?.value).toBe('');
  });

  it('is never set by a failed sign-in, and is cleared when the session has ended (401)', async () => {
    const user = await makeUser(api.db.pool);
    const failed = await api.anonymous.post('/api/auth/login', { email: user.email, password: 'wrong one' });
    expect(hintOf(failed)).toBeUndefined();
    const ended = await api
      .callerWithCookie('sd6_session=not-a-session; sd6_signed_in=1')
      .post('/api/user/profile');
    expect(ended.statusCode).toBe(401);
    expect(hintOf(ended)?.value).toBe('');
    const noSession = await api.callerWithCookie('sd6_signed_in=1').get('/api/auth/options');
    expect(hintOf(noSession)?.value).toBe('');
  });

  it('grants nothing: the hint alone is signed out', async () => {
    const res = await api.callerWithCookie('sd6_signed_in=1').post('/api/user/profile');
    expect(res.statusCode).toBe(401);
  });

  it('is added to a session that predates it', async () => {
    const user = await makeUser(api.db.pool);
    const caller = await api.signIn(user.email, TEST_PASSWORD);
    const res = await caller.post('/api/user/profile');
    expect(res.statusCode).toBe(200);
    expect(hintOf(res)?.value).toBe('1');
  });
});

describe('sessions', () => {
  it('expire after the idle timeout', async () => {
    const user = await makeUser(api.db.pool);
    const caller = await api.signIn(user.email, TEST_PASSWORD);
    expect((await caller.post('/api/user/profile')).statusCode).toBe(200);
    await api.db.pool.query(
      `UPDATE sessions SET last_seen_at = now() - make_interval(mins => $2 + 1) WHERE user_id = $1`,
      [user.id, api.config.sessionIdleMinutes],
    );
    const res = await caller.post('/api/user/profile');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ reason: 'LOGIN', code: 'LOGIN' });
  });

  it('expire at the absolute limit even while in use', async () => {
    const user = await makeUser(api.db.pool);
    const caller = await api.signIn(user.email, TEST_PASSWORD);
    await api.db.pool.query(
      `UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [user.id],
    );
    expect((await caller.post('/api/user/profile')).statusCode).toBe(401);
  });

  it('stores the absolute limit of 12 hours', async () => {
    const user = await makeUser(api.db.pool);
    await api.signIn(user.email, TEST_PASSWORD);
    const { rows } = await api.db.pool.query<{ h: number }>(
      'SELECT round(extract(epoch FROM expires_at - created_at) / 3600)::int AS h FROM sessions WHERE user_id = $1',
      [user.id],
    );
    expect(rows[0]!.h).toBe(12);
  });

  it('end at logout, server-side', async () => {
    const user = await makeUser(api.db.pool);
    const caller = await api.signIn(user.email, TEST_PASSWORD);
    const res = await caller.post('/api/auth/logout');
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'sd6_session')?.value).toBe('');
    expect((await caller.post('/api/user/profile')).statusCode).toBe(401);
    const left = await api.db.pool.query('SELECT 1 FROM sessions WHERE user_id = $1', [user.id]);
    expect(left.rowCount).toBe(0);
  });

  it('end when the user is deactivated', async () => {
    const user = await makeUser(api.db.pool);
    const caller = await api.signIn(user.email, TEST_PASSWORD);
    await api.db.pool.query('UPDATE users SET active = false WHERE id = $1', [user.id]);
    expect((await caller.post('/api/user/profile')).statusCode).toBe(401);
  });
});
