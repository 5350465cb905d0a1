// Journeys: a signed-out link to an opportunity's proposals leads to /login?next=…, and the sign-in ends on that
// page — with a password, through a forced two-factor setup (left half-way and taken up again), and with a code;
// /2fa with no sign-in waiting goes to /login; a link to another site is never followed after sign-in.
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSO_SETTINGS_KEY } from '../../src/shared/schemas/sso';
import { openBrowser } from '../support/e2e';
import { type OwnApp, signInOwn, startOwnApp } from '../support/e2e-app';
import { shoot } from '../support/e2e-shots';
import { makeAdmin, makeOpportunity, makeOrganization, makeUser, TEST_PASSWORD } from '../support/factories';
import { startOidcProvider, type TestProvider } from '../support/oidc-provider';

let own: OwnApp;
let browser: Browser;
let provider: TestProvider;
let proposals: string;
beforeAll(async () => {
  own = await startOwnApp();
  browser = await openBrowser();
  provider = await startOidcProvider({ redirectUris: [`${own.baseUrl}/api/auth/sso/callback`] });
  const organizationId = (await makeOrganization(own.db.pool, { name: 'Harbor Clinic' })).id;
  const opportunity = await makeOpportunity(own.db.pool, { organizationId, title: 'Clinic refresh' });
  proposals = `/manage/opportunity/${opportunity.id}/proposals`;
});
afterAll(async () => {
  await browser?.close();
  await provider?.close();
  await own?.stop();
});

const signedOut = async (width = 1280): Promise<Page> => {
  const context = await browser.newContext({
    baseURL: own.baseUrl,
    viewport: { width, height: 800 },
    serviceWorkers: 'block',
  });
  return context.newPage();
};

const path = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

async function typePassword(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

const codeAt = (secret: string, step: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * 30_000 });
const step = () => Math.floor(Date.now() / 30_000);

