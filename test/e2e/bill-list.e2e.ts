// Journey: month end. An administrator runs the bill list for last month (its default period), opens a case's lines
// (each slip worked and billable, adding up to the amount), marks the case billed after a confirmation and sees it
// leave the list, finds it under Cases: Billed; the default hourly rate changes and the billed case keeps its
// figures; its slips are locked; undoing the billing (confirmed) puts the case back on the list at the new rate.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASE_BILLED } from '../../src/shared/billing';
import { formatDate } from '../../src/shared/format';
import { newPage, openBrowser, signIn } from '../support/e2e';
import { post, XHR } from '../support/e2e-data';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const ORGANIZATION = `Billco ${stamp}`;
// The 10th of last month: inside the default period whatever today is.
const now = new Date();
const workDay = new Date(now.getFullYear(), now.getMonth() - 1, 10);
const TITLE = `Support: ${workDay.toLocaleString('en-US', { month: 'long', year: 'numeric' })}`;

type Made = { organizationId: number; caseId: number; taskId: number; slipId: number };

/** A client with last month's support case, closed, holding two finished slips (at 1× and 1.5×). */
async function lastMonthsCase(page: Page): Promise<Made> {
  const { request } = page;
  const org = await post<{ organization: { id: number } }>(request, '/api/manage/organization/create', {
    version: 0,
    name: ORGANIZATION,
    active: true,
    salesStatus: 'CLIENT',
  });
  const organizationId = org.organization.id;
  const made = await post<{ case: { id: number; version: number } }>(request, '/api/manage/case/create', {
    version: 0,
    title: TITLE,
    organization: organizationId,
    status: 'OPEN',
  });
  const caseId = made.case.id;
  const task = await post<{ task: { id: number } }>(request, '/api/manage/task/create', {
    version: 0,
    case: caseId,
    title: 'Monthly support',
    status: 'OPEN',
    isProject: false,
  });
  const taskId = task.task.id;
  const slips: number[] = [];
  for (const [startTime, stopTime, rateMultiplier] of [
    ['9:00 AM', '10:30 AM', '1'],
    ['1:00 PM', '1:45 PM', '1.5'],
  ] as const) {
    const slip = await post<{ slip: { id: number } }>(request, '/api/manage/slip/create', {
      version: 0,
      startTime,
      stopTime,
      date: formatDate(workDay),
      task: taskId,
      where: 'REMOTE',
      how: 'PHONE',
      rateMultiplier,
      comment: `Backups checked (${rateMultiplier}×)`,
    });
    slips.push(slip.slip.id);
  }
  await post(request, `/api/manage/case/${caseId}`, {
    version: made.case.version,
    title: TITLE,
    organization: organizationId,
    status: 'CLOSED',
  });
  return { organizationId, caseId, taskId, slipId: slips[0]! };
}

const rows = (page: Page) => page.getByRole('region', { name: 'Rows' });

/** Sets the default hourly rate through the API; returns the one it replaced. */
async function setDefaultRate(page: Page, rate: string): Promise<string> {
  const loaded = await (await page.request.get('/api/report/billing-settings', { headers: XHR })).json();
  const before: string = loaded.billingSettings.defaultHourlyRate;
  await post(page.request, '/api/report/billing-settings', {
    version: loaded.billingSettings.version,
    defaultHourlyRate: rate,
  });
  return before;
}

/** Opens the case's lines, reads their total and closes them. */
async function linesTotal(page: Page, label: string, billed: boolean): Promise<string> {
  await rows(page)
    .getByRole('button', { name: `Lines: ${label}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Lines: ${label}` });
  await dialog.getByText(billed ? /^As billed/ : /^As the case would be billed now/).waitFor();
  await dialog.getByTestId('lines-amount').waitFor();
  const total = (await dialog.getByTestId('lines-amount').textContent()) ?? '';
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });
  return total;
}
const casesFilter = (page: Page) =>
  page.getByRole('form', { name: 'Bill List filters' }).getByLabel('Cases', { exact: true });

