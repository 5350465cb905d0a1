// Journeys: an administrator opens a staff member's Security tab, sees the session of that member's other browser,
// revokes it (that browser is sent to the login on its next call), unlocks a locked member and sends a reset mail;
// a user creates an API token on the profile and calls the API with it (Authorization: Bearer).
import type { Browser, Page } from 'playwright-core';
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

const dialog = (page: Page) => page.getByRole('dialog');

describe('staff security', () => {
  it('revokes a session of another browser, unlocks a locked member and sends a reset mail', async () => {
    const admin = await makeAdmin(own.db.pool, { firstName: 'Ada', lastName: 'Admin' });
    const member = await makeUser(own.db.pool, { firstName: 'Sam', lastName: 'Member' });
    const memberPage = await signInOwn(browser, own, member.email);
    const page = await signInOwn(browser, own, admin.email);

    await page.goto(`/admin/staff/${member.id}`);
    await page.getByRole('heading', { name: 'Sam Member' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Staff member' })
      .getByRole('link', { name: 'Security' })
      .click();
    await page.waitForURL(`**/admin/staff/${member.id}/security`);
    const sessions = page.getByRole('table', { name: 'Sessions' });
    await sessions.waitFor();
    await expect.poll(() => sessions.locator('tbody tr').count()).toBe(1);
    expect(await sessions.locator('tbody tr').first().textContent()).toMatch(/Password[\s\S]*Signed in/);

    await sessions.getByRole('button', { name: /^Revoke session/ }).click();
    await dialog(page).getByText('End the session of').waitFor();
    await dialog(page).getByRole('button', { name: 'Revoke', exact: true }).click();
    await page.getByRole('status').getByText('The session was revoked.').waitFor();
    await page.getByText('No open sessions.').waitFor();
    // the member's browser is sent to the login on its next call
    await memberPage.reload();
    await memberPage.waitForURL('**/login**');
    await memberPage.getByLabel('Email').waitFor();

    // a locked member
    await own.db.pool.query(
      `UPDATE users SET failed_logins = 5, lock_count = 1, locked_until = now() + interval '15 minutes' WHERE id = $1`,
      [member.id],
    );
    await page.reload();
    const facts = page.getByTestId('sign-in-facts');
    await facts.getByText(/Locked until/).waitFor();
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByRole('status').getByText('The account was unlocked.').waitFor();
    await facts.getByText('Not locked').waitFor();
    const row = (
      await own.db.pool.query('SELECT failed_logins, locked_until FROM users WHERE id = $1', [member.id])
    ).rows[0];
    expect(row).toEqual({ failed_logins: 0, locked_until: null });

    // a password reset mail, after a confirmation
    await page.getByRole('button', { name: 'Send password reset mail' }).click();
    await dialog(page).getByText(member.email).waitFor();
    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('status').getByText('A password reset mail was sent.').waitFor();
    const mail = (
      await own.db.pool.query('SELECT subject FROM mail_messages WHERE "to" = $1', [member.email])
    ).rows;
    expect(mail).toEqual([{ subject: 'Reset your SD6 password' }]);

    // all of it is in the member's history
    await page
      .getByRole('navigation', { name: 'Staff member' })
      .getByRole('link', { name: 'History' })
      .click();
    await page.getByRole('cell', { name: 'Password reset mail', exact: true }).waitFor();
    await page.getByRole('cell', { name: 'Locked', exact: true }).waitFor();
    await page.getByRole('cell', { name: 'Sessions', exact: true }).first().waitFor();
    await page.context().close();
    await memberPage.context().close();
  });
});

describe('personal API tokens', () => {
  it('creates a token on the profile, shown once, that works with Authorization: Bearer', async () => {
    const user = await makeUser(own.db.pool, { firstName: 'Tia', lastName: 'Token' });
    const page = await signInOwn(browser, own, user.email);
    await page.goto('/profile');
    const card = page.locator('#api-tokens');
    await card.getByText('No API tokens.').waitFor();
    await card.getByLabel('Name').fill('Monitoring sync');
    await card.getByLabel('Scope').selectOption({ label: 'Read only' });
    await card.getByLabel('Expires').selectOption({ label: '30 days' });
    await card.getByRole('button', { name: 'Create Token' }).click();
    const field = card.getByLabel('New API token', { exact: true }).and(page.locator('input'));
    await field.waitFor();
    const token = await field.inputValue();
    expect(token).toMatch(/^sd6_[A-Za-z0-9_-]{43}$/);
    await card
      .getByRole('table', { name: 'API tokens' })
      .getByRole('cell', { name: 'Monitoring sync', exact: true })
      .waitFor();

    const call = (method: string) =>
      page.evaluate(
        async ({ token, method }) => {
          const res = await fetch(method === 'GET' ? '/api/user/settings' : '/api/user/profile', {
            method,
            credentials: 'omit',
            headers: { Authorization: `Bearer ${token}` },
          });
          return { status: res.status, body: await res.json() };
        },
        { token, method },
      );
    const read = await call('GET');
    expect(read.status).toBe(200);
    expect(read.body.user.email).toBe(user.email);
    // a read-only token may not write
    expect((await call('POST')).status).toBe(403);

    // shown once: after a reload the list has it, the token itself is gone
    await page.reload();
    await card.getByRole('cell', { name: 'Monitoring sync', exact: true }).waitFor();
    expect(await card.getByLabel('New API token', { exact: true }).and(page.locator('input')).count()).toBe(
      0,
    );
    await card.getByRole('button', { name: 'Revoke Monitoring sync' }).click();
    await dialog(page).getByRole('button', { name: 'Revoke', exact: true }).click();
    await card.getByText('No API tokens.').waitFor();
    expect((await call('GET')).status).toBe(401);
    await page.context().close();
  });
});
