// Journeys: own profile edit then its history, field errors, a 409 conflict between two tabs, password change.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, E2E_USERS, newPage, openBrowser } from '../support/e2e';

let browser: Browser;
const PASSWORD = 'profile journey password';
let seq = 0;

/** A fresh staff user (created by the administrator through the API) so this file changes nobody else. */
async function freshUser(): Promise<{ email: string; password: string; name: string }> {
  seq += 1;
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ email: E2E_USERS.admin.email, password: E2E_USERS.admin.password }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const stamp = `${Date.now().toString(36)}${seq}`;
  const email = `profile-${stamp}@example.test`;
  const res = await fetch(`${baseUrl}/api/admin/staff/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie },
    body: JSON.stringify({
      email,
      firstName: 'Pat',
      lastName: `Profile${seq}`,
      shortCode: `P${stamp}`.slice(0, 10).toUpperCase(),
      active: true,
      roles: ['ROLE_USER'],
      homePage: 'profile',
      caseListDailySlipsMode: 'CLOSED',
      autoPopulateTaskPoints: false,
      password: PASSWORD,
      version: 0,
    }),
  });
  if (!res.ok) throw new Error(`could not create ${email}: ${res.status} ${await res.text()}`);
  return { email, password: PASSWORD, name: `Pat Profile${seq}` };
}

async function signInAs(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/profile');
  await page.getByRole('button', { name: 'Edit' }).waitFor();
}

function settings(page: Page) {
  return page.getByRole('form', { name: 'Settings' });
}

beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('profile', () => {
  it('edits the own settings; the history lists the change and the menu shows the new name', async () => {
    const user = await freshUser();
    const { context, page } = await newPage(browser);
    await signInAs(page, user.email, user.password);
    // Read-only first: no inputs until Edit.
    expect(await settings(page).getByRole('textbox').count()).toBe(0);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('First Name').fill('Patricia');
    await page.getByLabel('Auto-populate task points').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    expect(await settings(page).textContent()).toContain('Patricia');
    expect(await settings(page).getByRole('textbox').count()).toBe(0);
    await page.getByRole('button', { name: user.name.replace('Pat', 'Patricia') }).waitFor();

    await page.getByRole('link', { name: 'History' }).click();
    await page.waitForURL('**/profile/history');
    const firstName = page.getByRole('row').filter({ hasText: 'Patricia' }).filter({ hasText: 'First Name' });
    await firstName.waitFor();
    const cells = await firstName.getByRole('cell').allInnerTexts();
    expect(cells.slice(0, 4)).toEqual([
      'First Name',
      'Pat',
      'Patricia',
      user.name.replace('Pat', 'Patricia'),
    ]);
    expect(cells[4]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M$/);
    expect(await page.getByTestId('object-class').textContent()).toContain('Staff Member');
    await page.getByRole('link', { name: 'Profile' }).last().click();
    await page.waitForURL('**/profile');
    await context.close();
  });

  it('shows field errors under the fields; Cancel restores the saved values', async () => {
    const user = await freshUser();
    const { context, page } = await newPage(browser);
    await signInAs(page, user.email, user.password);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Short Code').fill('9bad');
    await page.getByLabel('Last Name').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Use 1 to 10 letters or digits, starting with a letter.').waitFor();
    await page.getByText('This value should not be blank.').waitFor();
    // The server's own field error: a short code used by someone else.
    await page.getByLabel('Short Code').fill(E2E_USERS.admin.shortCode);
    await page.getByLabel('Last Name').fill('Changed');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This short code is already used by another staff member.').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    expect(await settings(page).textContent()).toContain(user.name.split(' ')[1]!);
    expect(await settings(page).textContent()).not.toContain('Changed');
    await context.close();
  });

  it('a save over someone else’s newer change shows their values and overwrites nothing', async () => {
    const user = await freshUser();
    const first = await newPage(browser);
    const second = await newPage(browser);
    await signInAs(first.page, user.email, user.password);
    await signInAs(second.page, user.email, user.password);
    await first.page.getByRole('button', { name: 'Edit' }).click();
    await second.page.getByRole('button', { name: 'Edit' }).click();

    await first.page.getByLabel('Last Name').fill('FirstTab');
    await first.page.getByRole('button', { name: 'Save' }).click();
    await first.page.getByRole('button', { name: 'Edit' }).waitFor();

    await second.page.getByLabel('Last Name').fill('SecondTab');
    await second.page.getByRole('button', { name: 'Save' }).click();
    const conflict = second.page.getByTestId('conflict');
    await conflict.waitFor();
    expect(await conflict.textContent()).toContain('This record was changed by');
    const row = conflict.getByRole('row').filter({ hasText: 'Last Name' });
    expect(await row.getByRole('cell').allInnerTexts()).toEqual(['FirstTab', 'SecondTab']);
    // Still editing, with the user's own value kept.
    expect(await second.page.getByLabel('Last Name').inputValue()).toBe('SecondTab');

    // The first tab's value is what the server holds.
    await first.page.reload();
    await first.page.getByRole('button', { name: 'Edit' }).waitFor();
    expect(await settings(first.page).textContent()).toContain('FirstTab');

    // Keeping the own changes and saving again replaces theirs.
    await conflict.getByRole('button', { name: 'Keep my changes' }).click();
    await second.page.getByRole('button', { name: 'Save' }).click();
    await second.page.getByRole('button', { name: 'Edit' }).waitFor();
    expect(await settings(second.page).textContent()).toContain('SecondTab');
    await first.context.close();
    await second.context.close();
  });

  it('changes the password only with the current password', async () => {
    const user = await freshUser();
    const { context, page } = await newPage(browser);
    await signInAs(page, user.email, user.password);
    const form = page.getByRole('form', { name: 'Change Password' });
    await form.getByLabel('Current Password').fill('this is not my password');
    await form.getByLabel(/^New Password/).fill('a brand new password');
    await form.getByLabel('Confirm New Password').fill('a brand new password');
    await form.getByRole('button', { name: 'Change Password' }).click();
    const currentErrors = form.locator('[data-field="currentPassword"] .invalid-feedback');
    await currentErrors.waitFor();
    expect((await currentErrors.textContent())?.trim()).toBeTruthy();

    await form.getByLabel('Current Password').fill(user.password);
    await form.getByLabel(/^New Password/).fill('a brand new password');
    await form.getByLabel('Confirm New Password').fill('a different one entirely');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await form.getByText('The two passwords do not match.').waitFor();

    await form.getByLabel('Confirm New Password').fill('a brand new password');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await form.getByText('Your password was changed.').waitFor();
    await context.close();

    const again = await newPage(browser);
    await signInAs(again.page, user.email, 'a brand new password');
    await again.context.close();
  });
});
