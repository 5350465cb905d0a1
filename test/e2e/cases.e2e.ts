// Journey: a case for an organization, a task whose lower-case title comes back title-cased and shows in the case's
// tasks, then the case closed and the change read in its field history.
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

/** An organization created through the API with the page's session. */
async function createOrganization(page: Page, name: string): Promise<number> {
  return page.evaluate(async (orgName) => {
    const res = await fetch('/api/manage/organization/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ version: 0, name: orgName, salesStatus: 'CLIENT', active: true }),
    });
    if (!res.ok) throw new Error(`organization not created: ${res.status}`);
    return ((await res.json()) as { organization: { id: number } }).organization.id;
  }, name);
}

const crumb = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'breadcrumb' }).getByRole('link', { name, exact: true });

describe('cases and tasks', () => {
  it('creates a case and a title-cased task, then closes the case and sees it in History', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'user');
    await page.getByRole('heading', { name: 'Cases & Tasks', level: 1 }).waitFor();
    const orgName = `Casework ${Date.now().toString(36)}`;
    await createOrganization(page, orgName);

    // A new case from the list.
    await page.getByRole('link', { name: 'New Case' }).click();
    await page.waitForURL('**/manage/case/create');
    await page.getByRole('heading', { name: 'New Case' }).waitFor();
    await page.getByLabel('Title').fill('Replace the office firewall');
    const organization = page.getByRole('combobox', { name: 'Organization' });
    await organization.fill(orgName.slice(0, 12));
    await page.getByRole('option', { name: new RegExp(orgName) }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/manage\/case\/\d+$/);
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    const caseId = /\/manage\/case\/(\d+)$/.exec(page.url())![1]!;
    await page.getByRole('heading', { name: `#${caseId} Replace the office firewall` }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Organization' }).count()).toBe(0);
    expect(await page.locator('[data-field="organization"]').textContent()).toContain(orgName);

    // A task with a lower-case title comes back title-cased.
    await page.getByRole('link', { name: 'Tasks', exact: true }).click();
    await page.waitForURL(`**/manage/case/${caseId}/task`);
    await page.getByText('No Results').waitFor();
    await page.getByRole('link', { name: 'New Task' }).click();
    await page.waitForURL(`**/manage/case/${caseId}/task/create`);
    await page.getByLabel('Title').fill('configure the vpn on the fortigate');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(new RegExp(`/manage/case/${caseId}/task/\\d+$`));
    await page.getByRole('heading', { name: 'Configure the VPN on the FortiGate', level: 1 }).waitFor();
    const taskId = /\/task\/(\d+)$/.exec(page.url())![1]!;
    expect(await page.getByRole('link', { name: 'Slips', exact: true }).getAttribute('href')).toBe(
      `/manage/case/${caseId}/task/${taskId}/slip`,
    );

    // It is listed in the case's tasks.
    await crumb(page, 'Tasks').click();
    await page.waitForURL(`**/manage/case/${caseId}/task`);
    const row = page.getByRole('row').filter({ hasText: 'Configure the VPN on the FortiGate' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Open');

    // Closing the case shows in its field history.
    await crumb(page, 'Case').click();
    await page.waitForURL(`**/manage/case/${caseId}`);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Status').selectOption({ label: 'Closed' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    await page.getByRole('link', { name: 'History' }).click();
    await page.waitForURL(`**/manage/case/${caseId}/history`);
    await page.getByRole('heading', { name: 'Field History' }).waitFor();
    const status = page.getByRole('row').filter({ hasText: 'Status' }).filter({ hasText: 'Closed' });
    await status.waitFor();
    const cells = await status.getByRole('cell').allInnerTexts();
    expect(cells.slice(0, 3)).toEqual(['Status', 'Open', 'Closed']);
    expect(await page.getByTestId('object-class').textContent()).toContain('Case');
    await context.close();
  });
});
