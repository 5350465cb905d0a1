// Journeys: an administrator adds a service type and an amendment type from the Sales admin lists; a technician
// reads the amendment sales settings without an Edit button; an administrator edits the number prefix and finds
// the change in the page's field history, which the technician then reads too.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, openBrowser, signIn } from '../support/e2e';
import { post } from '../support/e2e-data';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const SETTINGS = '/admin/sales-settings-amendment';

/** Creates one record of an admin pick list through its New form; returns to the saved record's page. */
async function createFromList(page: Page, list: string, one: string, fill: () => Promise<void>) {
  await page.goto(`/admin/${list}`);
  await page.getByRole('link', { name: `New ${one}` }).click();
  await page.waitForURL(`**/admin/${list}/create`);
  await page.getByRole('heading', { name: `New ${one}` }).waitFor();
  await fill();
  await page.getByRole('button', { name: 'Save' }).click();
}

const field = (page: Page, name: string) => page.locator(`[data-field="${name}"]`);

describe('sales admin lists', () => {
  it('an administrator creates a service type with block hours and an amendment type', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    await page.getByRole('button', { name: 'Admin', exact: true }).click();
    await page.getByRole('link', { name: 'Service Types' }).click();
    await page.waitForURL('**/admin/service-type');

    await createFromList(page, 'service-type', 'Service Type', async () => {
      await page.getByLabel(/^Name/).fill(`Block Time ${stamp}`);
      await page.getByLabel('Block Hours').check();
      await page.getByLabel('Description').fill('Prepaid hours used down by slips');
    });
    await page.waitForURL(/\/admin\/service-type\/\d+$/);
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    await page.getByRole('heading', { name: `Block Time ${stamp}` }).waitFor();

    // The same name in another letter case is refused.
    await createFromList(page, 'service-type', 'Service Type', async () => {
      await page.getByLabel(/^Name/).fill(`BLOCK TIME ${stamp}`);
    });
    await page.getByText('This name is already used.').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/service-type/create');

    await page.goto('/admin/service-type');
    await page.getByLabel('Search').fill(`Block Time ${stamp}`);
    await page.waitForURL(/q=Block/);
    const row = page.getByRole('row').filter({ hasText: `Block Time ${stamp}` });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      `Block Time ${stamp}`,
      'Prepaid hours used down by slips',
      'Yes',
      '',
      'Active',
    ]);

    await createFromList(page, 'amendment-type', 'Amendment Type', async () => {
      await page.getByLabel(/^Name/).fill(`Add Seats ${stamp}`);
    });
    await page.waitForURL(/\/admin\/amendment-type\/\d+$/);
    await page.getByRole('heading', { name: `Add Seats ${stamp}` }).waitFor();
    await page.getByRole('link', { name: 'History' }).click();
    await page.waitForURL(/\/admin\/amendment-type\/\d+\/history$/);
    await page.getByTestId('object-class').filter({ hasText: 'Amendment Type' }).waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: `Add Seats ${stamp}` })
      .waitFor();
    await context.close();
  });
});

describe('sales settings, amendments', () => {
  it('a technician reads the settings without an Edit button', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'user');
    await page.goto(SETTINGS);
    await page.getByRole('heading', { name: 'Sales Settings: Amendments' }).waitFor();
    const form = page.getByRole('form', { name: 'Sales Settings: Amendments' });
    await form.getByTestId('next-amendment').waitFor();
    expect(await form.getByTestId('next-amendment').textContent()).toMatch(
      /^Next amendment: [A-Za-z0-9-]+\d+$/,
    );
    expect(await field(page, 'numberPrefix').textContent()).toContain('Number Prefix');
    expect(await field(page, 'signingNeedsDocument').textContent()).toMatch(
      /Signing an amendment needs its signed document(Yes|No)/,
    );
    expect(await page.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await page.locator('input, select, textarea').count()).toBe(0);
    await page.screenshot({ path: '.tmp/sales-settings-amendment-technician.png', fullPage: true });
    await page.getByRole('link', { name: 'History' }).click();
    await page.waitForURL(`**${SETTINGS}/history`);
    await page.getByRole('heading', { name: 'Field History' }).waitFor();
    await context.close();
  });

  it('an administrator edits the prefix and default type, sees the next number and the history', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    const type = `Renewal ${stamp}`;
    await post(page.request, '/api/admin/amendment-type/create', { version: 0, name: type, active: true });
    await page.goto(SETTINGS);
    await page.getByRole('heading', { name: 'Sales Settings: Amendments' }).waitFor();
    const before = (await field(page, 'numberPrefix').locator('output').textContent())!.trim();
    await page.getByRole('button', { name: 'Edit' }).click();
    const prefix = `AM${stamp}-`;
    await page.getByLabel(/^Number Prefix/).fill(prefix);
    await page.getByLabel(/^Next Number/).fill('5000');
    await page.getByLabel('Default Amendment Type').selectOption({ label: type });
    // The line follows the typing.
    await page
      .getByTestId('next-amendment')
      .filter({ hasText: `Next amendment: ${prefix}5000` })
      .waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    expect(await page.getByTestId('next-amendment').textContent()).toBe(`Next amendment: ${prefix}5000`);
    expect(await field(page, 'defaultAmendmentType').textContent()).toContain(type);

    await page.getByRole('link', { name: 'History' }).click();
    await page.waitForURL(`**${SETTINGS}/history`);
    await page.getByTestId('object-class').filter({ hasText: 'Sales Settings: Amendments' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: prefix });
    await row.waitFor();
    expect((await row.getByRole('cell').allInnerTexts()).slice(0, 4)).toEqual([
      'Number Prefix',
      before,
      prefix,
      'System Administrator',
    ]);
    await page
      .getByRole('row')
      .filter({ hasText: 'Default Amendment Type' })
      .filter({ hasText: type })
      .waitFor();
    await page.getByRole('link', { name: 'Sales Settings' }).last().click();
    await page.waitForURL(`**${SETTINGS}`);

    // A technician now reads the new prefix.
    const tech = await newPage(browser);
    await signIn(tech.page, 'user');
    await tech.page.goto(SETTINGS);
    await tech.page
      .getByTestId('next-amendment')
      .filter({ hasText: `Next amendment: ${prefix}5000` })
      .waitFor();
    await tech.context.close();
    await context.close();
  });
});
