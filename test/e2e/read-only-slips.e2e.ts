// Journey: slips a technician may not change open read-only, with the reason, before any edit. A colleague's slip at
// its edit address shows the slip (its multiplier hidden, not a default) and why, never a form; its task's list
// offers no Edit; a slip of the technician's on a case an administrator has just billed shows Edit and Delete
// disabled with the reason in the daily panel and at its edit address. A copy starts where the technician's day ends.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASE_BILLED } from '../../src/shared/billing';
import { NOT_OWNER } from '../../src/shared/schemas/slip';
import { companyDay } from '../support/company-day';
import { openBrowser } from '../support/e2e';
import { type OwnApp, signInOwn, startOwnApp } from '../support/e2e-app';
import { post } from '../support/e2e-data';
import { makeAdmin, makeCase, makeOrganization, makeSlip, makeTask, makeUser } from '../support/factories';

let own: OwnApp;
let browser: Browser;
beforeAll(async () => {
  own = await startOwnApp();
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await own?.stop();
});

/** Today as the daily panel opens it: the company's day, not the test machine's. */
const todayIso = companyDay().iso;

const panel = (page: Page) => page.getByTestId('daily-panel');

async function openActions(page: Page, scope: ReturnType<Page['locator']>) {
  await scope.getByRole('button', { name: /^Actions/ }).click();
  await page.locator('.dropdown-menu.show').waitFor();
}

/** The open Actions menu: Edit and Delete refused (aria-disabled) with the reason as their description. */
async function expectRefused(page: Page, reason: string) {
  const menu = page.locator('.dropdown-menu.show');
  expect(await menu.locator('.sd-slip-locked').textContent()).toBe(reason);
  for (const name of ['Edit', 'Delete']) {
    const item = menu.getByRole('button', { name, exact: true });
    expect(await item.getAttribute('aria-disabled')).toBe('true');
    const described = await item.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${described}"]`).textContent()).toBe(reason);
  }
}

describe('slips a user may not change', () => {
  it("a colleague's slip and a billed one open read-only with the reason; a copy starts where the day ends", async () => {
    const owner = await makeUser(own.db.pool, { firstName: 'Olga', lastName: 'Owner' });
    const tech = await makeUser(own.db.pool, { firstName: 'Terry', lastName: 'Viewer' });
    const admin = await makeAdmin(own.db.pool, { firstName: 'Ada', lastName: 'Biller' });
    const org = await makeOrganization(own.db.pool, { name: 'Readonly Dental' });
    const shared = await makeTask(own.db.pool, {
      caseId: (await makeCase(own.db.pool, { organizationId: org.id, title: 'Shared network' })).id,
      title: 'Patch the firewall',
    });
    const theirs = await makeSlip(own.db.pool, {
      taskId: shared.id,
      userId: owner.id,
      workDate: todayIso,
      startTime: '09:00',
      stopTime: '10:00',
      rateMultiplier: '2',
      comment: 'Olga patched the firewall',
    });
    const billedCase = await makeCase(own.db.pool, { organizationId: org.id, title: 'Printer rollout' });
    const billedTask = await makeTask(own.db.pool, { caseId: billedCase.id, title: 'Install printers' });
    const mine = await makeSlip(own.db.pool, {
      taskId: billedTask.id,
      userId: tech.id,
      workDate: todayIso,
      startTime: '10:30',
      stopTime: '11:30',
      comment: 'Terry installed printers',
    });

    // The technician opens the colleague's slip at its edit address: the slip, read-only, and why.
    const page = await signInOwn(browser, own, tech.email);
    const theirsBase = `/manage/case/${shared.caseId}/task/${shared.id}/slip/${theirs.id}`;
    await page.goto(`${theirsBase}/edit`);
    const alert = page.getByRole('alert').filter({ hasText: 'Read-only.' });
    await alert.waitFor();
    expect(await alert.textContent()).toBe(`Read-only. ${NOT_OWNER}`);
    const card = page.getByTestId('slip-card');
    expect(await card.getAttribute('data-mode')).toBe('read');
    expect(await card.getByRole('textbox').count()).toBe(0);
    expect(await card.textContent()).toContain('Olga patched the firewall');
    // Multi is hidden from a technician on another's slip: empty, not a default 1x.
    const multi = card.locator('.sd-slip-cell').filter({ hasText: 'Multi' }).locator('.sd-slip-cell-value');
    expect((await multi.textContent())?.trim()).toBe('');
    await openActions(page, card);
    await expectRefused(page, NOT_OWNER);
    await page.keyboard.press('Escape');

    // Its task's slips offer no Edit for it.
    await page.goto(`/manage/case/${shared.caseId}/task/${shared.id}/slip`);
    const row = page.getByRole('row').filter({ hasText: 'Olga patched the firewall' });
    await row.waitFor();
    expect(await row.getByRole('link', { name: /^Edit slip/ }).count()).toBe(0);
    expect(await row.getByText('Read-only').getAttribute('title')).toBe(NOT_OWNER);

    // An administrator bills the technician's case.
    const adminPage = await signInOwn(browser, own, admin.email);
    const settings = await adminPage.request.get('/api/report/billing-settings', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    const rate = Number((await settings.json()).billingSettings.defaultHourlyRate);
    await post(adminPage.request, `/api/report/bill-list/${billedCase.id}/bill`, {
      minutes: 60,
      amount: rate.toFixed(2),
    });
    await adminPage.context().close();

    // In the technician's daily panel the billed slip offers Edit and Delete disabled, with the reason.
    await page.getByRole('button', { name: 'Daily', exact: true }).click();
    const billed = panel(page).locator(`[data-slip-id="${mine.id}"]`);
    await billed.waitFor();
    await expect.poll(() => billed.getAttribute('data-locked')).toBe('true');
    await openActions(page, billed);
    await expectRefused(page, CASE_BILLED);
    await page.keyboard.press('Escape');

    // And at its edit address: read-only, with the reason.
    await page.goto(`/manage/case/${billedCase.id}/task/${billedTask.id}/slip/${mine.id}/edit`);
    await page.getByRole('alert').filter({ hasText: CASE_BILLED }).waitFor();
    expect(await page.getByTestId('slip-card').getAttribute('data-mode')).toBe('read');

    // Copying the colleague's slip: it starts where the technician's day ends (11:30) and lasts as long (1:00).
    await page.goto(`${theirsBase}/copy`);
    const copy = page.getByTestId('slip-card');
    await expect.poll(() => copy.getAttribute('data-mode')).toBe('edit');
    expect(await copy.getByLabel('Start').inputValue()).toBe('11:30 AM');
    expect(await copy.getByLabel('End').inputValue()).toBe('12:30 PM');
    await page.context().close();
  });
});
