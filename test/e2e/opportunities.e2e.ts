// Journey: from an outage's screen a technician clicks "Create opportunity", finds the organization, title and
// description carried over, picks a stage (its default probability follows), saves; the list shows it with the
// totals of the filtered set; Copy starts a new one from it, Cancel returns to the source, a saved copy is listed
// and its activity names the source.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/e2e';
import { type OwnApp, startOwnApp } from '../support/e2e-app';
import { makeOrganization, makeOutage, makeUser, TEST_PASSWORD } from '../support/factories';

let own: OwnApp;
let browser: Browser;
let email: string;
beforeAll(async () => {
  own = await startOwnApp();
  browser = await openBrowser();
  email = (await makeUser(own.db.pool, { firstName: 'Tess', lastName: 'Tech' })).email;
});
afterAll(async () => {
  await browser?.close();
  await own?.stop();
});

async function signedIn(): Promise<Page> {
  const context = await browser.newContext({ baseURL: own.baseUrl, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login') && url.pathname !== '/');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return page;
}

/** A tab of the opportunity header. */
const tab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Opportunity' }).getByRole('link', { name, exact: true });

describe('opportunities', () => {
  it('creates an opportunity from an outage, lists it with totals and copies it', async () => {
    // Data of its own: a retry meets the first attempt's opportunities only through its unique names.
    const stamp = `${Date.now().toString(36).slice(-5)}`.toUpperCase();
    const org = await makeOrganization(own.db.pool, { name: `Harbor Dental ${stamp}` });
    const outage = await makeOutage(own.db.pool, { organizationId: org.id, title: `Server down ${stamp}` });
    await own.db.pool.query('UPDATE outages SET description = $2 WHERE id = $1', [
      outage.id,
      'The file server failed; quote a replacement.',
    ]);
    const page = await signedIn();

    await page.goto(`/manage/outage/${outage.id}`);
    await page.getByRole('link', { name: 'Create opportunity' }).click();
    await page.getByRole('heading', { name: 'New Opportunity' }).waitFor();
    expect(page.url()).toContain(`outageId=${outage.id}`);
    expect(await page.getByRole('combobox', { name: 'Organization' }).inputValue()).toBe(
      `Harbor Dental ${stamp}`,
    );
    expect(await page.getByLabel(/^Title/).inputValue()).toBe(`Server down ${stamp}`);
    expect(await page.getByLabel(/^Notes/).inputValue()).toBe('The file server failed; quote a replacement.');
    expect(await page.getByLabel(/^Probability/).inputValue()).toBe('10');

    // A stage brings its default probability; the weighted amount follows what is typed.
    await page.getByLabel(/^Stage/).selectOption({ label: 'Proposal' });
    expect(await page.getByLabel(/^Probability/).inputValue()).toBe('50');
    await page.getByLabel(/^Amount/).fill('12,000');
    await expect.poll(() => page.locator('#f-weighted').textContent()).toBe('$6,000.00');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/manage\/opportunity\/\d+$/);
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    const sourceUrl = page.url();
    await expect.poll(() => page.getByTestId('opportunity-weighted').textContent()).toBe('$6,000.00');
    await page.getByText(`From Outage`).waitFor();

    // The list finds it; the totals are the filtered set's.
    await page.goto(`/manage/opportunity?q=${encodeURIComponent(`Harbor Dental ${stamp}`)}`);
    await page.getByRole('cell', { name: `Server down ${stamp}`, exact: true }).waitFor();
    await expect
      .poll(() => page.getByTestId('opportunity-totals').textContent())
      .toBe('1 opportunity · Amount $12,000.00 · Weighted $6,000.00');

    // Copy: a new opportunity prefilled from the source; Cancel returns to the source.
    await page.goto(sourceUrl);
    await page.getByRole('link', { name: 'Copy' }).click();
    await page.getByRole('heading', { name: 'New Opportunity (copy)' }).waitFor();
    expect(page.url()).toContain('oppCopyId=');
    expect(await page.getByLabel(/^Title/).inputValue()).toBe(`Copy of Server down ${stamp}`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(sourceUrl);
    await page.getByRole('link', { name: 'Copy' }).click();
    await page.getByRole('heading', { name: 'New Opportunity (copy)' }).waitFor();
    await page.getByLabel(/^Amount/).fill('3000');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(
      (url) => /\/manage\/opportunity\/\d+$/.test(url.pathname) && url.href !== sourceUrl,
    );
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    await tab(page, 'Activity').click();
    await page.getByText(/created: Copy of Server down .* \(copy of OP-\d+\)$/).waitFor();

    await page.goto(`/manage/opportunity?q=${encodeURIComponent(`Harbor Dental ${stamp}`)}`);
    await page.getByRole('cell', { name: `Copy of Server down ${stamp}` }).waitFor();
    await expect
      .poll(() => page.getByTestId('opportunity-totals').textContent())
      .toBe('2 opportunities · Amount $15,000.00 · Weighted $7,500.00');
    await page.context().close();
  });
});
