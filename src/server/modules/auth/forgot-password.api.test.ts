// Forgot password through the real routes and database: the same answer for every address, the mail, rate limits,
// and the reset link (single use, expiry, unknown) that ends every session of the user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import { makeUser, TEST_PASSWORD } from '../../../../test/support/factories.js';
import { RESET_LINK_INVALID, RESET_MAIL_SENT, RESET_TOO_MANY } from './password-reset.service.js';

let api: ApiHarness;
beforeAll(async () => {
  api = await setupApi({ publicUrl: 'https://sd6.example.test' });
});
afterAll(() => api?.close());

let client = 0;
/** Each test asks from an address of its own, so the per-client limit of one test does not touch another. */
const from = () => `10.1.0.${++client}`;
const ask = (email: string, ip = from()) =>
  api.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    headers: { 'x-requested-with': 'XMLHttpRequest' },
    remoteAddress: ip,
    payload: { email },
  });

/** The token of the newest mail to `email` (the link's last path part). */
async function mailedToken(email: string): Promise<string> {
  const { rows } = await api.db.pool.query<{ text: string }>(
    `SELECT text FROM mail_messages WHERE "to" = $1 ORDER BY id DESC LIMIT 1`,
    [email],
  );
  const link = rows[0]?.text.match(/https:\/\/sd6\.example\.test\/forgot_password\/reset\/([A-Za-z0-9_-]+)/);
  if (!link) throw new Error(`no reset mail to ${email}`);
  return link[1]!;
}

const reset = (token: string, password: string, confirm = password) =>
  api.anonymous.post(`/api/auth/reset-password/${token}`, {
    newPassword: password,
    confirmPassword: confirm,
  });

describe('POST /api/auth/forgot-password', () => {
  it('answers the same for an active, an inactive and an unknown address, and mails only the active user', async () => {
    const user = await makeUser(api.db.pool, { firstName: 'Grace' });
    const inactive = await makeUser(api.db.pool, { active: false });
    const answers = await Promise.all([
      ask(user.email.toUpperCase()),
      ask(inactive.email),
      ask('nobody@example.test'),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: RESET_MAIL_SENT });
    }
    const mail = await api.db.pool.query(
      `SELECT "to", subject, status, text FROM mail_messages WHERE "to" = ANY($1)`,
      [[user.email, inactive.email, 'nobody@example.test']],
    );
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0]).toMatchObject({
      to: user.email,
      subject: 'Reset your SD6 password',
      status: 'CAUGHT',
    });
    expect(mail.rows[0].text).toContain('Hello Grace,');
    const token = await mailedToken(user.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash is kept, valid 30 minutes.
    const stored = await api.db.pool.query(
      `SELECT token_hash, round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes
         FROM password_resets WHERE user_id = $1`,
      [user.id],
    );
    expect(stored.rows[0].token_hash).not.toContain(token);
    expect(stored.rows[0].minutes).toBe(30);
  });

  it('reports a missing address as a field error', async () => {
    const res = await api.anonymous.post('/api/auth/forgot-password', { email: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().form.fields.email).toEqual(['Enter your email address.']);
  });

  it('allows 3 requests per address in 15 minutes, whoever asks, then answers 429 for known and unknown alike', async () => {
    const user = await makeUser(api.db.pool);
    for (let i = 0; i < 3; i++) expect((await ask(user.email)).statusCode).toBe(200);
    const over = await ask(user.email);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(RESET_TOO_MANY);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) await ask('ghost@example.test');
    const unknown = await ask('ghost@example.test');
    expect(unknown.statusCode).toBe(429);
    expect(unknown.json()).toEqual(over.json());
    const mails = await api.db.pool.query('SELECT 1 FROM mail_messages WHERE "to" = $1', [user.email]);
    expect(mails.rowCount).toBe(3);
  });

  it('allows 20 requests per client address in an hour, counted atomically across concurrent requests', async () => {
    const ip = from();
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => ask(`someone${i}@example.test`, ip)),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const { rows } = await api.db.pool.query('SELECT count FROM rate_limits WHERE key = $1', [
      `forgot:ip:${ip}`,
    ]);
    expect(rows).toEqual([{ count: 25 }]);
  });
});

