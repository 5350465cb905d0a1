// Single sign-on against a real OpenID Connect provider on loopback (test/support/oidc-provider.ts): the login
// shell's options, the PKCE start, the full round trip (link by email, by subject, auto-create, refusals, replay),
// and the administrators' settings (validation, secret never returned, 409, history, test connection).
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import { makeAdmin, makeUser, TEST_PASSWORD } from '../../../../test/support/factories.js';
import { startOidcProvider, type TestProvider } from '../../../../test/support/oidc-provider.js';
import { SSO_ERRORS, SSO_TEXTS } from '../../../shared/schemas/sso.js';
import { START_LIMIT } from './sso.routes.js';

const PUBLIC_URL = 'http://sd6.test';
const CALLBACK = `${PUBLIC_URL}/api/auth/sso/callback`;

let api: ApiHarness;
let provider: TestProvider;
let admin: Awaited<ReturnType<ApiHarness['signIn']>>;
let adminId: number;
let version = 0;

type SettingsOver = Partial<{
  enabled: boolean;
  providerName: string;
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  allowedDomains: string[];
  autoCreateUsers: boolean;
  enforced: boolean;
  breakGlassUser: number | null;
  requireTwoFactor: string;
}>;

/** Saves the settings through the admin route (the provider's client unless overridden). */
async function saveSettings(over: SettingsOver = {}) {
  const res = await admin.post('/api/admin/sso', {
    version,
    enabled: true,
    providerName: 'Test Provider',
    issuerUrl: provider.issuer,
    clientId: provider.clientId,
    clientSecret: '',
    allowedDomains: [],
    autoCreateUsers: false,
    enforced: false,
    breakGlassUser: null,
    requireTwoFactor: 'NONE',
    ...over,
  });
  if (res.statusCode === 200) version = res.json().ssoSettings.version;
  return res;
}

