// Journey: month-end billing. A client with an agreement (a monthly service, a billing contact) and last month's
// support case with a finished slip; the administrator drafts last month's invoices (the default month), waits for the
// run to finish, opens the client's invoice (the service and the time on it), changes the service line's quantity
// (the line says what it was, the total follows), approves and posts it, sees its number, and reads it back through
// the API; the field history tells the change.
import { parse } from 'csv-parse/sync';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../src/shared/format';
import { formatMoney, fromHundredths, toHundredths } from '../../src/shared/format/money';
import type { BillingRun, Invoice } from '../../src/shared/schemas/billing-run';
import { download, newPage, openBrowser, signIn } from '../support/e2e';
import { post, XHR } from '../support/e2e-data';
import { shoot } from '../support/e2e-shots';
import { pdfLines } from '../support/export-readers';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const ORGANIZATION = `Invoiceco ${stamp}`;
const SERVICE = `Managed Seat ${stamp}`;
const now = new Date();
// The 10th of last month: inside the month drafted whatever today is; the agreement starts the month before.
const workDay = new Date(now.getFullYear(), now.getMonth() - 1, 10);
const agreementStart = new Date(now.getFullYear(), now.getMonth() - 2, 1);
const PERIOD = `${workDay.getFullYear()}-${String(workDay.getMonth() + 1).padStart(2, '0')}`;
const PERIOD_LABEL = workDay.toLocaleString('en-US', { month: 'long', year: 'numeric' });

/** The client, its billing contact, an agreement with one monthly service (5 × $40.00) and last month's time. */
async function client(page: Page): Promise<{ organizationId: number }> {
  const { request } = page;
  const type = await post<{ serviceType: { id: number } }>(request, '/api/admin/service-type/create', {
    name: SERVICE,
    description: null,
    blockHours: false,
    active: true,
  });
  const org = await post<{ organization: { id: number } }>(request, '/api/manage/organization/create', {
    version: 0,
    name: ORGANIZATION,
    active: true,
    salesStatus: 'CLIENT',
  });
  const organizationId = org.organization.id;
  const person = await post<{ person: { id: number } }>(request, '/api/manage/person/create', {
    version: 0,
    firstName: 'Pat',
    lastName: `Payable ${stamp}`,
    email: `pat.${stamp.toLowerCase()}@invoiceco.example`,
    organization: organizationId,
    active: true,
  });
  const agreement = await post<{ agreement: { id: number } }>(request, '/api/manage/agreement/create', {
    version: 0,
    organization: organizationId,
    number: `BR-${stamp}`,
    title: 'Managed services',
    status: 'OPEN',
    type: 'MANAGED',
    startDate: formatDate(agreementStart),
    billingContact: person.person.id,
  });
  await post(request, `/api/manage/agreement/${agreement.agreement.id}/service/create`, {
    version: 0,
    serviceType: type.serviceType.id,
    description: null,
    quantity: '5',
    unitPrice: '40.00',
    billingFrequency: 'MONTHLY',
    startDate: formatDate(agreementStart),
    endDate: null,
    coveredHours: null,
  });
  const made = await post<{ case: { id: number; version: number } }>(request, '/api/manage/case/create', {
    version: 0,
    title: `Printer outage ${stamp}`,
    organization: organizationId,
    status: 'OPEN',
  });
  const task = await post<{ task: { id: number } }>(request, '/api/manage/task/create', {
    version: 0,
    case: made.case.id,
    title: 'Fix the printer',
    status: 'OPEN',
    isProject: false,
  });
  await post(request, '/api/manage/slip/create', {
    version: 0,
    startTime: '9:00 AM',
    stopTime: '10:30 AM',
    date: formatDate(workDay),
    task: task.task.id,
    where: 'REMOTE',
    how: 'PHONE',
    rateMultiplier: '1',
    comment: 'Replaced the fuser',
  });
  await post(request, `/api/manage/case/${made.case.id}`, {
    version: made.case.version,
    title: `Printer outage ${stamp}`,
    organization: organizationId,
    status: 'CLOSED',
  });
  return { organizationId };
}

const cents = (money: string) => toHundredths(money.replace(/[$,]/g, ''));

