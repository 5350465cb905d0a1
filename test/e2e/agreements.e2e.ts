// Journeys: create an agreement for a client and add two services, see the monthly value; draft an amendment that
// changes a quantity, sign it, see the services and the history change; copy it and Cancel back to the source; the
// same tree from the organization's Agreements tab.
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, openBrowser, signIn, watchPolicyViolations } from '../support/e2e';
import { post } from '../support/e2e-data';
import { shoot } from '../support/e2e-shots';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// Names unique per attempt: a retried journey must not meet the first attempt's service types.
let stamp = '';
const newStamp = () =>
  `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();

/** A tab of the agreement header (the breadcrumbs name the same screens). */
const tab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Agreement' }).getByRole('link', { name, exact: true });

/** A client, a service type and an amendment type made through the API (the administrator's lists). */
async function setup(page: Page) {
  const org = await post<{ organization: { id: number } }>(page.request, '/api/manage/organization/create', {
    name: `Agreeco ${stamp}`,
    active: true,
    salesStatus: 'CLIENT',
  });
  const type = await post<{ serviceType: { id: number } }>(page.request, '/api/admin/service-type/create', {
    name: `Managed Workstation ${stamp}`,
    description: null,
    blockHours: false,
    active: true,
  });
  await post(page.request, '/api/admin/service-type/create', {
    name: `Firewall ${stamp}`,
    description: null,
    blockHours: false,
    active: true,
  });
  await post(page.request, '/api/admin/amendment-type/create', {
    name: `Add Services ${stamp}`,
    description: null,
    active: true,
  });
  return { orgId: org.organization.id, typeId: type.serviceType.id };
}

async function addService(page: Page, agreementPath: string, type: string, quantity: string, price: string) {
  await page.goto(`${agreementPath}/agreement-services/create`);
  await page.getByRole('heading', { name: 'New Service' }).waitFor();
  await page.getByLabel(/^Service Type/).selectOption({ label: type });
  await page.getByLabel(/^Quantity/).fill(quantity);
  await page.getByLabel(/^Unit Price/).fill(price);
  await page.getByLabel(/^Start Date/).fill('01/01/2026');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Edit' }).waitFor();
}

describe('agreements', () => {
  it('creates an agreement with two services, signs an amendment, copies it and cancels back', async () => {
    stamp = newStamp();
    const { context, page } = await newPage(browser);
    const violations = await watchPolicyViolations(page);
    await signIn(page, 'admin');
    const { orgId } = await setup(page);

    // From the organization's Agreements tab.
    await page.goto(`/manage/organization/${orgId}`);
    await page.getByRole('link', { name: 'Agreements', exact: true }).click();
    await page.waitForURL(`**/manage/organization/${orgId}/agreements`);
    await page.getByRole('link', { name: 'New Agreement' }).click();
    await page.getByRole('heading', { name: 'New Agreement' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Organization' }).inputValue()).toBe(`Agreeco ${stamp}`);
    await page.getByLabel(/^Title/).fill('Managed services');
    await page.getByLabel(/^Start Date/).fill('01/01/2026');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(new RegExp(`/manage/organization/${orgId}/agreements/\\d+$`));
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    const agreementPath = new URL(page.url()).pathname;

    // Opened afresh, the agreement is asked for once: its header and its form share the answer.
    const recordApi = `/api/manage/agreement/${agreementPath.split('/').pop()}`;
    const asked: string[] = [];
    const count = (r: Request) => {
      if (r.method() === 'GET' && new URL(r.url()).pathname === recordApi) asked.push(r.url());
    };
    page.on('request', count);
    await page.reload();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    await page.getByTestId('monthly-value').waitFor();
    page.off('request', count);
    expect(asked).toHaveLength(1);

    await addService(page, agreementPath, `Managed Workstation ${stamp}`, '10', '50');
    await addService(page, agreementPath, `Firewall ${stamp}`, '1', '$1,200.50');
    await tab(page, 'Services').click();
    await page.getByRole('cell', { name: '$1,200.50' }).first().waitFor();
    await expect.poll(() => page.getByTestId('monthly-value').textContent()).toBe('$1,700.50');
    // Forms parsed with the page's policy kept: no eval (Zod's compiled parsers stay off, zod-jitless.ts).
    expect(violations).toEqual([]);

    // Draft an amendment that changes the workstations' quantity from 07/01/2026, then sign it.
    await tab(page, 'Amendments').click();
    await page.getByRole('link', { name: 'New Amendment' }).click();
    await page.getByRole('heading', { name: 'New Amendment' }).waitFor();
    await page.getByLabel(/^Amendment Type/).selectOption({ label: `Add Services ${stamp}` });
    await page.getByLabel(/^Effective Date/).fill('07/01/2026');
    await page.getByRole('button', { name: 'Add Change' }).click();
    await page.getByLabel('Change 1', { exact: true }).selectOption({ label: 'Change quantity or price' });
    const service = page.getByLabel('Service', { exact: true });
    const option = service.locator('option', { hasText: `Managed Workstation ${stamp}` });
    await service.selectOption(await option.getAttribute('value'));
    await page.getByLabel('New Quantity').fill('15');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    const amendmentUrl = page.url();
    // The amendment names the agreement it belongs to.
    await page
      .getByTestId('parent-record')
      .getByRole('link', { name: /· Managed services$/ })
      .waitFor();
    await shoot(page, 'amendment-basics');
    await page.getByTestId('monthly-change').getByText('+$250.00').waitFor();

    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel(/^Status/).selectOption({ label: 'Signed' });
    await page.getByRole('button', { name: 'Save' }).click();
    // Signed: read-only; the services from 07/01/2026 carry the new quantity.
    await page.getByRole('link', { name: 'Copy' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await page.getByText('Signed', { exact: true }).first().waitFor();
    await page.goto(`${agreementPath}/agreement-services?asOf=07/01/2026`);
    await expect.poll(() => page.getByTestId('monthly-value').textContent()).toBe('$1,950.50');
    await page.goto(`${agreementPath}/agreement-services?asOf=06/30/2026`);
    await expect.poll(() => page.getByTestId('monthly-value').textContent()).toBe('$1,700.50');

    // The workstation service's history shows the end the signing gave it.
    await page.getByLabel('Show').selectOption({ value: '' });
    // Ended services show too: the one the signing ended the day before the effective date.
    await page
      .getByRole('row', { name: /01\/01\/2026 – 06\/30\/2026/ })
      .getByRole('link')
      .click();
    await page.getByRole('link', { name: 'History' }).click();
    await page.getByRole('cell', { name: '06/30/2026' }).waitFor();

    // Copy the amendment, then Cancel back to the source.
    await page.goto(amendmentUrl);
    await page.getByRole('link', { name: 'Copy' }).click();
    await page.getByRole('heading', { name: 'New Amendment (copy)' }).waitFor();
    expect(page.url()).toContain('amendmentCopyId=');
    expect(await page.getByLabel('New Quantity').inputValue()).toBe('15.00');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(amendmentUrl);
    await page.getByRole('heading', { name: /^Amendment AM-/ }).waitFor();

    // The timeline tells the story, newest first.
    await tab(page, 'Activity').click();
    await page.getByText(/signed: its service changes apply from 07\/01\/2026/).waitFor();
    await page.getByLabel('Add a note').fill('Customer asked for the signed copy by mail.');
    await page.getByRole('button', { name: 'Add Note' }).click();
    await page.getByText('Customer asked for the signed copy by mail.').waitFor();

    // The top-level list finds it, with its monthly value today (the amendment is in force).
    await page.goto(`/manage/agreement?q=${encodeURIComponent(`Agreeco ${stamp}`)}`);
    await page.getByRole('cell', { name: '$1,950.50' }).waitFor();
    await page.getByTestId('agreement-totals').getByText('$1,950.50').waitFor();
    await context.close();
  });
});