/** Start -> the provider (signed in as `login`) -> our callback; the callback's answer. */
async function ssoSignIn(login: string | { cancel: true }, returnTo?: string) {
  const q = returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(returnTo)}`;
  const start = await api.anonymous.get(`/api/auth/sso/start${q}`);
  expect(start.statusCode).toBe(302);
  const back = await provider.signInAt(String(start.headers.location), login);
  expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
  const cookie = stateCookie(start);
  const res = await api.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie },
  });
  return { res, callbackUrl: `${back.pathname}${back.search}`, cookie };
}

/** The cookie that ties a sign-in to the browser that started it. */
const stateCookie = (res: { cookies: { name: string; value: string; path?: string }[] }) => {
  const c = res.cookies.find((k) => k.name === 'sd6_sso_state');
  expect(c?.path).toBe('/api/auth/sso/callback');
  return `${c!.name}=${c!.value}`;
};

const sessionCookie = (res: { cookies: { name: string; value: string }[] }) => {
  const c = res.cookies.find((k) => k.name.endsWith('sd6_session') && k.value);
  return c ? `${c.name}=${c.value}` : null;
};

beforeAll(async () => {
  api = await setupApi({ publicUrl: PUBLIC_URL });
  provider = await startOidcProvider({ redirectUris: [CALLBACK] });
  const a = await makeAdmin(api.db.pool, { firstName: 'Ada', lastName: 'Admin' });
  adminId = a.id;
  admin = await api.signIn(a.email, TEST_PASSWORD);
});
afterAll(async () => {
  await provider?.close();
  await api?.close();
});

describe('before single sign-on is set up', () => {
  it('offers no single sign-on, and start and callback send the browser to /sso?error=off', async () => {
    expect((await api.anonymous.get('/api/auth/options')).json()).toEqual({ sso: null, enforced: false });
    const start = await api.anonymous.get('/api/auth/sso/start');
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe('/sso?error=off');
  });

  it('keeps the settings pages to administrators', async () => {
    const tech = await api.signIn((await makeUser(api.db.pool)).email, TEST_PASSWORD);
    for (const res of await Promise.all([
      tech.get('/api/admin/sso'),
      tech.post('/api/admin/sso', {}),
      tech.post('/api/admin/sso/test', { issuerUrl: provider.issuer }),
      tech.get('/api/history/sso-settings/1'),
    ])) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Access Denied.');
    }
  });
});

describe('the settings', () => {
  it('shows the defaults and the redirect URI to register', async () => {
    const res = await admin.get('/api/admin/sso');
    expect(res.statusCode).toBe(200);
    expect(res.json().ssoSettings).toMatchObject({
      enabled: false,
      secretStored: false,
      allowedDomains: [],
      autoCreateUsers: false,
      enforced: false,
      breakGlassUser: null,
      requireTwoFactor: 'NONE',
      redirectUri: CALLBACK,
      version: 0,
    });
    expect(res.json().formOptions.breakGlassUsers).toEqual([{ value: adminId, label: 'Ada Admin' }]);
  });

  it.each([
    [
      'an http issuer off this machine',
      { issuerUrl: 'http://login.example.com' },
      'issuerUrl',
      SSO_TEXTS.issuerUrl,
    ],
    ['an issuer that is not a URL', { issuerUrl: 'login.example.com' }, 'issuerUrl', SSO_TEXTS.issuerUrl],
    ['no provider name', { providerName: '  ' }, 'providerName', SSO_TEXTS.providerRequired],
    ['no client id', { clientId: '' }, 'clientId', SSO_TEXTS.clientIdRequired],
    [
      'a bad domain',
      { allowedDomains: ['example.com', 'not a domain'] },
      'allowedDomains',
      `Line 2: ${SSO_TEXTS.domain}`,
    ],
    [
      'enforcing while off',
      { enabled: false, enforced: true, breakGlassUser: 1 },
      'enforced',
      SSO_TEXTS.enforceNeedsSso,
    ],
    [
      'enforcing without a break-glass administrator',
      { enforced: true },
      'breakGlassUser',
      SSO_TEXTS.breakGlassRequired,
    ],
    [
      'an unknown two-factor rule',
      { requireTwoFactor: 'SOMETIMES' },
      'requireTwoFactor',
      'Choose who must use two-factor sign-in.',
    ],
    ['turning on without any secret', {}, 'clientSecret', SSO_TEXTS.secretRequired],
  ])('refuses %s with its message', async (_what, over, field, message) => {
    const res = await saveSettings(over);
    expect(res.statusCode).toBe(400);
    expect(res.json().form.fields[field]).toEqual([message]);
  });

  it('refuses a break-glass user who is not an active administrator', async () => {
    const tech = await makeUser(api.db.pool);
    const res = await saveSettings({ clientSecret: provider.clientSecret, breakGlassUser: tech.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().form.fields.breakGlassUser).toEqual([SSO_TEXTS.breakGlassInvalid]);
  });

  it('saves, seals the secret, never returns it, keeps it on an empty field, and records history', async () => {
    const res = await saveSettings({
      clientSecret: provider.clientSecret,
      allowedDomains: ['@Example.test', '', 'example.test'],
      requireTwoFactor: 'ADMINS',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(provider.clientSecret);
    expect(res.json().ssoSettings).toMatchObject({
      enabled: true,
      providerName: 'Test Provider',
      issuerUrl: provider.issuer,
      secretStored: true,
      allowedDomains: ['example.test'],
      requireTwoFactor: 'ADMINS',
      version: 1,
      updatedBy: { label: 'Ada Admin' },
    });
    expect(res.json().ssoSettings).not.toHaveProperty('clientSecret');
    const stored = (await api.db.pool.query(`SELECT value FROM settings WHERE key = 'sso'`)).rows[0].value;
    expect(stored.clientSecret).toMatch(/^v1\./);
    expect(JSON.stringify(stored)).not.toContain(provider.clientSecret);
    expect(api.app.secrets.open(stored.clientSecret)).toBe(provider.clientSecret);

    // An empty secret keeps the stored one.
    const again = await saveSettings({ allowedDomains: [], requireTwoFactor: 'NONE' });
    expect(again.statusCode).toBe(200);
    expect(again.json().ssoSettings.secretStored).toBe(true);
    const kept = (await api.db.pool.query(`SELECT value FROM settings WHERE key = 'sso'`)).rows[0].value;
    expect(kept.clientSecret).toBe(stored.clientSecret);
    expect((await admin.get('/api/admin/sso')).body).not.toContain(provider.clientSecret);

    const history = (await admin.get('/api/history/sso-settings/1')).json().history;
    expect(history.objectClass).toBe('SsoSettings');
    const items = history.items.map(
      (i: { fieldLabel: string; oldValue: string | null; newValue: string | null }) => [
        i.fieldLabel,
        i.oldValue,
        i.newValue,
      ],
    );
    expect(items).toEqual(
      expect.arrayContaining([
        ['Enabled', 'No', 'Yes'],
        ['Client Secret', null, 'Changed'],
        ['Issuer URL', null, provider.issuer],
        ['Allowed Email Domains', 'example.test', null],
        ['Two-Factor Sign-In', 'Required for administrators', 'Not required'],
      ]),
    );
    const all = await api.db.pool.query(`SELECT old_value, new_value FROM field_history`);
    expect(JSON.stringify(all.rows)).not.toContain(provider.clientSecret);
  });

  it('refuses a stale version with the changed-by message and the current settings', async () => {
    const res = await admin.post('/api/admin/sso', {
      version: version - 1,
      enabled: false,
      providerName: '',
      issuerUrl: '',
      clientId: '',
      allowedDomains: [],
      autoCreateUsers: false,
      enforced: false,
      breakGlassUser: null,
      requireTwoFactor: 'NONE',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^This record was changed by Ada Admin at /);
    expect(res.json().current).toMatchObject({ version, enabled: true, secretStored: true });
    expect(JSON.stringify(res.json())).not.toContain(provider.clientSecret);
  });

  it('tests the connection: what the provider says, or why it cannot be reached', async () => {
    const ok = await admin.post('/api/admin/sso/test', { issuerUrl: provider.issuer });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().ok).toBe(true);
    expect(ok.json().message).toContain(`Found the provider ${provider.issuer}`);
    expect(ok.json().message).toContain('PKCE (S256)');
    const down = await admin.post('/api/admin/sso/test', { issuerUrl: 'http://127.0.0.1:1' });
    expect(down.json()).toMatchObject({ ok: false });
    expect(down.json().message).toMatch(/^The provider could not be reached or read: /);
    const bad = await admin.post('/api/admin/sso/test', { issuerUrl: 'http://idp.example.com' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().form.fields.issuerUrl).toEqual([SSO_TEXTS.issuerUrl]);
  });
});

describe('signing in', () => {
  it('offers the provider on the login shell', async () => {
    expect((await api.anonymous.get('/api/auth/options')).json()).toEqual({
      sso: { providerName: 'Test Provider' },
      enforced: false,
    });
  });

  it('starts with PKCE S256, state and nonce, keeping only the hash of the state', async () => {
    const res = await api.anonymous.get('/api/auth/sso/start?returnTo=/cases');
    expect(res.statusCode).toBe(302);
    const url = new URL(String(res.headers.location));
    expect(`${url.origin}`).toBe(provider.issuer);
    const p = url.searchParams;
    expect(p.get('response_type')).toBe('code');
    expect(p.get('client_id')).toBe(provider.clientId);
    expect(p.get('redirect_uri')).toBe(CALLBACK);
    expect(p.get('scope')).toBe('openid email profile');
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(p.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(p.get('nonce')).toMatch(/^[\w-]{20,}$/);
    const state = p.get('state')!;
    const rows = (
      await api.db.pool.query(
        `SELECT state_hash, code_verifier, return_to, expires_at > now() + interval '9 minutes' AS ten
           FROM sso_requests WHERE state_hash = $1`,
        [createHash('sha256').update(state).digest('hex')],
      )
    ).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ return_to: '/cases', ten: true });
    const challenge = createHash('sha256').update(rows[0].code_verifier).digest('base64url');
    expect(challenge).toBe(p.get('code_challenge'));
    expect(
      (await api.db.pool.query('SELECT 1 FROM sso_requests WHERE state_hash = $1', [state])).rowCount,
    ).toBe(0);
  });

  it('signs in a user by email, links the identity, and returns to the page asked for', async () => {
    const ann = await makeUser(api.db.pool, { email: 'ann@example.test', firstName: 'Ann', lastName: 'Lee' });
    provider.setAccount('ann-sub', { email: 'Ann@Example.test', email_verified: true });
    const { res } = await ssoSignIn('ann-sub', '/cases?view=mine');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/cases?view=mine');
    const cookie = sessionCookie(res);
    expect(cookie).not.toBeNull();
    const me = await api.callerWithCookie(cookie!).get('/api/user/settings');
    expect(me.statusCode).toBe(200);
    expect(JSON.stringify(me.json())).toContain('ann@example.test');

    const user = (
      await api.db.pool.query('SELECT sso_subject, last_sign_in_at FROM users WHERE id = $1', [ann.id])
    ).rows[0];
    expect(user.sso_subject).toBe(`${provider.issuer}|ann-sub`);
    expect(user.last_sign_in_at).not.toBeNull();
    const session = (
      await api.db.pool.query('SELECT method, stage FROM sessions WHERE user_id = $1', [ann.id])
    ).rows;
    expect(session).toEqual([{ method: 'SSO', stage: null }]);
    const history = (
      await api.db.pool.query(
        `SELECT field, old_value, new_value, actor_id FROM field_history WHERE entity = 'user' AND entity_id = $1`,
        [ann.id],
      )
    ).rows;
    expect(history).toContainEqual({
      field: 'ssoSubject',
      old_value: null,
      new_value: `${provider.issuer}|ann-sub`,
      actor_id: ann.id,
    });

    // Linked: the subject finds the account even when the provider's email changes.
    provider.setAccount('ann-sub', { email: 'ann.lee@elsewhere.test', email_verified: true });
    const second = await ssoSignIn('ann-sub');
    expect(second.res.headers.location).toBe('/');
    expect(sessionCookie(second.res)).not.toBeNull();
  });

  it('ends the session the browser held before', async () => {
    const bob = await makeUser(api.db.pool, { email: 'bob@example.test' });
    provider.setAccount('bob-sub', { email: 'bob@example.test', email_verified: true });
    const before = await api.signIn(bob.email, TEST_PASSWORD);
    const start = await api.app.inject({
      method: 'GET',
      url: '/api/auth/sso/start',
      headers: { cookie: before.cookie },
    });
    const back = await provider.signInAt(String(start.headers.location), 'bob-sub');
    const res = await api.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: `${before.cookie}; ${stateCookie(start)}` },
    });
    expect(res.statusCode).toBe(302);
    expect((await before.get('/api/user/settings')).statusCode).toBe(401);
    expect((await api.callerWithCookie(sessionCookie(res)!).get('/api/user/settings')).statusCode).toBe(200);
  });

  it('never returns to another site', async () => {
    for (const returnTo of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      '/api/admin/sso',
    ]) {
      const start = await api.anonymous.get(`/api/auth/sso/start?returnTo=${encodeURIComponent(returnTo)}`);
      const state = new URL(String(start.headers.location)).searchParams.get('state')!;
      const row = await api.db.pool.query('SELECT return_to FROM sso_requests WHERE state_hash = $1', [
        createHash('sha256').update(state).digest('hex'),
      ]);
      expect(row.rows[0].return_to).toBeNull();
    }
  });

  it('refuses a replayed callback', async () => {
    provider.setAccount('ann-sub', { email: 'ann@example.test', email_verified: true });
    const { res, callbackUrl, cookie } = await ssoSignIn('ann-sub');
    expect(sessionCookie(res)).not.toBeNull();
    const replay = await api.app.inject({ method: 'GET', url: callbackUrl, headers: { cookie } });
    expect(replay.statusCode).toBe(302);
    expect(replay.headers.location).toBe('/sso?error=expired');
    expect(sessionCookie(replay)).toBeNull();
  });

  it('stops one client starting sign-ins without end, and only that client', async () => {
    const startFrom = (remoteAddress: string) =>
      api.app.inject({ method: 'GET', url: '/api/auth/sso/start', remoteAddress });
    for (let i = 0; i < START_LIMIT.limit; i++) {
      expect((await startFrom('10.9.9.9')).headers.location).not.toContain('/sso?error');
    }
    const refused = await startFrom('10.9.9.9');
    expect(refused.statusCode).toBe(302);
    expect(refused.headers.location).toBe('/sso?error=busy');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(SSO_ERRORS.busy).toMatch(/Too many sign-in attempts/);
    expect((await startFrom('10.9.9.10')).headers.location).not.toContain('/sso?error');
  });

  it('refuses an expired request, an unknown state and a forged code', async () => {
    const start = await api.anonymous.get('/api/auth/sso/start');
    const back = await provider.signInAt(String(start.headers.location), 'ann-sub');
    await api.db.pool.query(`UPDATE sso_requests SET expires_at = now() - interval '1 second'`);
    const expired = await api.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: stateCookie(start) },
    });
    expect(expired.headers.location).toBe('/sso?error=expired');
    const unknown = await api.anonymous.get('/api/auth/sso/callback?code=x&state=nothing-like-this');
    expect(unknown.headers.location).toBe('/sso?error=expired');

    const again = await api.anonymous.get('/api/auth/sso/start');
    const state = new URL(String(again.headers.location)).searchParams.get('state')!;
    const forged = await api.app.inject({
      method: 'GET',
      url: `/api/auth/sso/callback?code=forged&state=${state}&iss=${encodeURIComponent(provider.issuer)}`,
      headers: { cookie: stateCookie(again) },
    });
    expect(forged.headers.location).toBe('/sso?error=failed');
  });

  it('refuses a callback in a browser that did not start the sign-in (login CSRF)', async () => {
    provider.setAccount('ann-sub', { email: 'ann@example.test', email_verified: true });
    const start = await api.anonymous.get('/api/auth/sso/start');
    const back = await provider.signInAt(String(start.headers.location), 'ann-sub');
    const url = `${back.pathname}${back.search}`;
    const other = await api.app.inject({ method: 'GET', url });
    expect(other.headers.location).toBe('/sso?error=expired');
    expect(sessionCookie(other)).toBeNull();
    const wrong = await api.app.inject({ method: 'GET', url, headers: { cookie: 'sd6_sso_state=another' } });
    expect(wrong.headers.location).toBe('/sso?error=expired');
  });

  it('answers a cancelled sign-in at the provider', async () => {
    const { res } = await ssoSignIn({ cancel: true });
    expect(res.headers.location).toBe('/sso?error=provider');
  });

  it('refuses an unknown account while auto-create is off, and an unverified email', async () => {
    provider.setAccount('nobody', { email: 'nobody@example.test', email_verified: true });
    expect((await ssoSignIn('nobody')).res.headers.location).toBe('/sso?error=no_account');
    await makeUser(api.db.pool, { email: 'una@example.test' });
    provider.setAccount('una-sub', { email: 'una@example.test', email_verified: false });
    expect((await ssoSignIn('una-sub')).res.headers.location).toBe('/sso?error=email');
    const count = await api.db.pool.query(
      `SELECT count(*)::int AS n FROM users WHERE email = 'nobody@example.test'`,
    );
    expect(count.rows[0].n).toBe(0);
  });

  it('refuses an inactive user', async () => {
    await makeUser(api.db.pool, { email: 'ivy@example.test', active: false });
    provider.setAccount('ivy-sub', { email: 'ivy@example.test', email_verified: true });
    const { res } = await ssoSignIn('ivy-sub');
    expect(res.headers.location).toBe('/sso?error=inactive');
    expect(sessionCookie(res)).toBeNull();
  });

  it('creates a user on first sign-in when allowed, only from the allowed domains', async () => {
    expect((await saveSettings({ autoCreateUsers: true, allowedDomains: ['example.test'] })).statusCode).toBe(
      200,
    );
    provider.setAccount('new-sub', {
      email: 'nia.new@example.test',
      email_verified: true,
      given_name: 'Nia',
      family_name: 'Newman',
    });
    const { res } = await ssoSignIn('new-sub');
    expect(res.headers.location).toBe('/');
    const created = (
      await api.db.pool.query(
        `SELECT id, first_name, last_name, short_code, roles, active, sso_subject FROM users
          WHERE email = 'nia.new@example.test'`,
      )
    ).rows[0];
    expect(created).toMatchObject({
      first_name: 'Nia',
      last_name: 'Newman',
      short_code: 'NNEW',
      roles: ['ROLE_USER'],
      active: true,
      sso_subject: `${provider.issuer}|new-sub`,
    });
    const history = await admin.get(`/api/history/user/${created.id}`);
    expect(history.json().history.items.map((i: { field: string }) => i.field)).toEqual(
      expect.arrayContaining(['email', 'firstName', 'lastName', 'shortCode', 'roles', 'ssoSubject']),
    );
    // Its unusable password signs nothing in.
    const pw = await api.anonymous.post('/api/auth/login', { email: 'nia.new@example.test', password: '' });
    expect(pw.statusCode).toBe(400);

    provider.setAccount('out-sub', { email: 'out@other.test', email_verified: true });
    expect((await ssoSignIn('out-sub')).res.headers.location).toBe('/sso?error=domain');
    // The domain rule also holds for linking an existing account by email.
    await makeUser(api.db.pool, { email: 'oli@other.test' });
    provider.setAccount('oli-sub', { email: 'oli@other.test', email_verified: true });
    expect((await ssoSignIn('oli-sub')).res.headers.location).toBe('/sso?error=domain');
  });
});

describe('enforcement', () => {
  it('is reported to the login shell only with a break-glass administrator, and refused once SSO is off', async () => {
    const res = await saveSettings({ enforced: true, breakGlassUser: adminId });
    expect(res.statusCode).toBe(200);
    expect(res.json().ssoSettings.breakGlassUser).toEqual({ value: adminId, label: 'Ada Admin' });
    expect((await api.anonymous.get('/api/auth/options')).json()).toEqual({
      sso: { providerName: 'Test Provider' },
      enforced: true,
    });
    const history = (await admin.get('/api/history/sso-settings/1')).json().history.items;
    expect(history).toContainEqual(
      expect.objectContaining({ fieldLabel: 'Break-glass Administrator', newValue: 'Ada Admin' }),
    );
    // Turning single sign-on off while enforcing is refused; both off together is fine.
    expect((await saveSettings({ enabled: false, enforced: true, breakGlassUser: adminId })).statusCode).toBe(
      400,
    );
    expect((await saveSettings({ enabled: false, enforced: false })).statusCode).toBe(200);
    expect((await api.anonymous.get('/api/auth/options')).json()).toEqual({ sso: null, enforced: false });
  });
});
