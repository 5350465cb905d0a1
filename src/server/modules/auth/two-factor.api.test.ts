// Two-factor sign-in through the real routes and database: setup, the sign-in step, replay, bursts, recovery codes,
// the profile's turn off and new codes, and the sign-in policy.
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, type Caller, setupApi } from '../../../../test/support/api.js';
import { makeAdmin, makeUser, TEST_PASSWORD, type TestUser } from '../../../../test/support/factories.js';
import { MESSAGES } from '../../../shared/errors.js';
import { SSO_SETTINGS_KEY } from '../../../shared/schemas/sso.js';
import { MAX_FAILED_CODES, TOO_MANY_CODES, totpStep, WRONG_CODE } from './two-factor.service.js';

let api: ApiHarness;
beforeAll(async () => {
  api = await setupApi();
});
afterAll(() => api?.close());

const codeAt = (secret: string, step: number) =>
  TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: step * 30_000,
  });

/** Waits (at most ~3 s) until the current time step has a few seconds left, so a test's codes stay in window. */
async function awayFromStepEdge(): Promise<number> {
  for (;;) {
    const left = 30_000 - (Date.now() % 30_000);
    if (left > 4_000) return totpStep(Date.now());
    await new Promise((r) => setTimeout(r, left + 50));
  }
}

const cookieOf = (res: { cookies: { name: string; value: string }[] }) => {
  const c = res.cookies.find((x) => x.name.endsWith('sd6_session'));
  return c ? `${c.name}=${c.value}` : '';
};

/** Sets 2FA up from the profile; answers the secret and the recovery codes. */
async function enableTwoFactor(user: TestUser): Promise<{ secret: string; recoveryCodes: string[] }> {
  const caller = await api.signIn(user.email, TEST_PASSWORD);
  const start = await caller.post('/api/auth/2fa/setup');
  expect(start.statusCode).toBe(200);
  const { secret } = start.json().setup;
  const step = await awayFromStepEdge();
  const confirm = await caller.post('/api/auth/2fa/setup/confirm', { code: codeAt(secret, step) });
  expect(confirm.statusCode).toBe(200);
  // Later tests choose their own steps.
  await api.db.pool.query('UPDATE users SET totp_last_step = NULL WHERE id = $1', [user.id]);
  await caller.post('/api/auth/logout');
  return { secret, recoveryCodes: confirm.json().recoveryCodes };
}

/** Password step of a user with 2FA: answers a caller with the pending session. */
async function passwordStep(user: TestUser): Promise<Caller & { cookie: string }> {
  const res = await api.anonymous.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ next: '2fa' });
  const cookie = cookieOf(res);
  return { cookie, ...api.callerWithCookie(cookie) };
}

describe('setup from the profile', () => {
  it('shows a QR code and secret, confirms one code, answers ten recovery codes once and writes history', async () => {
    const user = await makeUser(api.db.pool);
    const caller = await api.signIn(user.email, TEST_PASSWORD);
    expect((await caller.get('/api/auth/2fa/status')).json().twoFactor).toMatchObject({
      enabled: false,
      required: false,
    });
    const start = await caller.post('/api/auth/2fa/setup');
    const setup = start.json().setup;
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\/SD6:.*secret=/);
    expect(setup.otpauthUrl).toContain('algorithm=SHA1&digits=6&period=30');
    expect(setup.qrCode).toMatch(/^data:image\/png;base64,/);
    // Kept sealed, never in the clear.
    const stored = await api.db.pool.query('SELECT totp_secret FROM users WHERE id = $1', [user.id]);
    expect(stored.rows[0].totp_secret).not.toContain(setup.secret);
    expect(api.app.secrets.open(stored.rows[0].totp_secret)).toBe(setup.secret);

    const wrong = await caller.post('/api/auth/2fa/setup/confirm', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().form.fields.code).toEqual([WRONG_CODE]);
    const bad = await caller.post('/api/auth/2fa/setup/confirm', { code: '12ab' });
    expect(bad.json().form.fields.code).toEqual(['Enter the 6-digit code from your authenticator app.']);

    const step = await awayFromStepEdge();
    const ok = await caller.post('/api/auth/2fa/setup/confirm', { code: codeAt(setup.secret, step) });
    expect(ok.statusCode).toBe(200);
    const codes: string[] = ok.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z]{4}-[a-z]{4}-[a-z]{4}$/);
    const hashes = await api.db.pool.query('SELECT code_hash FROM recovery_codes WHERE user_id = $1', [
      user.id,
    ]);
    expect(hashes.rows).toHaveLength(10);
    expect(hashes.rows.map((r) => r.code_hash).join()).not.toContain(codes[0]!.replace(/-/g, ''));

    const status = (await caller.get('/api/auth/2fa/status')).json().twoFactor;
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // A second setup is refused while it is on.
    const again = await caller.post('/api/auth/2fa/setup');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Two-factor sign-in is already on.');

    const history = (await caller.get(`/api/history/user/${user.id}`)).json().history.items;
    expect(history[0]).toMatchObject({ field: 'twoFactor', oldValue: 'Off', newValue: 'On' });
  });

  it('needs a session or a pending setup sign-in', async () => {
    expect((await api.anonymous.post('/api/auth/2fa/setup')).statusCode).toBe(401);
    expect((await api.anonymous.post('/api/auth/2fa/setup/confirm', { code: '123456' })).statusCode).toBe(
      401,
    );
    expect((await api.anonymous.get('/api/auth/2fa/status')).statusCode).toBe(401);
  });
});