const setPolicy = (value: object) =>
  own.db.pool.query(
    `INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    [SSO_SETTINGS_KEY, JSON.stringify(value)],
  );

describe('deep links at sign-in', () => {
  it('a signed-out link to a proposal list signs in with a password and opens that list', async () => {
    const user = await makeUser(own.db.pool, { firstName: 'Dee', lastName: 'Link' });
    const page = await signedOut();
    await page.goto(`${proposals}?view=all`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(path(page)).toBe(`/login?next=${encodeURIComponent(`${proposals}?view=all`)}`);
    await page.getByLabel('Email').waitFor();
    await shoot(page, 'sign-in-deep-link');
    await typePassword(page, user.email);
    await page.waitForURL((url) => url.pathname === proposals);
    expect(path(page)).toBe(`${proposals}?view=all`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.context().close();
  });

  it('follows no link to another site after signing in', async () => {
    const user = await makeUser(own.db.pool);
    const page = await signedOut(390);
    await page.goto(`/login?next=${encodeURIComponent('/.//evil.example/x')}`);
    await typePassword(page, user.email);
    await page.waitForURL((url) => url.pathname === '/manage/case');
    expect(new URL(page.url()).origin).toBe(own.baseUrl);
    await page.context().close();
  });

  it('signed in already, /login and /sso with a link open the linked page', async () => {
    const user = await makeUser(own.db.pool);
    const page = await signInOwn(browser, own, user.email);
    for (const screen of ['/login', '/sso']) {
      await page.goto(`${screen}?next=${encodeURIComponent(proposals)}`);
      await page.waitForURL((url) => url.pathname === proposals);
    }
    await page.context().close();
  });

  it('a session that ended while a page was open signs in again and returns to that page', async () => {
    const user = await makeUser(own.db.pool);
    const page = await signInOwn(browser, own, user.email);
    await page.goto(proposals);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // The page has made its own calls (a late one would meet the ended session before the click does).
    await page.waitForLoadState('networkidle');
    // The session ends on the server (signed out elsewhere, or timed out); the next call the page makes finds it.
    await own.db.pool.query('DELETE FROM sessions WHERE user_id = $1', [user.id]);
    await page.getByRole('link', { name: 'Documents', exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === '/login');
    const next = new URL(page.url()).searchParams.get('next') ?? '';
    expect(next.startsWith(proposals.replace(/\/proposals$/, ''))).toBe(true);
    await typePassword(page, user.email);
    await page.waitForURL((url) => `${url.pathname}${url.search}${url.hash}` === next);
    await page.context().close();
  });

  it('/2fa and /2fa_setup with no sign-in waiting go to /login', async () => {
    const page = await signedOut();
    await page.goto('/2fa');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await page.goto(`/2fa_setup?next=${encodeURIComponent(proposals)}`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(path(page)).toBe(`/login?next=${encodeURIComponent(proposals)}`);
    await page.context().close();
  });

  it('through a forced two-factor setup, left half-way and taken up again, then with a code, ends on the link', async () => {
    const user = await makeUser(own.db.pool, { firstName: 'Fay', lastName: 'Forced' });
    await setPolicy({ requireTwoFactor: 'EVERYONE' });
    try {
      const page = await signedOut();
      await page.goto(proposals);
      await page.waitForURL((url) => url.pathname === '/login');
      await typePassword(page, user.email);
      await page.waitForURL((url) => url.pathname === '/2fa_setup');
      expect(path(page)).toBe(`/2fa_setup?next=${encodeURIComponent(proposals)}`);
      await page.getByTestId('totp-secret').waitFor();

      // Leaving the setup for a screen of the app comes back to the setup, not to /login.
      await page.goto('/manage/case');
      await page.waitForURL((url) => url.pathname === '/2fa_setup');
      expect(path(page)).toBe(`/2fa_setup?next=${encodeURIComponent('/manage/case')}`);
      await page.goto(proposals);
      await page.waitForURL((url) => url.pathname === '/2fa_setup');
      const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
      const setupStep = step();
      await page.getByLabel('Code from Your Authenticator App').fill(codeAt(secret, setupStep));
      await page.getByRole('button', { name: 'Turn On Two-Factor Sign-In' }).click();
      await page.getByTestId('recovery-codes').waitFor();
      await page.getByRole('button', { name: 'I Have Saved Them' }).click();
      await page.waitForURL((url) => url.pathname === proposals);

      // Signed out, the same link asks for a code after the password, then opens.
      await page.goto('/logout');
      await page.waitForURL((url) => url.pathname === '/login');
      await page.goto(proposals);
      await page.waitForURL((url) => url.pathname === '/login');
      await typePassword(page, user.email);
      await page.waitForURL((url) => url.pathname === '/2fa');
      expect(path(page)).toBe(`/2fa?next=${encodeURIComponent(proposals)}`);
      // Leaving the code step for a screen comes back to it too.
      await page.goto('/profile');
      await page.waitForURL((url) => url.pathname === '/2fa');
      await page.goto(proposals);
      await page.waitForURL((url) => url.pathname === '/2fa');
      await page
        .getByLabel('Code from Your Authenticator App')
        .fill(codeAt(secret, Math.max(step(), setupStep) + 1));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL((url) => url.pathname === proposals);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.context().close();
    } finally {
      await setPolicy({});
    }
  });

  it('through single sign-on: the page asked for rides with the sign-in to the provider and back', async () => {
    await makeUser(own.db.pool, { email: 'sam@example.test', firstName: 'Sam', lastName: 'Sso' });
    provider.setAccount('sam-sub', { email: 'sam@example.test', email_verified: true });
    const admin = await signInOwn(browser, own, (await makeAdmin(own.db.pool)).email);
    const saved = await admin.evaluate(
      async ({ issuer, clientId, clientSecret }) => {
        const headers = { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' };
        const current = await (await fetch('/api/admin/sso', { headers })).json();
        const res = await fetch('/api/admin/sso', {
          method: 'POST',
          headers,
          body: JSON.stringify({
            version: current.ssoSettings.version,
            enabled: true,
            providerName: 'Test Provider',
            issuerUrl: issuer,
            clientId,
            clientSecret,
            allowedDomains: [],
            autoCreateUsers: false,
            enforced: false,
            breakGlassUser: null,
            requireTwoFactor: 'NONE',
          }),
        });
        return res.status;
      },
      { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret },
    );
    expect(saved).toBe(200);
    await admin.context().close();

    const page = await signedOut();
    await page.goto(`${proposals}?view=mine`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('link', { name: 'Sign in with Test Provider' }).click();
    await page.getByRole('heading', { name: 'Test provider' }).waitFor();
    await page.getByLabel('Account').fill('sam-sub');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === proposals);
    expect(path(page)).toBe(`${proposals}?view=mine`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.context().close();
  });
});
