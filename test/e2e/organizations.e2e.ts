// Journeys: create an organization (tax id message, fix, save), list filters in the address, history, and two
// people editing one organization at once (the second save gets the conflict message, nothing is lost).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, openBrowser, signIn } from '../support/e2e';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const form = (page: Page) => page.getByRole('form', { name: 'Organization' });

async function createOrganization(page: Page, name: string) {
  await page.goto(`/manage/organization/create?name=${encodeURIComponent(name)}`);
  await page.getByRole('heading', { name: 'New Organization' }).waitFor();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/manage\/organization\/\d+$/);
  await page.getByRole('button', { name: 'Edit' }).waitFor();
}

describe('organizations', () => {
  it('refuses a bad federal tax id with the SPEC message, then saves the fixed value', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'user');
    await page.goto('/manage/organization');
    await page.getByRole('link', { name: 'New Organization' }).click();
    await page.getByRole('heading', { name: 'New Organization' }).waitFor();
    await page.getByLabel('Name').fill(`Acme Dental ${stamp}`);
    await page.getByLabel('Federal Tax ID').fill('12-345');
    await page.getByLabel('Sales Status').selectOption({ label: 'Client' });
    await page.getByRole('button', { name: 'Save' }).click();
    const taxField = form(page).locator('[data-field="federalTaxId"]');
    await taxField.locator('.invalid-feedback').waitFor();
    expect(await taxField.textContent()).toContain('Format does not match "##-#######"');
    expect(page.url()).toMatch(/\/create$/);
    await page.getByLabel('Federal Tax ID').fill('12 3456789');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/manage\/organization\/\d+$/);
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    expect(await form(page).locator('[data-field="federalTaxId"]').textContent()).toContain('12-3456789');
    // The change is in its history.
    await page.getByRole('link', { name: 'History' }).click();
    await page.getByRole('heading', { name: 'Field History' }).waitFor();
    await page.getByRole('cell', { name: 'Federal Tax ID' }).waitFor();
    await context.close();
  });

  it('keeps the list filters in the address across a reload', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'user');
    await createOrganization(page, `Filterco ${stamp}`);
    await page.goto('/manage/organization');
    await page.getByLabel('Search').fill(`Filterco ${stamp}`);
    await page.waitForURL(/q=Filterco/);
    await page.getByRole('link', { name: `Filterco ${stamp}` }).waitFor();
    await page.getByLabel('Show').selectOption({ label: 'Inactive' });
    await page.waitForURL(/filter=3/);
    await page.getByRole('cell', { name: 'No Results' }).waitFor();
    await page.reload();
    await page.getByRole('cell', { name: 'No Results' }).waitFor();
    expect(await page.getByLabel('Search').inputValue()).toBe(`Filterco ${stamp}`);
    expect(await page.getByLabel('Show').inputValue()).toBe('3');
    await page.getByLabel('Show').selectOption({ label: 'Active' });
    await page.getByRole('link', { name: `Filterco ${stamp}` }).waitFor();
    await context.close();
  });

  it('two people edit one organization: the second save shows the conflict and overwrites nothing', async () => {
    const first = await newPage(browser);
    await signIn(first.page, 'admin');
    await createOrganization(first.page, `Conflictco ${stamp}`);
    const url = first.page.url();
    const second = await newPage(browser);
    await signIn(second.page, 'user');
    await second.page.goto(url);
    for (const { page } of [first, second]) {
      await page.getByRole('button', { name: 'Edit' }).click();
      await page.getByLabel('Website').waitFor();
    }
    await first.page.getByLabel('Website').fill('first.example');
    await first.page.getByRole('button', { name: 'Save' }).click();
    await first.page.getByRole('button', { name: 'Edit' }).waitFor();

    await second.page.getByLabel('Website').fill('second.example');
    await second.page.getByRole('button', { name: 'Save' }).click();
    const notice = second.page.getByTestId('conflict');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/This record was changed by System Administrator at /);
    expect(await notice.textContent()).toContain('first.example');
    // Nothing was lost: the second person's typing is still in the form, the first person's value is saved.
    expect(await second.page.getByLabel('Website').inputValue()).toBe('second.example');
    await first.page.reload();
    await first.page.getByRole('button', { name: 'Edit' }).waitFor();
    expect(await form(first.page).locator('[data-field="website"]').textContent()).toContain('first.example');
    // Keeping their own changes and saving again is a deliberate overwrite.
    await second.page.getByRole('button', { name: 'Keep my changes' }).click();
    await second.page.getByRole('button', { name: 'Save' }).click();
    await second.page.getByRole('button', { name: 'Edit' }).waitFor();
    expect(await form(second.page).locator('[data-field="website"]').textContent()).toContain(
      'second.example',
    );
    await first.context.close();
    await second.context.close();
  });
});
