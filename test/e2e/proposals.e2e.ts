// Journey: on an opportunity, add a proposal with a one-time and a monthly line and watch the totals follow the
// typing; save it, copy it, change a price in the copy and save; print it (the download is a PDF named after its
// number and its text holds every character); both proposals are listed with their totals, and the copy's history
// tells what its lines were; the copy accepted, winning is refused until its one-time line has a service type, then
// the dialog says what it creates and the opportunity is won: the agreement holds the monthly service and the one-time
// charge, the opportunity's amount is the first-year value and its close date the day chosen.
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftDay } from '../../src/client/features/charts/chart-period';
import { companyToday } from '../../src/shared/format/company-time';
import { testConfig } from '../support/api';
import { openBrowser } from '../support/e2e';
import { type OwnApp, signInOwn, startOwnApp } from '../support/e2e-app';
import { shoot } from '../support/e2e-shots';
import { makeOpportunity, makeOrganization, makeServiceType, makeUser } from '../support/factories';

let own: OwnApp;
let browser: Browser;
let email: string;
beforeAll(async () => {
  // An app of its own: the opportunity comes from the factories (this tree's screens start below it).
  own = await startOwnApp();
  browser = await openBrowser();
  email = (await makeUser(own.db.pool, { firstName: 'Sam', lastName: 'Sales' })).email;
});
afterAll(async () => {
  await browser?.close();
  await own?.stop();
});

const signedIn = () => signInOwn(browser, own, email, { viewport: { width: 1280, height: 900 } });

const line = (page: Page, n: number) => page.getByRole('group', { name: `Line ${n}`, exact: true });
const totals = async (page: Page) =>
  Promise.all(
    ['proposal-one-time', 'proposal-monthly', 'proposal-first-year'].map((id) =>
      page.getByTestId(id).textContent(),
    ),
  );