async function read<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url, { headers: XHR });
  expect(response.ok(), `${url}: ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

describe('billing run', () => {
  it('drafts last month, changes a line of a client’s invoice, approves and posts it', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    const { organizationId } = await client(page);

    // Last month by default; a month drafted before (a retried journey) is drafted again once confirmed.
    await page.goto('/report/billing-run');
    await page.getByRole('heading', { name: 'Billing Run', level: 1 }).waitFor();
    expect(await page.getByLabel(/^Month/).inputValue()).toBe(PERIOD);
    const { runs } = await read<{ runs: BillingRun[] }>(page, '/api/report/billing-run');
    await page.getByRole('button', { name: 'Draft invoices' }).click();
    if (runs.some((r) => r.period === PERIOD)) {
      const again = page.getByRole('dialog', { name: 'Draft Again' });
      await again.getByRole('button', { name: 'Draft invoices' }).click();
    }
    await page.waitForURL(/[?&]run=\d+/);
    const drafting = page.getByRole('progressbar', { name: 'Drafting progress' });
    const card = page.getByTestId('billing-run');
    await card.getByRole('heading', { name: PERIOD_LABEL }).waitFor();
    // The progress bar goes once the run is ready (the screen asks every second).
    await card.locator('[data-status="READY"]').waitFor({ timeout: 60_000 });
    await drafting.waitFor({ state: 'detached' });
    await page.getByTestId('run-figures').waitFor();
    const runId = Number(new URL(page.url()).searchParams.get('run'));
    await shoot(page, 'billing-run');

    // The client's invoice, from the run's table.
    const link = page.getByRole('table', { name: 'Invoices' }).getByRole('link', { name: ORGANIZATION });
    await link.click();
    await page.waitForURL(/\/report\/billing-run\/invoice\/\d+$/);
    const invoiceId = Number(page.url().split('/').pop());
    const lines = page.getByRole('table', { name: 'Lines' });
    const service = lines.getByRole('row').filter({ hasText: SERVICE });
    await service.waitFor();
    expect(await service.textContent()).toContain('$200.00');
    // The time of last month's case is on it too, with its source.
    await lines
      .getByRole('row')
      .filter({ hasText: `Printer outage ${stamp}` })
      .first()
      .waitFor();
    expect(await page.getByTestId('bill-to').textContent()).toContain(ORGANIZATION);
    const total = page.getByTestId('invoice-total');
    const before = cents((await total.textContent()) ?? '');

    // 5 seats become 7: the line keeps what it was, the total follows.
    await service.getByRole('button', { name: /^Edit line/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Edit Line/ });
    await dialog.getByLabel(/^Quantity/).fill('7');
    await dialog.getByTestId('edit-line-amount').filter({ hasText: '$280.00' }).waitFor();
    await shoot(page, 'billing-invoice-edit');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await service.getByText(/^Changed from: .* · 5 × \$40\.00 = \$200\.00$/).waitFor();
    expect(await service.textContent()).toContain('$280.00');
    const after = formatMoney(fromHundredths(before + 8000n));
    await total.filter({ hasText: after }).waitFor();
    await shoot(page, 'billing-invoice');

    // Approved, then posted once confirmed: it has its number.
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByTestId('invoice-status').getByText('Approved: ready to post.').waitFor();
    expect(await page.getByRole('button', { name: /^Edit line/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Post Invoice' });
    await confirm.getByRole('button', { name: 'Post', exact: true }).click();
    await page
      .getByTestId('invoice-status')
      .getByText(/^Posted as INV-\d{5}\.$/)
      .waitFor();
    const number = ((await page.getByTestId('invoice-number').textContent()) ?? '').trim();
    expect(number).toMatch(/^INV-\d{5}$/);
    await page.getByRole('heading', { level: 1, name: new RegExp(`Invoice ${number}`) }).waitFor();
    await shoot(page, 'billing-invoice-posted');

    // Read back: posted, numbered, the changed line with its original, the total shown.
    const { invoice } = await read<{ invoice: Invoice }>(page, `/api/report/invoice/${invoiceId}`);
    expect(invoice).toMatchObject({
      number,
      status: { value: 'POSTED' },
      organization: { value: organizationId },
      run: { id: runId, period: PERIOD },
    });
    const line = invoice.items.find((l) => l.description.includes(SERVICE));
    expect(line).toMatchObject({ quantity: '7.00', unitPrice: '40.00', amount: '280.00' });
    expect(line?.original).toMatchObject({ quantity: '5.00', amount: '200.00' });
    expect(formatMoney(invoice.total)).toBe(after);
    expect(invoice.can).toMatchObject({ edit: false, approve: false, post: false, void: true });

    // The field history tells the change and the posting.
    await page
      .getByRole('navigation', { name: 'Invoice' })
      .getByRole('link', { name: 'Field History' })
      .click();
    await page.getByRole('heading', { name: 'Field History', level: 1 }).waitFor();
    await page.getByRole('cell', { name: number }).first().waitFor();
    const quantity = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: /^Line \d+ Quantity$/ }) });
    await quantity.first().waitFor();
    expect(await quantity.first().textContent()).toMatch(/5(\.00)?\D.*7(\.00)?/);
    await shoot(page, 'billing-invoice-history');

    // The invoice as a PDF, read back as a reader sees it: its number, the client, the changed line, the total.
    await page.getByRole('navigation', { name: 'Invoice' }).getByRole('link', { name: 'Invoice' }).click();
    const pdf = await download(page, page.getByRole('link', { name: 'PDF', exact: true }));
    expect(pdf.name).toMatch(/\.pdf$/);
    const text = (await pdfLines(new Uint8Array(pdf.bytes)))
      .flat()
      .map((l) => l.text)
      .join('\n');
    for (const expected of [number, ORGANIZATION, SERVICE, '$280.00', after])
      expect(text).toContain(expected);

    // The run's posted invoices for Xero, read back with a CSV reader: the invoice's lines add up to its total.
    await page.goto(`/report/billing-run?run=${runId}`);
    const xero = await download(page, page.getByRole('link', { name: 'Xero CSV' }));
    expect(xero.name).toMatch(/\.csv$/);
    const [header, ...rows] = parse(xero.bytes, { bom: true }) as string[][];
    const col = (name: string) => header!.indexOf(name);
    const mine = rows.filter((r) => r[col('*InvoiceNumber')] === number);
    expect(mine.length).toBe(invoice.items.length);
    expect(mine.every((r) => r[col('*ContactName')] === ORGANIZATION)).toBe(true);
    const xeroCents = mine.reduce(
      (sum, r) => sum + (toHundredths(r[col('*Quantity')]!) * toHundredths(r[col('*UnitAmount')]!)) / 100n,
      0n,
    );
    expect(formatMoney(fromHundredths(xeroCents))).toBe(after);

    // The run counts it as posted.
    const { run } = await read<{ run: BillingRun }>(page, `/api/report/billing-run/${runId}`);
    expect(run.invoices.posted).toBeGreaterThanOrEqual(1);
    await context.close();
  });
});