describe('the sign-in step', () => {
  it('keeps the app closed until the code, then opens a fresh session and records the sign-in', async () => {
    const user = await makeUser(api.db.pool);
    const { secret } = await enableTwoFactor(user);
    const pending = await passwordStep(user);
    expect((await pending.post('/api/user/profile')).statusCode).toBe(401);
    const session = await api.db.pool.query(
      `SELECT stage, ip, user_agent, round(extract(epoch FROM expires_at - now()) / 60)::int AS minutes
         FROM sessions WHERE user_id = $1`,
      [user.id],
    );
    expect(session.rows).toEqual([
      { stage: 'TWO_FACTOR', ip: '127.0.0.1', user_agent: 'lightMyRequest', minutes: 10 },
    ]);

    const step = await awayFromStepEdge();
    const res = await pending.post('/api/auth/2fa', { code: codeAt(secret, step) });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.id });
    const full = cookieOf(res);
    expect(full).not.toBe(pending.cookie);
    expect((await pending.post('/api/user/profile')).statusCode).toBe(401);
    expect((await api.callerWithCookie(full).post('/api/user/profile')).statusCode).toBe(200);
    const after = await api.db.pool.query(
      'SELECT last_sign_in_at IS NOT NULL AS signed, failed_logins FROM users WHERE id = $1',
      [user.id],
    );
    expect(after.rows[0]).toEqual({ signed: true, failed_logins: 0 });
  });

  it('refuses a replayed code and accepts the previous and next steps once each', async () => {
    const user = await makeUser(api.db.pool);
    const { secret } = await enableTwoFactor(user);
    const step = await awayFromStepEdge();

    const previous = await passwordStep(user);
    expect((await previous.post('/api/auth/2fa', { code: codeAt(secret, step - 1) })).statusCode).toBe(200);

    const next = await passwordStep(user);
    expect((await next.post('/api/auth/2fa', { code: codeAt(secret, step + 1) })).statusCode).toBe(200);

    // The same code again, and the current step's (older than the one taken): both refused.
    const replay = await passwordStep(user);
    const again = await replay.post('/api/auth/2fa', { code: codeAt(secret, step + 1) });
    expect(again.statusCode).toBe(400);
    expect(again.json().form.fields.code).toEqual([WRONG_CODE]);
    expect((await replay.post('/api/auth/2fa', { code: codeAt(secret, step) })).statusCode).toBe(400);
    // Two steps away is out of the window.
    expect((await replay.post('/api/auth/2fa', { code: codeAt(secret, step + 3) })).statusCode).toBe(400);
  });

  it('takes one code once even when sent twice at the same moment', async () => {
    const user = await makeUser(api.db.pool);
    const { secret } = await enableTwoFactor(user);
    const a = await passwordStep(user);
    const b = await passwordStep(user);
    const code = codeAt(secret, await awayFromStepEdge());
    const answers = await Promise.all([a.post('/api/auth/2fa', { code }), b.post('/api/auth/2fa', { code })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('accepts each recovery code once', async () => {
    const user = await makeUser(api.db.pool);
    const { recoveryCodes } = await enableTwoFactor(user);
    const first = await passwordStep(user);
    // Case and dashes are forgiven.
    const used = recoveryCodes[3]!;
    const ok = await first.post('/api/auth/2fa', { recoveryCode: used.toUpperCase().replace(/-/g, ' ') });
    expect(ok.statusCode).toBe(200);
    const second = await passwordStep(user);
    const res = await second.post('/api/auth/2fa', { recoveryCode: used });
    expect(res.statusCode).toBe(400);
    expect(res.json().form.fields.recoveryCode).toEqual([
      'This recovery code is not correct or was already used.',
    ]);
    expect((await second.post('/api/auth/2fa', { recoveryCode: recoveryCodes[4] })).statusCode).toBe(200);
  });

  it('checks at most 5 of a burst of 30 wrong codes per sign-in, and the account locks on the second round', async () => {
    const user = await makeUser(api.db.pool);
    const { secret } = await enableTwoFactor(user);
    const step = await awayFromStepEdge();
    const right = codeAt(secret, step);
    const wrongCodes = Array.from({ length: 30 }, (_, i) =>
      String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0'),
    );

    const round = async () => {
      const pending = await passwordStep(user);
      const answers = await Promise.all(wrongCodes.map((code) => pending.post('/api/auth/2fa', { code })));
      const statuses = answers.map((r) => r.statusCode);
      // Only the checked ones answer "wrong code"; the rest find the sign-in ended.
      expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(MAX_FAILED_CODES - 1);
      expect(statuses.every((s) => s === 400 || s === 401)).toBe(true);
      expect((await pending.post('/api/auth/2fa', { code: right })).statusCode).toBe(401);
      return pending;
    };
    await round();
    let row = (
      await api.db.pool.query('SELECT failed_logins, lock_count FROM users WHERE id = $1', [user.id])
    ).rows[0];
    expect(row).toEqual({ failed_logins: MAX_FAILED_CODES, lock_count: 0 });
    await round();
    row = (
      await api.db.pool.query('SELECT lock_count, locked_until > now() AS locked FROM users WHERE id = $1', [
        user.id,
      ])
    ).rows[0];
    expect(row).toEqual({ lock_count: 1, locked: true });
    // Locked: even the right password is refused.
    const refused = await api.anonymous.post('/api/auth/login', {
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(refused.json().message).toBe(MESSAGES.signInFailed);
  });

  it('ends the pending sign-in after 5 wrong codes, one at a time', async () => {
    const user = await makeUser(api.db.pool);
    const { secret } = await enableTwoFactor(user);
    const pending = await passwordStep(user);
    const right = codeAt(secret, await awayFromStepEdge());
    const wrong = right === '111111' ? '222222' : '111111';
    for (let i = 1; i < MAX_FAILED_CODES; i++) {
      expect((await pending.post('/api/auth/2fa', { code: wrong })).statusCode).toBe(400);
    }
    const last = await pending.post('/api/auth/2fa', { code: wrong });
    expect(last.statusCode).toBe(401);
    expect(last.json().message).toBe(TOO_MANY_CODES);
    expect((await api.db.pool.query('SELECT 1 FROM sessions WHERE user_id = $1', [user.id])).rowCount).toBe(
      0,
    );
    expect((await pending.post('/api/auth/2fa', { code: right })).statusCode).toBe(401);
  });

  it('answers 401 before validation without a pending sign-in, and a signed-in session cannot use the step', async () => {
    const user = await makeUser(api.db.pool);
    expect((await api.anonymous.post('/api/auth/2fa', { code: '123456' })).statusCode).toBe(401);
    const caller = await api.signIn(user.email, TEST_PASSWORD);
    expect((await caller.post('/api/auth/2fa', { code: '123456' })).statusCode).toBe(401);
    // Access first: without a sign-in waiting for its code, a bad body is not even read.
    expect((await caller.post('/api/auth/2fa', {})).statusCode).toBe(401);
    expect((await api.anonymous.post('/api/auth/2fa/setup/confirm', {})).statusCode).toBe(401);
    // A sign-in waiting for its code gets the validation errors.
    const withTwoFactor = await makeUser(api.db.pool);
    await enableTwoFactor(withTwoFactor);
    expect((await api.anonymous.get('/api/auth/pending')).json()).toEqual({ next: null });
    const pending = await passwordStep(withTwoFactor);
    expect((await pending.get('/api/auth/pending')).json()).toEqual({ next: '2fa' });
    const both = await pending.post('/api/auth/2fa', { code: '123456', recoveryCode: 'abcd-efgh-ijkl' });
    expect(both.statusCode).toBe(400);
    expect((await pending.post('/api/auth/2fa', {})).json().form.fields.code).toBeDefined();
  });
});

describe('the sign-in policy', () => {
  const setPolicy = (value: object) =>
    api.db.pool.query(
      `INSERT INTO settings (key, value) VALUES ($1, $2)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [SSO_SETTINGS_KEY, JSON.stringify(value)],
    );

  it('makes administrators set 2FA up at sign-in, then signs them in; and they cannot turn it off', async () => {
    await setPolicy({ requireTwoFactor: 'ADMINS' });
    try {
      const admin = await makeAdmin(api.db.pool);
      const res = await api.anonymous.post('/api/auth/login', {
        email: admin.email,
        password: TEST_PASSWORD,
      });
      expect(res.json()).toEqual({ next: '2fa_setup' });
      const pending = api.callerWithCookie(cookieOf(res));
      expect((await pending.post('/api/user/profile')).statusCode).toBe(401);
      // The screens ask which step waits, to take a setup left half-way up again.
      expect((await pending.get('/api/auth/pending')).json()).toEqual({ next: '2fa_setup' });
      // A pending setup sign-in cannot take the other step.
      expect((await pending.post('/api/auth/2fa', { code: '123456' })).statusCode).toBe(401);
      const setup = (await pending.post('/api/auth/2fa/setup')).json().setup;
      const confirm = await pending.post('/api/auth/2fa/setup/confirm', {
        code: codeAt(setup.secret, await awayFromStepEdge()),
      });
      expect(confirm.statusCode).toBe(200);
      expect(confirm.json().recoveryCodes).toHaveLength(10);
      expect(confirm.json().user).toMatchObject({ id: admin.id });
      const full = api.callerWithCookie(cookieOf(confirm));
      expect((await full.post('/api/user/profile')).statusCode).toBe(200);
      expect((await full.get('/api/auth/pending')).json()).toEqual({ next: null });
      expect((await pending.post('/api/user/profile')).statusCode).toBe(401);

      expect((await full.get('/api/auth/2fa/status')).json().twoFactor.required).toBe(true);
      const off = await full.post('/api/auth/2fa/disable', { currentPassword: TEST_PASSWORD });
      expect(off.statusCode).toBe(400);
      expect(off.json().message).toMatch(/required/);

      // Users without the role are not asked.
      const user = await makeUser(api.db.pool);
      const plain = await api.anonymous.post('/api/auth/login', {
        email: user.email,
        password: TEST_PASSWORD,
      });
      expect(plain.json().user).toMatchObject({ id: user.id });
    } finally {
      await setPolicy({});
    }
  });

  it('refuses password sign-in under enforced single sign-on with one answer, right password or not, and counts nothing', async () => {
    const breakGlass = await makeAdmin(api.db.pool);
    await setPolicy({
      enabled: true,
      providerName: 'Contoso ID',
      issuerUrl: 'https://id.example.test',
      clientId: 'sd6',
      enforced: true,
      breakGlassUserId: breakGlass.id,
    });
    try {
      const user = await makeUser(api.db.pool);
      const res = await api.anonymous.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'Password sign-in is turned off for this account. Use "Sign in with Contoso ID".',
      );
      expect(res.cookies).toHaveLength(0);
      const row = await api.db.pool.query('SELECT failed_logins FROM users WHERE id = $1', [user.id]);
      expect(row.rows[0].failed_logins).toBe(0);
      // A wrong password, and an address with no account, get the same answer: a stolen password cannot be
      // confirmed, and no password is checked (nothing counted, no lock however many tries).
      for (const attempt of [
        { email: user.email, password: 'not it at all' },
        { email: 'nobody-here@sd6.test', password: TEST_PASSWORD },
      ]) {
        const other = await api.anonymous.post('/api/auth/login', attempt);
        expect(other.statusCode).toBe(400);
        expect(other.json().message).toBe(res.json().message);
      }
      for (let i = 0; i < 12; i++)
        await api.anonymous.post('/api/auth/login', { email: user.email, password: `guess ${i}` });
      const after = await api.db.pool.query('SELECT failed_logins, locked_until FROM users WHERE id = $1', [
        user.id,
      ]);
      expect(after.rows[0]).toEqual({ failed_logins: 0, locked_until: null });
      // The break-glass administrator's wrong password gets the usual answer.
      const glassWrong = await api.anonymous.post('/api/auth/login', {
        email: breakGlass.email,
        password: 'not it at all',
      });
      expect(glassWrong.json().message).toBe(MESSAGES.signInFailed);
      const glass = await api.anonymous.post('/api/auth/login', {
        email: breakGlass.email,
        password: TEST_PASSWORD,
      });
      expect(glass.json().user).toMatchObject({ id: breakGlass.id });
    } finally {
      await setPolicy({});
    }
  });
});

describe('the profile card', () => {
  it('turns 2FA off with the current password, with history', async () => {
    const user = await makeUser(api.db.pool);
    const { secret } = await enableTwoFactor(user);
    const pending = await passwordStep(user);
    const signed = await pending.post('/api/auth/2fa', { code: codeAt(secret, await awayFromStepEdge()) });
    const me = api.callerWithCookie(cookieOf(signed));
    const wrong = await me.post('/api/auth/2fa/disable', { currentPassword: 'not my password' });
    expect(wrong.json().form.fields.currentPassword).toEqual(['The current password is incorrect.']);
    const off = await me.post('/api/auth/2fa/disable', { currentPassword: TEST_PASSWORD });
    expect(off.statusCode).toBe(200);
    expect(off.json().twoFactor).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    const row = await api.db.pool.query(
      `SELECT totp_secret, totp_enabled_at, (SELECT count(*)::int FROM recovery_codes WHERE user_id = $1) AS codes
         FROM users WHERE id = $1`,
      [user.id],
    );
    expect(row.rows[0]).toEqual({ totp_secret: null, totp_enabled_at: null, codes: 0 });
    const history = (await me.get(`/api/history/user/${user.id}`)).json().history.items;
    expect(history[0]).toMatchObject({ field: 'twoFactor', oldValue: 'On', newValue: 'Off' });
    // Signs in with the password alone again.
    expect((await api.signIn(user.email, TEST_PASSWORD)).cookie).toBeTruthy();
  });

  it('gives new recovery codes for a code from the app (the old ones stop working), rate limited', async () => {
    const user = await makeUser(api.db.pool);
    const { secret, recoveryCodes } = await enableTwoFactor(user);
    const step = await awayFromStepEdge();
    const pending = await passwordStep(user);
    const signed = await pending.post('/api/auth/2fa', { code: codeAt(secret, step - 1) });
    const me = api.callerWithCookie(cookieOf(signed));
    const res = await me.post('/api/auth/2fa/recovery-codes', { code: codeAt(secret, step) });
    expect(res.statusCode).toBe(200);
    const fresh: string[] = res.json().recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);
    const history = (await me.get(`/api/history/user/${user.id}`)).json().history.items;
    expect(history[0]).toMatchObject({ field: 'recoveryCodes', newValue: 'Replaced' });

    const old = await passwordStep(user);
    expect((await old.post('/api/auth/2fa', { recoveryCode: recoveryCodes[0] })).statusCode).toBe(400);
    expect((await old.post('/api/auth/2fa', { recoveryCode: fresh[0] })).statusCode).toBe(200);

    // 5 code checks per 15 minutes (the setup's confirm and the code above were two of them), then 429.
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push((await me.post('/api/auth/2fa/recovery-codes', { code: '000000' })).statusCode);
    expect(answers).toEqual([400, 400, 400, 429, 429]);
  });
});
