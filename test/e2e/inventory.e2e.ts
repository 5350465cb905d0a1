// Journeys: add a person from an organization's People tab (names prefilled from the search) and Cancel back;
// filter the equipment list, reload, the filters persist; edit a device and find the change in its history.
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

/** Creates an organization through its form; returns its id. */
async function createOrganization(page: Page, name: string): Promise<string> {
  await page.goto(`/manage/organization/create?name=${encodeURIComponent(name)}`);
  await page.getByRole('heading', { name: 'New Organization' }).waitFor();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/manage\/organization\/\d+$/);
  await page.getByRole('button', { name: 'Edit' }).waitFor();
  return /\/(\d+)$/.exec(page.url())![1]!;
}

describe('people of an organization', () => {
  it('a name searched for and not found prefills the new person; Cancel returns to the people', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'user');
    const orgId = await createOrganization(page, `Peopleco ${stamp}`);
    await page.getByRole('link', { name: 'People', exact: true }).click();
    await page.waitForURL(`**/manage/organization/${orgId}/people`);
    await page.getByLabel('Search').fill('Jane van Dyke');
    await page.waitForURL(/q=Jane/);
    await page.getByRole('cell', { name: 'No Results' }).waitFor();
    await page.getByRole('link', { name: 'New Person' }).click();
    await page.getByRole('heading', { name: 'New Person' }).waitFor();
    expect(page.url()).toContain(`/manage/organization/${orgId}/people/create?`);
    expect(await page.getByLabel('First Name').inputValue()).toBe('Jane');
    expect(await page.getByLabel('Last Name').inputValue()).toBe('van Dyke');
    // The organization is the one the person was added from.
    expect(await page.getByRole('combobox', { name: 'Organization' }).inputValue()).toBe(`Peopleco ${stamp}`);

    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(`**/manage/organization/${orgId}/people`);
    await page.getByRole('cell', { name: 'No Results' }).waitFor();

    // Saved, the person is on the organization's people list.
    await page.goto(`/manage/organization/${orgId}/people/create?firstName=Jane&lastName=van%20Dyke`);
    await page.getByRole('heading', { name: 'New Person' }).waitFor();
    await page.getByLabel('Email').fill('jane@peopleco.example');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(new RegExp(`/manage/organization/${orgId}/people/\\d+$`));
    await page.getByRole('heading', { name: 'Jane van Dyke' }).waitFor();
    await page.goto(`/manage/organization/${orgId}/people`);
    await page.getByRole('link', { name: 'Jane van Dyke' }).waitFor();
    await context.close();
  });
});

describe('equipment', () => {
  it('keeps the list filters in the address across a reload, and records a device edit in its history', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'user');
    const orgId = await createOrganization(page, `Deviceco ${stamp}`);
    await page.goto(`/manage/organization/${orgId}/equipment/create`);
    await page.getByRole('heading', { name: 'New Device' }).waitFor();
    await page.getByLabel(/^Name/).fill(`PC-${stamp}`);
    await page.getByLabel('Serial Number').fill('SN-OLD-1');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(new RegExp(`/manage/organization/${orgId}/equipment/\\d+$`));
    await page.getByRole('button', { name: 'Edit' }).waitFor();

    await page.goto('/manage/equipment');
    await page.getByLabel('Search').fill(`PC-${stamp}`);
    await page.waitForURL(/\/manage\/equipment\/filter\//);
    await page.getByRole('link', { name: `PC-${stamp}` }).waitFor();
    await page.getByLabel('Show').selectOption({ label: 'Inactive' });
    await page.getByRole('cell', { name: 'No Results' }).waitFor();
    const filtered = decodeURIComponent(page.url());
    expect(filtered).toContain('"filter":"3"');
    await page.reload();
    await page.getByRole('cell', { name: 'No Results' }).waitFor();
    expect(await page.getByLabel('Search').inputValue()).toBe(`PC-${stamp}`);
    expect(await page.getByLabel('Show').inputValue()).toBe('3');
    await page.getByLabel('Show').selectOption({ label: 'Active' });
    await page.getByRole('link', { name: `PC-${stamp}` }).click();

    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Serial Number').fill('SN-NEW-2');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    await page.getByRole('link', { name: 'History' }).click();
    await page.getByRole('heading', { name: 'Field History' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'SN-NEW-2' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Serial Number');
    expect(await row.textContent()).toContain('SN-OLD-1');
    await context.close();
  });
});
