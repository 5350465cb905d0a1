// Journey: forgot password -> the caught mail in the mail catcher -> its link -> a new password; a session the user
// had open in another browser is signed out.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/e2e';
import { type OwnApp, signInOwn, startOwnApp } from '../support/e2e-app';
import { makeAdmin, makeUser } from '../support/factories';

let own: OwnApp;
let browser: Browser;
beforeAll(async () => {
  own = await startOwnApp();
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await own?.stop();
});

const NEW_PASSWORD = 'a fresh and long password';

describe('forgot password', () => {
  it('mails a link that sets a new password and signs out every other session', async () => {
    const user = await makeUser(own.db.pool, { firstName: 'Fay', lastName: 'Forgetful' });
    const admin = await makeAdmin(own.db.pool, { firstName: 'Ada', lastName: 'Admin' });
    const oldSession = await signInOwn(browser, own, user.email);

    const context = await browser.newContext({ baseURL: own.baseUrl, viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot_password');
    // An empty address: the field says so.
    await page.getByRole('button', { name: 'Send Link' }).click();
    await page.getByText('Enter your email address.').waitFor();
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send Link' }).click();
    await page.waitForURL('**/forgot_password/instructions');
    await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();

    // The administrator opens the caught mail.
    const catcher = await signInOwn(browser, own, admin.email);
    await catcher.goto('/resources/mail-catcher');
    const row = catcher.getByRole('row').filter({ hasText: user.email });
    await row.getByRole('button', { name: 'Reset your SD6 password' }).click();
    const dialog = catcher.getByRole('dialog');
    await dialog.getByText(`Hello ${user.firstName},`).waitFor();
    const link = dialog.getByRole('link', { name: /\/forgot_password\/reset\// });
    const href = (await link.getAttribute('href'))!;
    expect(new URL(href).origin).toBe(own.baseUrl);

    // The user follows the link.
    await page.goto(href);
    await page.getByRole('heading', { name: 'Choose a New Password' }).waitFor();
    await page.getByText(user.email).waitFor();
    await page.locator('#f-newPassword').fill('too short');
    await page.locator('#f-confirmPassword').fill('too short');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText('Use at least 12 characters.').waitFor();
    await page.locator('#f-newPassword').fill(NEW_PASSWORD);
    await page.locator('#f-confirmPassword').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.waitForURL('**/login');
    await page.getByText('Your password was changed. Sign in with the new one.').waitFor();
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/manage/case');

    // The session of the other browser has ended.
    await oldSession.reload();
    // Each of the page's calls that learns the session ended sends it to /login, and one such navigation can replace
    // another (net::ERR_ABORTED): wait for the login screen itself, not for one navigation.
    await oldSession.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(new URL(oldSession.url()).pathname).toBe('/login');

    // The link works once.
    await page.goto(href);
    await page.getByText(/This link to choose a new password is not valid/).waitFor();
    await page.getByRole('link', { name: 'Ask for a New Link' }).waitFor();

    // Delete All empties the mail catcher.
    catcher.once('dialog', (d) => void d.accept());
    await catcher.keyboard.press('Escape');
    await catcher.getByRole('button', { name: 'Delete All' }).click();
    await catcher.getByText('No Results').waitFor();
    await context.close();
    await oldSession.context().close();
    await catcher.context().close();
  }, 240_000);
});
