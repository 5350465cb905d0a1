// Journeys: staff admin list (search, active filter, Load More), create, edit, history, unlock.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, newPage, openBrowser, signIn } from '../support/e2e';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36).slice(-5).toUpperCase();

function basics(page: Page) {
  return page.getByRole('form', { name: 'Staff member' });
}

async function createStaff(page: Page, who: { first: string; last: string; email: string; code: string }) {
  await page.goto('/admin/staff');
  await page.getByRole('link', { name: 'New Staff Member' }).click();
  await page.waitForURL('**/admin/staff/create');
  await page.getByRole('heading', { name: 'New Staff Member' }).waitFor();
  await page.getByLabel('First Name').fill(who.first);
  await page.getByLabel('Last Name').fill(who.last);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Short Code').fill(who.code);
  await page.getByLabel('Home Page').selectOption({ label: 'Profile' });
  await page.getByLabel('Daily Slips').selectOption('CLOSED');
  await page.getByLabel('User', { exact: true }).check();
  await page.getByLabel(/^Password/).fill('a long enough password');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/admin\/staff\/\d+$/);
  await page.getByRole('button', { name: 'Edit' }).waitFor();
}

describe('staff admin', () => {
  it('creates a staff member: required fields and the password are checked first', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    await page.goto('/admin/staff/create');
    await page.getByRole('heading', { name: 'New Staff Member' }).waitFor();
    // Create mode starts editing; no History link for a record that does not exist yet.
    expect(await page.getByRole('link', { name: 'History' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await basics(page).locator('[data-field="password"] .invalid-feedback').waitFor();
    expect(await basics(page).locator('[data-field="password"]').textContent()).toContain(
      'This value should not be blank.',
    );
    expect(await basics(page).locator('[data-field="firstName"]').textContent()).toContain(
      'This value should not be blank.',
    );
    expect(new URL(page.url()).pathname).toBe('/admin/staff/create');

    await createStaff(page, {
      first: 'Casey',
      last: `Create${stamp}`,
      email: `casey.${stamp.toLowerCase()}@example.test`,
      code: `C${stamp}`,
    });
    await page.getByRole('heading', { name: `Casey Create${stamp}` }).waitFor();
    expect(await basics(page).textContent()).toContain(`casey.${stamp.toLowerCase()}@example.test`);
    // The new member can sign in with the password set here.
    const other = await newPage(browser);
    await other.page.goto('/login');
    await other.page.getByLabel('Email').fill(`casey.${stamp.toLowerCase()}@example.test`);
    await other.page.getByLabel('Password').fill('a long enough password');
    await other.page.getByRole('button', { name: 'Sign In' }).click();
    await other.page.waitForURL('**/profile');
    await other.context.close();
    await context.close();
  });

  it('edits a staff member, refuses a taken short code, and lists the change in its history', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    await createStaff(page, {
      first: 'Eddie',
      last: `Edit${stamp}`,
      email: `eddie.${stamp.toLowerCase()}@example.test`,
      code: `E${stamp}`,
    });
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Short Code').fill('ADMIN');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This short code is already used by another staff member.').waitFor();
    await page.getByLabel('Short Code').fill(`E${stamp}`);
    await page.getByLabel('Last Name').fill(`Edited${stamp}`);
    await page.getByLabel('Active').uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    await page.getByRole('heading', { name: `Eddie Edited${stamp}` }).waitFor();

    await page.getByRole('link', { name: 'History' }).click();
    await page.waitForURL(/\/admin\/staff\/\d+\/history$/);
    const lastName = page.getByRole('row').filter({ hasText: `Edited${stamp}` });
    await lastName.waitFor();
    expect((await lastName.getByRole('cell').allInnerTexts()).slice(0, 4)).toEqual([
      'Last Name',
      `Edit${stamp}`,
      `Edited${stamp}`,
      'System Administrator',
    ]);
    await page.getByRole('link', { name: 'Staff Member' }).last().click();
    await page.waitForURL(/\/admin\/staff\/\d+$/);
    await context.close();
  });

  it('searches the list, filters by active state and opens a row', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    await createStaff(page, {
      first: 'Sam',
      last: `Search${stamp}`,
      email: `sam.${stamp.toLowerCase()}@example.test`,
      code: `S${stamp}`,
    });
    await page.goto('/admin/staff');
    await page.getByLabel('Search').fill(`Search${stamp}`);
    // The search follows typing after a pause (SPEC §9: 1000 ms) and lands in the address.
    await page.waitForURL(/q=Search/);
    const row = page.getByRole('row').filter({ hasText: `Search${stamp}` });
    await row.waitFor();
    expect(await page.getByRole('row').count()).toBe(2);
    await page.getByLabel('Status').selectOption('2');
    await page.getByText('No Results').waitFor();
    await page.getByLabel('Status').selectOption({ label: 'All' });
    await row.waitFor();
    await row.getByRole('link').click();
    await page.getByRole('heading', { name: `Sam Search${stamp}` }).waitFor();
    await context.close();
  });

  it('pages the list with Load More', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    // Enough members for a second page of 25.
    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ email: 'admin@example.test', password: 'admin password for tests' }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    for (let i = 0; i < 26; i++) {
      const res = await fetch(`${baseUrl}/api/admin/staff/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie },
        body: JSON.stringify({
          email: `page${i}.${stamp.toLowerCase()}@example.test`,
          firstName: 'Page',
          lastName: `Member${stamp}${String(i).padStart(2, '0')}`,
          shortCode: `M${stamp}${i}`.slice(0, 10),
          active: true,
          roles: ['ROLE_USER'],
          homePage: 'profile',
          caseListDailySlipsMode: 'CLOSED',
          autoPopulateTaskPoints: false,
          password: 'a long enough password',
          version: 0,
        }),
      });
      expect(res.status).toBe(200);
    }
    await page.goto(`/admin/staff?q=Member${stamp}`);
    const rows = page.locator('tbody tr');
    await page.getByRole('button', { name: 'Load More' }).waitFor();
    expect(await rows.count()).toBe(25);
    await page.getByRole('button', { name: 'Load More' }).click();
    await page.locator('tbody tr').nth(25).waitFor();
    expect(await rows.count()).toBe(26);
    expect(await page.getByRole('button', { name: 'Load More' }).count()).toBe(0);
    await context.close();
  });

  it('unlocks a member locked by failed sign-ins', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    const email = `lou.${stamp.toLowerCase()}@example.test`;
    await createStaff(page, { first: 'Lou', last: `Locked${stamp}`, email, code: `L${stamp}` });
    for (let i = 0; i < 10; i++) {
      await fetch(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({ email, password: 'wrong password attempt' }),
      });
    }
    await page.reload();
    const unlock = page.getByRole('button', { name: 'Unlock' });
    await unlock.waitFor();
    await unlock.click();
    await unlock.waitFor({ state: 'detached' });
    // Unlocked: the member signs in again.
    const res = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ email, password: 'a long enough password' }),
    });
    expect(res.status).toBe(200);
    await context.close();
  });
});