describe('bill list', () => {
  it('marks last month’s case billed: it leaves the list, is listed as billed and its slips are locked', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    const made = await lastMonthsCase(page);
    const label = `#${made.caseId} ${TITLE}`;

    // Last month by default; this client only, so the rows are its own.
    await page.goto(`/report/bill-list?organization=${made.organizationId}`);
    await page.getByRole('heading', { name: 'Bill List', level: 1 }).waitFor();
    await page
      .getByTestId('billing-rate')
      .filter({ hasText: /Default hourly rate: \$[\d,]+\.\d\d/ })
      .waitFor();
    const row = rows(page).getByRole('row').filter({ hasText: label });
    await row.waitFor();
    expect(await row.textContent()).toContain(ORGANIZATION);
    // 2:15 of time, one line per task and multiplier in the detail, actual and billable.
    expect(await row.textContent()).toContain('2:15');
    expect(await row.textContent()).toContain('Monthly Support — 0:45 worked → 1:08 billable at 1.5x');
    expect(await casesFilter(page).inputValue()).toBe('unbilled');
    // The lines add up to the row's amount.
    const amount = await linesTotal(page, label, false);
    expect(amount).toMatch(/^\$[\d,]+\.\d\d$/);
    expect(await row.textContent()).toContain(amount);

    // The first case is marked billed, once confirmed: it leaves the list and the status line says so.
    const first = rows(page)
      .getByRole('button', { name: /^Mark Billed/ })
      .first();
    expect(await first.getAttribute('aria-label')).toBe(`Mark Billed: ${label}`);
    await first.click();
    const confirm = page.getByRole('dialog', { name: 'Mark Billed' });
    await confirm.getByText(`Mark case ${label} billed for ${amount}?`).waitFor();
    await confirm.getByText(/locks every slip of the case for everyone/).waitFor();
    await confirm.getByRole('button', { name: 'Mark Billed' }).click();
    await page
      .getByTestId('bill-status')
      .filter({ hasText: `Case #${made.caseId} marked billed.` })
      .waitFor();
    await row.waitFor({ state: 'detached' });
    await rows(page).getByText('No Results').waitFor();

    // Cases: Billed lists it, with who billed it.
    await casesFilter(page).selectOption({ label: 'Billed' });
    await page.waitForURL((url) => url.searchParams.get('billed') === 'billed');
    const billed = rows(page).getByRole('row').filter({ hasText: label });
    await billed.waitFor();
    expect(await billed.textContent()).toContain('by System Administrator');
    await billed.getByRole('button', { name: /^Undo Billing/ }).waitFor();

    // The default hourly rate goes up: what was billed stays billed.
    const rate = await setDefaultRate(page, '321.00');
    try {
      await page.reload();
      await page.getByTestId('billing-rate').filter({ hasText: '$321.00' }).waitFor();
      await billed.waitFor();
      expect(await billed.textContent()).toContain(amount);
      expect(await linesTotal(page, label, true)).toBe(amount);
      await undoAndReprice(page, made, label, amount);
    } finally {
      await setDefaultRate(page, rate);
    }
    await context.close();
  });
});

/** Locked slips, then Undo Billing: the case is back among the cases to bill, priced at the rate of now. */
async function undoAndReprice(page: Page, made: Made, label: string, amount: string) {
  // Its slips can no longer be changed.
  await page.goto(`/manage/case/${made.caseId}/task/${made.taskId}/slip`);
  await page
    .getByRole('link', { name: formatDate(workDay) })
    .first()
    .waitFor();
  await page.goto(`/manage/case/${made.caseId}/task/${made.taskId}/slip/${made.slipId}`);
  const card = page.locator('.sd-slip-page').getByTestId('slip-card');
  await card.getByRole('button', { name: /^Actions for slip/ }).click();
  const edit = page.getByRole('button', { name: 'Edit', exact: true });
  expect(await edit.getAttribute('aria-disabled')).toBe('true');
  await page.locator('.sd-slip-locked').filter({ hasText: CASE_BILLED }).waitFor();

  // Undoing the billing (after a confirmation) puts it back among the cases to bill.
  await page.goto(`/report/bill-list?organization=${made.organizationId}&billed=billed`);
  await rows(page)
    .getByRole('button', { name: `Undo Billing: ${label}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Undo Billing' });
  await dialog.getByText(/priced by the rules and rates of now/).waitFor();
  await dialog.getByRole('button', { name: 'Undo Billing' }).click();
  await page
    .getByTestId('bill-status')
    .filter({ hasText: `Case #${made.caseId} is no longer billed.` })
    .waitFor();
  await rows(page).getByText('No Results').waitFor();
  await casesFilter(page).selectOption({ label: 'Not billed' });
  const back = rows(page).getByRole('row').filter({ hasText: label });
  await back.waitFor();
  expect(await back.textContent()).not.toContain(amount);
  expect(await linesTotal(page, label, false)).not.toBe(amount);
}
