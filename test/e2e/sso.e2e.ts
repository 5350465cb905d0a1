// Journey: an administrator sets up single sign-on on /admin/sso against a real OpenID Connect provider on
// loopback (connection test, write-only secret); a technician signs in from /sso through the provider's page and
// lands in the app; an unknown account comes back to /sso with its message; enforcement is switched on with a
// break-glass administrator and the login shell is told so. Phones: /sso and /admin/sso fit 390 px.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/e2e';
import { type OwnApp, signInOwn, startOwnApp } from '../support/e2e-app';
import { makeAdmin, makeUser, TEST_PASSWORD } from '../support/factories';
import { startOidcProvider, type TestProvider } from '../support/oidc-provider';

let own: OwnApp;
let provider: TestProvider;
let browser: Browser;
let adminEmail: string;
beforeAll(async () => {
  own = await startOwnApp();
  provider = await startOidcProvider({ redirectUris: [`${own.baseUrl}/api/auth/sso/callback`] });
  browser = await openBrowser();
  adminEmail = (await makeAdmin(own.db.pool, { firstName: 'Ada', lastName: 'Admin' })).email;
  await makeUser(own.db.pool, { email: 'tess@example.test', firstName: 'Tess', lastName: 'Tech' });
  provider.setAccount('tess-sub', { email: 'tess@example.test', email_verified: true });
  provider.setAccount('nobody', { email: 'nobody@example.test', email_verified: true });
});
afterAll(async () => {
  await browser?.close();
  await provider?.close();
  await own?.stop();
});

async function signedOut(width = 1280): Promise<Page> {
  const context = await browser.newContext({ baseURL: own.baseUrl, viewport: { width, height: 800 } });
  return context.newPage();
}

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** From /sso through the provider's sign-in page as `login`. */
async function ssoSignIn(page: Page, login: string) {
  await page.goto('/sso');
  await page.getByRole('link', { name: 'Sign in with Test Provider' }).click();
  await page.getByRole('heading', { name: 'Test provider' }).waitFor();
  await page.getByLabel('Account').fill(login);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Under enforcement: /sso's "Administrator sign-in" link, then the break-glass administrator's password. */
async function breakGlassSignIn(width = 1280): Promise<Page> {
  const page = await signedOut(width);
  await page.goto('/sso');
  await page.getByRole('link', { name: 'Administrator sign-in' }).click();
  await page.waitForURL('**/login?break-glass=1');
  await page.getByLabel('Email').fill(adminEmail);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login') && url.pathname !== '/');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return page;
}

describe('single sign-on', () => {
  it('is set up by an administrator, then signs a technician in through the provider', async () => {
    const anon = await signedOut();
    await anon.goto('/sso');
    await anon.getByText('Single sign-on is not set up for SD6.').waitFor();
    await anon.getByRole('link', { name: 'Sign in with your password' }).waitFor();
    await anon.context().close();

    const admin = await signInOwn(browser, own, adminEmail);
    await admin.goto('/admin/sso');
    await admin.getByRole('heading', { name: 'SSO Settings', level: 1 }).waitFor();
    expect(await admin.getByTestId('redirect-uri').textContent()).toBe(
      `${own.baseUrl}/api/auth/sso/callback`,
    );
    await admin.getByRole('button', { name: 'Edit' }).click();
    await admin.getByLabel('Enabled').check();
    await admin.getByLabel('Provider Name').fill('Test Provider');
    await admin.getByLabel('Issuer URL').fill(provider.issuer);
    await admin.getByRole('button', { name: 'Test connection' }).click();
    await admin.getByText(`Found the provider ${provider.issuer}`).waitFor();
    await admin.getByLabel('Client ID').fill(provider.clientId);
    await admin.getByLabel('Client Secret').fill(provider.clientSecret);
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByRole('button', { name: 'Edit' }).waitFor();
    await admin.getByText('A secret is stored').waitFor();
    expect(await admin.content()).not.toContain(provider.clientSecret);

    const tess = await signedOut();
    await ssoSignIn(tess, 'tess-sub');
    await tess.waitForURL(
      (url) => url.origin === own.baseUrl && url.pathname !== '/sso' && url.pathname !== '/',
    );
    await tess.getByRole('heading', { level: 1 }).first().waitFor();
    const me = await tess.evaluate(async () => (await fetch('/api/user/settings')).json());
    expect(JSON.stringify(me)).toContain('tess@example.test');
    await tess.context().close();

    const nobody = await signedOut();
    await ssoSignIn(nobody, 'nobody');
    await nobody.waitForURL('**/sso?error=no_account');
    await nobody
      .getByText('There is no SD6 account for this sign-in. Ask your administrator to add you.')
      .waitFor();
    await nobody.getByRole('link', { name: 'Administrator sign-in' }).click();
    await nobody.waitForURL('**/login?break-glass=1');
    await nobody.context().close();
    await admin.context().close();
  });

  it('is enforced with a break-glass administrator, and the login shell is told so', async () => {
    const admin = await signInOwn(browser, own, adminEmail);
    await admin.goto('/admin/sso');
    await admin.getByRole('button', { name: 'Edit' }).click();
    await admin.getByLabel('Enforce Single Sign-On').check();
    // Without a break-glass administrator the save is refused with its message.
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin
      .getByRole('alert')
      .getByText('Choose the break-glass administrator who may still sign in with a password.')
      .waitFor();
    await admin.getByLabel('Break-glass Administrator').selectOption({ label: 'Ada Admin' });
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByRole('button', { name: 'Edit' }).waitFor();

    await admin.getByRole('link', { name: 'History' }).click();
    await admin.waitForURL('**/admin/sso/history');
    await admin.getByText('Break-glass Administrator').first().waitFor();
    await admin.getByText('Client Secret').first().waitFor();
    expect(await admin.content()).not.toContain(provider.clientSecret);
    await admin.context().close();

    const anon = await signedOut();
    await anon.goto('/sso');
    await anon.getByRole('link', { name: 'Sign in with Test Provider' }).waitFor();
    const options = await anon.evaluate(async () => (await fetch('/api/auth/options')).json());
    expect(options).toEqual({ sso: { providerName: 'Test Provider' }, enforced: true });

    // The login shell now offers only the provider: /login goes to /sso, and a password is refused...
    await anon.goto('/login');
    await anon.waitForURL('**/sso');
    await anon.getByRole('link', { name: 'Sign in with Test Provider' }).waitFor();
    const refused = await anon.evaluate(async () => {
      const res = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({ email: 'tess@example.test', password: 'correct horse battery staple' }),
      });
      return { status: res.status, message: (await res.json()).message as string };
    });
    expect(refused.status).toBe(400);
    expect(refused.message).toContain('Sign in with Test Provider');
    await anon.context().close();

    // ...except for the break-glass administrator, from the administrator sign-in link.
    const glass = await breakGlassSignIn();
    await glass.context().close();
  });

  it('fits a phone', async () => {
    const phone = await signedOut(390);
    await phone.goto('/sso?error=domain');
    await phone.getByText('Your email domain is not allowed to sign in to SD6.').waitFor();
    await phone.getByRole('link', { name: 'Sign in with Test Provider' }).waitFor();
    expect(await fitsWidth(phone)).toBe(true);
    await phone.context().close();

    const admin = await breakGlassSignIn(390);
    await admin.goto('/admin/sso');
    await admin.getByRole('button', { name: 'Edit' }).click();
    await admin.getByRole('button', { name: 'Test connection' }).waitFor();
    expect(await fitsWidth(admin)).toBe(true);
    await admin.context().close();
  });
});
