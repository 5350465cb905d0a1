// Journey: set up two-factor sign-in on the profile with a code computed here, sign out, sign in with password and
// code, then with a recovery code once (its second use fails).
import { readFile } from 'node:fs/promises';
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/e2e';
import { type OwnApp, signInOwn, startOwnApp } from '../support/e2e-app';
import { makeUser, TEST_PASSWORD } from '../support/factories';

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

const step = () => Math.floor(Date.now() / 30_000);
const codeAt = (secret: string, s: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: s * 30_000 });

async function passwordStep(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/2fa');
  await page.getByRole('heading', { name: 'Two-Factor Sign-In' }).waitFor();
}

async function signOut(page: Page): Promise<void> {
  await page.goto('/logout');
  await page.waitForURL('**/login');
  await page.getByRole('heading', { name: 'Sign In' }).waitFor();
}

describe('two-factor sign-in', () => {
  it('is set up on the profile, then asks for a code after the password; a recovery code works once', async () => {
    const user = await makeUser(own.db.pool, { firstName: 'Tom', lastName: 'Totp' });
    const page = await signInOwn(browser, own, user.email);
    await page.goto('/profile');
    const card = page.locator('#two-factor');
    await card.getByText('Off.').waitFor();
    await card.getByRole('button', { name: 'Set Up' }).click();
    await card.getByRole('img', { name: /QR code/ }).waitFor();
    const secret = (await card.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    // A wrong code first: the field says so.
    await card.getByLabel('Code from Your Authenticator App').fill('000000');
    await card.getByRole('button', { name: 'Turn On Two-Factor Sign-In' }).click();
    await card.getByText(/The code is not correct/).waitFor();

    const setupStep = step();
    await card.getByLabel('Code from Your Authenticator App').fill(codeAt(secret, setupStep));
    await card.getByRole('button', { name: 'Turn On Two-Factor Sign-In' }).click();
    const list = card.getByTestId('recovery-codes');
    await list.waitFor();
    const codes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download .txt' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe('sd6-recovery-codes.txt');
    const saved = await readFile((await file.path())!, 'utf8');
    for (const code of codes) expect(saved).toContain(code);
    await card.getByRole('button', { name: 'I Have Saved Them' }).click();
    await card.getByText('10 of 10 recovery codes left.').waitFor();

    // Password, then a code (the next step's: the setup took the current one, and a code is taken only once).
    await signOut(page);
    await passwordStep(page, user.email);
    // The app stays closed until the code is given: a screen sends back to the code step.
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/2fa');
    await passwordStep(page, user.email);
    await page
      .getByLabel('Code from Your Authenticator App')
      .fill(codeAt(secret, Math.max(step(), setupStep) + 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/manage/case');
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    // A recovery code instead of the app.
    await signOut(page);
    await passwordStep(page, user.email);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery Code').fill(codes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/manage/case');
    await page.goto('/profile');
    await page.locator('#two-factor').getByText('9 of 10 recovery codes left.').waitFor();

    // The same recovery code again: refused.
    await signOut(page);
    await passwordStep(page, user.email);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery Code').fill(codes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('This recovery code is not correct or was already used.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/2fa');

    // Cancel ends the pending sign-in.
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL('**/login');
    const pending = await own.db.pool.query('SELECT 1 FROM sessions WHERE user_id = $1', [user.id]);
    expect(pending.rowCount).toBe(0);
    await page.context().close();
  }, 240_000);
});