describe('the reset link', () => {
  it('sets a new password once, clears the lock, ends every session and writes history', async () => {
    const user = await makeUser(api.db.pool);
    const first = await api.signIn(user.email, TEST_PASSWORD);
    const second = await api.signIn(user.email, TEST_PASSWORD);
    await api.db.pool.query(
      `UPDATE users SET failed_logins = 4, lock_count = 2, locked_until = now() + interval '5 minutes' WHERE id = $1`,
      [user.id],
    );
    await ask(user.email);
    const token = await mailedToken(user.email);

    const check = await api.anonymous.get(`/api/auth/reset-password/${token}`);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ email: user.email });

    const short = await reset(token, 'short');
    expect(short.json().form.fields.newPassword).toEqual(['Use at least 12 characters.']);
    const mismatch = await reset(token, 'a brand new password', 'another password!');
    expect(mismatch.json().form.fields.confirmPassword).toEqual(['The two passwords do not match.']);

    const ok = await reset(token, 'a brand new password');
    expect(ok.statusCode).toBe(200);
    expect((await first.post('/api/user/profile')).statusCode).toBe(401);
    expect((await second.post('/api/user/profile')).statusCode).toBe(401);
    expect((await api.db.pool.query('SELECT 1 FROM sessions WHERE user_id = $1', [user.id])).rowCount).toBe(
      0,
    );
    const row = await api.db.pool.query(
      `SELECT failed_logins, lock_count, locked_until, password_changed_at IS NOT NULL AS changed FROM users WHERE id = $1`,
      [user.id],
    );
    expect(row.rows[0]).toEqual({ failed_logins: 0, lock_count: 0, locked_until: null, changed: true });
    const history = await api.db.pool.query(
      `SELECT field, old_value, new_value, actor_id FROM field_history WHERE entity = 'user' AND entity_id = $1 ORDER BY id`,
      [user.id],
    );
    expect(history.rows).toContainEqual({
      field: 'password',
      old_value: null,
      new_value: 'changed',
      actor_id: user.id,
    });

    // The old password no longer works, the new one does.
    expect(
      (await api.anonymous.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD }))
        .statusCode,
    ).toBe(400);
    await api.signIn(user.email, 'a brand new password');

    // Used: refused with the one message, for the check and the reset.
    const again = await reset(token, 'yet another password');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(RESET_LINK_INVALID);
    expect((await api.anonymous.get(`/api/auth/reset-password/${token}`)).json().message).toBe(
      RESET_LINK_INVALID,
    );
  });

  it('works once even when sent twice at the same moment', async () => {
    const user = await makeUser(api.db.pool);
    await ask(user.email);
    const token = await mailedToken(user.email);
    const answers = await Promise.all([
      reset(token, 'first new password'),
      reset(token, 'second new password'),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses an expired, an unknown, a malformed and a superseded link with the same message', async () => {
    const user = await makeUser(api.db.pool);
    await ask(user.email);
    const older = await mailedToken(user.email);
    await ask(user.email);
    const newer = await mailedToken(user.email);
    // Only the newest link works.
    expect((await reset(older, 'a brand new password')).json().message).toBe(RESET_LINK_INVALID);
    await api.db.pool.query(
      `UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [user.id],
    );
    for (const token of [newer, 'x'.repeat(43), 'not a token!']) {
      const check = await api.anonymous.get(`/api/auth/reset-password/${encodeURIComponent(token)}`);
      expect(check.statusCode).toBe(400);
      expect(check.json().message).toBe(RESET_LINK_INVALID);
      const res = await reset(encodeURIComponent(token), 'a brand new password');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(RESET_LINK_INVALID);
    }
    // Nothing changed.
    await api.signIn(user.email, TEST_PASSWORD);
  });
});
