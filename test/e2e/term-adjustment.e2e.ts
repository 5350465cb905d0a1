// Journey: a quarterly service billed in advance, ended in its term's second month after the term was posted. Three
// months ago the client's invoice billed the whole quarter; the administrator ends the service on the 14th of the
// following month (its form), drafts that month on the Billing Run screen, and the client's invoice credits the days
// no longer in force: a Term adjustment line with the term, the invoice it was billed on and the days in force now.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inForce, termEnd, usDate } from '../../src/server/modules/billing-run/terms';
import { formatDate } from '../../src/shared/format';
import { formatMoney } from '../../src/shared/format/money';
import { centsText, type Invoice, lineCents } from '../../src/shared/schemas/billing-run';
import { newPage, openBrowser, signIn } from '../support/e2e';
import { post, XHR } from '../support/e2e-data';
import { shoot } from '../support/e2e-shots';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const today = new Date();
const monthStart = (offset: number) => new Date(today.getFullYear(), today.getMonth() + offset, 1);
const iso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
// Months no other journey drafts: the term's three months ago, the change two months ago.
const termStart = monthStart(-3);
const changed = monthStart(-2);
const ended = new Date(changed.getFullYear(), changed.getMonth(), 14);
const TERM_FROM = iso(termStart);
const TERM_TO = termEnd(TERM_FROM, 'QUARTERLY');

async function read<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url, { headers: XHR });
  expect(response.ok(), `${url}: ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/** Drafts a month through the API and answers the client's invoice of it. */
async function draftedInvoice(page: Page, period: string, organizationId: number): Promise<Invoice> {
  const started = await post<{ run: { id: number } }>(page.request, '/api/report/billing-run', { period });
  for (;;) {
    const { run } = await read<{ run: { status: { value: string } } }>(
      page,
      `/api/report/billing-run/${started.run.id}`,
    );
    if (run.status.value === 'READY') break;
    expect(run.status.value).not.toBe('FAILED');
    await page.waitForTimeout(100);
  }
  const list = await read<{ items: { id: number; organization: { value: number } }[] }>(
    page,
    `/api/report/billing-run/${started.run.id}/invoices?limit=200`,
  );
  const summary = list.items.find((i) => i.organization.value === organizationId)!;
  return (await read<{ invoice: Invoice }>(page, `/api/report/invoice/${summary.id}`)).invoice;
}

describe('term adjustment', () => {
  it('credits the days of a posted quarter no longer in force once the service ends inside it', async () => {
    // Named afresh on every try: a retried journey makes its own client.
    const stamp = Date.now().toString(36).slice(-5).toUpperCase();
    const ORGANIZATION = `Quarterly ${stamp}`;
    const SERVICE = `Security Audit ${stamp}`;
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
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
    const agreement = await post<{ agreement: { id: number } }>(request, '/api/manage/agreement/create', {
      version: 0,
      organization: organizationId,
      number: `TA-${stamp}`,
      title: 'Audits',
      status: 'OPEN',
      type: 'MANAGED',
      startDate: formatDate(termStart),
    });
    const agreementId = agreement.agreement.id;
    const service = await post<{ service: { id: number; version: number } }>(
      request,
      `/api/manage/agreement/${agreementId}/service/create`,
      {
        version: 0,
        serviceType: type.serviceType.id,
        description: null,
        quantity: '1',
        unitPrice: '900.00',
        billingFrequency: 'QUARTERLY',
        startDate: formatDate(termStart),
        endDate: null,
        coveredHours: null,
      },
    );

    // The quarter billed whole, posted.
    const first = await draftedInvoice(page, TERM_FROM.slice(0, 7), organizationId);
    expect(first.items.map((l) => [l.kind.value, l.amount])).toEqual([['RECURRING', '900.00']]);
    const approved = await post<{ invoice: Invoice }>(request, `/api/report/invoice/${first.id}/approve`, {
      version: first.version,
    });
    await post(request, `/api/report/invoice/${first.id}/post`, { version: approved.invoice.version });
    const { invoice: posted } = await read<{ invoice: Invoice }>(page, `/api/report/invoice/${first.id}`);

    // The service ends on the 14th of the term's second month: its own form.
    await page.goto(`/manage/agreement/${agreementId}/agreement-services/${service.service.id}`);
    await page.getByRole('button', { name: 'Edit' }).click();
    const endDate = page.getByLabel(/^End Date/);
    await endDate.fill(formatDate(ended));
    // The calendar that opened with the field closes, as a typist would close it.
    await endDate.press('Escape');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Edit' }).waitFor();

    // That month drafted on the screen: the client's invoice credits the rest of the quarter.
    await page.goto('/report/billing-run');
    await page.getByRole('heading', { name: 'Billing Run', level: 1 }).waitFor();
    const month = iso(changed).slice(0, 7);
    const { runs } = await read<{ runs: { period: string }[] }>(page, '/api/report/billing-run');
    await page.getByLabel(/^Month/).selectOption(month);
    await page.getByRole('button', { name: 'Draft invoices' }).click();
    // A month drafted before (a retried journey) is drafted again once confirmed.
    if (runs.some((r) => r.period === month)) {
      const again = page.getByRole('dialog', { name: 'Draft Again' });
      await again.getByRole('button', { name: 'Draft invoices' }).click();
    }
    const card = page.getByTestId('billing-run');
    await card.locator('[data-status="READY"]').waitFor({ timeout: 60_000 });
    await page.getByRole('table', { name: 'Invoices' }).getByRole('link', { name: ORGANIZATION }).click();
    await page.waitForURL(/\/report\/billing-run\/invoice\/\d+$/);

    const now = inForce(TERM_FROM, TERM_TO, {
      start: TERM_FROM,
      end: iso(ended),
      agreementStart: TERM_FROM,
      agreementEnd: null,
    })!;
    const credit = lineCents('1', '900.00', now.proration) - 90_000n;
    const row = page
      .getByRole('table', { name: 'Lines' })
      .getByRole('row')
      .filter({ hasText: 'Term adjustment' });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain(`${SERVICE}, adjusted for ${usDate(TERM_FROM)}–${usDate(TERM_TO)}`);
    expect(text).toContain(formatMoney(centsText(credit)));
    expect(text).toContain(`on ${posted.number}`);
    expect(text).toContain(`now (${usDate(TERM_FROM)}–${usDate(iso(ended))})`);
    await page
      .getByTestId('invoice-total')
      .filter({ hasText: formatMoney(centsText(credit)) })
      .waitFor();
    await shoot(page, 'billing-invoice-adjustment');
    await context.close();
  });
});