describe('proposals', () => {
  it('adds a proposal with live totals, copies it with a new price, prints it, and wins the opportunity with it', async () => {
    const organizationId = (await makeOrganization(own.db.pool, { name: 'Łódź Dental' })).id;
    const opportunity = await makeOpportunity(own.db.pool, { organizationId, title: 'Clinic refresh' });
    const type = await makeServiceType(own.db.pool, { name: `Managed Workstation ${Date.now() % 100000}` });
    const setup = await makeServiceType(own.db.pool, { name: `Installation ${Date.now() % 100000}` });
    const page = await signedIn();
    const proposals = `/manage/opportunity/${opportunity.id}/proposals`;
    await page.goto(proposals);
    await page.getByRole('heading', { name: 'Proposals' }).waitFor();
    await page.getByRole('cell', { name: 'No Results' }).waitFor();

    await page.getByRole('link', { name: 'New Proposal' }).click();
    await page.getByRole('heading', { name: 'New Proposal' }).waitFor();
    await page.getByLabel(/^Title/).fill('Refresh for Zoë Łukasiewicz');
    await page.getByRole('button', { name: 'Add Line' }).click();
    await line(page, 1).getByLabel('Description').fill('Server installation');
    await line(page, 1).getByLabel('Quantity').fill('1');
    await line(page, 1).getByLabel('Unit Price').fill('2,500');
    await page.getByRole('button', { name: 'Add Line' }).click();
    await line(page, 2).getByLabel('Service Type').selectOption({ label: type.name });
    await line(page, 2).getByLabel('Quantity').fill('10');
    await line(page, 2)
      .getByLabel(/^Billing/)
      .selectOption({ label: 'Monthly' });
    // The totals follow each keystroke of the price, to the cent.
    await line(page, 2).getByLabel('Unit Price').pressSequentially('45.55');
    await expect.poll(() => totals(page)).toEqual(['$2,500.00', '$455.50', '$7,966.00']);
    await page.getByRole('textbox', { name: 'Terms' }).click();
    await page.keyboard.type('Net 30 days.');
    await page.getByRole('button', { name: 'Save' }).click();

    await page.waitForURL(new RegExp(`${proposals}/\\d+$`));
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    const first = (await page.getByRole('heading', { name: /^Proposal PR-\d+$/ }).textContent())!.slice(9);
    const firstUrl = page.url();
    // The proposal names the opportunity it belongs to, linked.
    await page
      .getByTestId('parent-record')
      .getByRole('link', { name: `${opportunity.number} · Clinic refresh` })
      .waitFor();
    await shoot(page, 'proposal-basics');
    await page.getByRole('cell', { name: 'Server installation' }).waitFor();
    await page.getByRole('cell', { name: type.name }).waitFor();
    expect(await totals(page)).toEqual(['$2,500.00', '$455.50', '$7,966.00']);
    await page.getByText('Net 30 days.').waitFor();

    // Copy: a new proposal holding the same lines; the monthly price changes before it is saved.
    await page.getByRole('link', { name: 'Copy' }).click();
    await page.getByRole('heading', { name: 'New Proposal (copy)' }).waitFor();
    expect(page.url()).toContain('proposalCopyId=');
    expect(await line(page, 1).getByLabel('Description').inputValue()).toBe('Server installation');
    await line(page, 2).getByLabel('Unit Price').fill('50');
    await expect.poll(() => totals(page)).toEqual(['$2,500.00', '$500.00', '$8,500.00']);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => /\/proposals\/\d+$/.test(url.pathname) && url.href !== firstUrl);
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    const copy = (await page.getByRole('heading', { name: /^Proposal PR-\d+$/ }).textContent())!.slice(9);
    expect(copy).not.toBe(first);
    expect(await totals(page)).toEqual(['$2,500.00', '$500.00', '$8,500.00']);

    // Print: the saved proposal downloads as a PDF named after its number.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Print PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${copy}.pdf`);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // Every character prints (an embedded font): the text read back from the PDF holds the name as typed.
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const pdf = await getDocument({ data: new Uint8Array(bytes) }).promise;
    const text = (await (await pdf.getPage(1)).getTextContent()).items
      .map((i) => ('str' in i ? i.str : ''))
      .join(' ');
    expect(text).toContain('Zoë Łukasiewicz');
    expect(text).toContain(copy);
    expect(text).toContain('$8,500.00');
    const copyUrl = page.url();

    // The copy's history shows its lines; the list shows both proposals with their totals.
    await page.getByRole('link', { name: 'History' }).click();
    await page.getByRole('cell', { name: 'Lines', exact: true }).first().waitFor();
    await page.goto(proposals);
    const row = (number: string) => page.getByRole('row').filter({ hasText: number });
    await row(first).getByRole('cell', { name: '$7,966.00' }).waitFor();
    await row(copy).getByRole('cell', { name: '$8,500.00' }).waitFor();

    // The client accepts the copy. Winning it is refused while its one-time line has no service type: the dialog
    // names the line and offers no Create Agreement until the proposal is fixed.
    await page.goto(copyUrl);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel(/^Status/).selectOption({ label: 'Accepted' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    await page.goto(`/manage/opportunity/${opportunity.id}`);
    await page.getByRole('button', { name: 'Mark Won' }).click();
    let dialog = page.getByTestId('win-dialog');
    await dialog
      .getByText(
        'Line 1 (Server installation) is one-time but has no service type. Choose one on the proposal first.',
      )
      .waitFor();
    expect(await dialog.getByRole('button', { name: 'Create Agreement' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.goto(copyUrl);
    await page.getByRole('button', { name: 'Edit' }).click();
    await line(page, 1).getByLabel('Service Type').selectOption({ label: setup.name });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Edit' }).waitFor();

    // Now the dialog says what it creates, with the company's today as the close date; the sale closed yesterday.
    await page.goto(`/manage/opportunity/${opportunity.id}`);
    await page.getByRole('button', { name: 'Mark Won' }).click();
    dialog = page.getByTestId('win-dialog');
    const summary = dialog.getByTestId('win-summary');
    await summary.waitFor();
    expect(
      await dialog
        .getByLabel(/^Accepted proposal/)
        .locator('option:checked')
        .textContent(),
    ).toContain(copy);
    expect(await summary.textContent()).toContain('1 monthly service ($500.00 a month)');
    expect(await summary.textContent()).toContain(
      '1 one-time charge ($2,500.00, billed once on the start date)',
    );
    expect(await dialog.getByTestId('win-first-year').textContent()).toBe('$8,500.00');
    const today = companyToday(testConfig().timeZone).display;
    expect(await dialog.getByLabel(/^Close date/).inputValue()).toBe(today);
    expect(await dialog.getByLabel(/^Start date/).inputValue()).toBe(today);
    const yesterday = shiftDay(today, -1);
    await dialog.getByLabel(/^Close date/).fill(yesterday);
    await summary.click(); // closes the date picker
    await shoot(page, 'win-dialog');
    await dialog.getByRole('button', { name: 'Create Agreement' }).click();

    // The agreement holds every line: the monthly service and the one-time charge, billed once this month.
    await page.waitForURL(/\/manage\/agreement\/\d+\/agreement-services$/);
    const serviceRow = (name: string) => page.getByRole('row').filter({ hasText: name });
    await serviceRow(type.name).getByRole('cell', { name: '$500.00', exact: true }).waitFor();
    await serviceRow(setup.name).getByRole('cell', { name: '$2,500.00 once' }).waitFor();
    await page.getByRole('link', { name: opportunity.number }).waitFor();
    await expect.poll(() => page.getByTestId('monthly-value').textContent()).toBe('$500.00');
    await expect.poll(() => page.getByTestId('one-time-value').textContent()).toBe('$2,500.00');
    await shoot(page, 'won-agreement-services');

    // The opportunity's amount is the first-year value, its close date the day chosen.
    await page.getByRole('link', { name: opportunity.number }).click();
    await page.getByRole('button', { name: 'Mark Won' }).waitFor({ state: 'detached' });
    const basics = page.getByRole('form', { name: 'Opportunity' });
    await expect
      .poll(() => basics.locator('[data-field="amountShown"]').textContent())
      .toMatch(/\b8,?500\.00\b/);
    expect(await basics.locator('[data-field="closeDate"]').textContent()).toContain(yesterday);
    // A won opportunity offers Delete only to say why it cannot go.
    const remove = page.getByRole('button', { name: 'Delete' });
    await page.getByText(/^This opportunity has been won and cannot be deleted/).waitFor();
    expect(await remove.isDisabled()).toBe(true);
    // A long journey (a proposal written, copied, printed, fixed and won) on a shared machine.
  }, 180_000);
});
