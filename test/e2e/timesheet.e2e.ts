// Journey, keyboard only: a technician submits their week from the calendar (sees its warnings, confirms); the
// administrator (their approver: none is set) opens it from Weeks to Approve and approves it; a slip of that week
// then opens read-only at its edit address, with the lock message, before any edit, and a new slip typed into it comes
// back to its fields with that message; the administrator reopens the week; the edit then saves.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEEK_LOCKED } from '../../src/shared/schemas/timesheet';
import { E2E_USERS, newPage, openBrowser, signIn } from '../support/e2e';
import { clientWithTask, post } from '../support/e2e-data';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const pad = (n: number) => String(n).padStart(2, '0');
const shown = (d: Date) => `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;
// A week of its own in 2034, chosen per attempt: a retry never meets the week its first try approved.
let attempt = 0;
let monday = new Date(2034, 0, 2);
let wednesdayNoon = new Date(2034, 0, 4, 12);
function nextWeek(): void {
  attempt += 1;
  monday = new Date(2034, 0, 2 + 7 * ((Date.now() + attempt * 17) % 50)); // 01/02/2034 is a Monday
  wednesdayNoon = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + 2, 12);
}

/** Presses Tab until the target has focus (keyboard only, as a user reaches a control). */
async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`never reached ${target}`);
}

async function press(page: Page, target: Locator, key = 'Enter') {
  await target.waitFor();
  await tabTo(page, target);
  await page.keyboard.press(key);
}

async function openCalendar(page: Page) {
  await page.clock.setFixedTime(wednesdayNoon);
  await page.goto('/');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await press(page, page.getByRole('button', { name: 'Calendar', exact: true }));
  const dialog = page.getByRole('dialog', { name: 'Weekly Summary' });
  await dialog.waitFor();
  return dialog;
}

const state = (page: Page, status: string) =>
  page.locator(`[data-testid="week-state"][data-status="${status}"]`);

describe('week submit, approve, lock', () => {
  it('submits, approves, locks, reopens — keyboard only', async () => {
    nextWeek();
    const stamp = `${Date.now().toString(36).slice(-5).toUpperCase()}${attempt}`;
    const tech = await newPage(browser);
    await signIn(tech.page, 'user');
    const { caseId, taskId } = await clientWithTask(tech.page.request, `Weekco ${stamp}`, 'Patch servers');
    const { slip } = await post<{ slip: { id: number } }>(tech.page.request, '/api/manage/slip/create', {
      version: 0,
      startTime: '9:00 AM',
      stopTime: '10:00 AM',
      date: shown(monday),
      task: taskId,
      rateMultiplier: '1',
      comment: 'Patched the file server',
    });

    // The technician submits: the confirm step lists the warnings (short days), Enter confirms.
    const calendar = await openCalendar(tech.page);
    await state(tech.page, 'OPEN').waitFor();
    await press(tech.page, calendar.getByRole('button', { name: 'Submit Week' }));
    const confirm = tech.page.getByRole('alertdialog');
    await confirm.waitFor();
    const warnings = await confirm.getByTestId('week-warnings').locator('li').allInnerTexts();
    expect(warnings).toContain(`Mon ${shown(monday).slice(0, 5)}: 1:00 logged, under the expected 8:00.`);
    expect(warnings).toHaveLength(5);
    // Focus is on the confirming button.
    await tech.page.keyboard.press('Enter');
    await state(tech.page, 'SUBMITTED').waitFor();
    expect(await calendar.getByTestId('week-status').textContent()).toBe('Submitted');

    // The administrator finds it among the weeks to approve and approves it.
    const admin = await newPage(browser);
    await signIn(admin.page, 'admin');
    const adminCalendar = await openCalendar(admin.page);
    await press(admin.page, adminCalendar.getByRole('button', { name: /^Weeks to Approve/ }));
    const { firstName, lastName } = E2E_USERS.user;
    await press(
      admin.page,
      adminCalendar.getByRole('button', { name: `${firstName} ${lastName} — week of ${shown(monday)}` }),
    );
    await state(admin.page, 'SUBMITTED').waitFor();
    expect(await adminCalendar.getByLabel('User').inputValue()).not.toBe('');
    await press(admin.page, adminCalendar.getByRole('button', { name: 'Approve', exact: true }));
    await state(admin.page, 'APPROVED').waitFor();
    expect(await adminCalendar.getByTestId('week-state').textContent()).toContain(
      `by ${E2E_USERS.admin.firstName} ${E2E_USERS.admin.lastName}`,
    );

    // A slip of that week at its edit address: read-only with the lock message before any edit, no form.
    const editAddress = `/manage/case/${caseId}/task/${taskId}/slip/${slip.id}/edit`;
    await tech.page.goto(editAddress);
    await tech.page.getByRole('alert').filter({ hasText: WEEK_LOCKED }).waitFor();
    expect(await tech.page.getByTestId('slip-card').getAttribute('data-mode')).toBe('read');
    expect(await tech.page.getByLabel('Description').count()).toBe(0);
    const edit = async () => {
      await tech.page.goto(editAddress);
      const description = tech.page.getByLabel('Description');
      await description.waitFor();
      await tabTo(tech.page, description);
      await tech.page.keyboard.press('End');
      await tech.page.keyboard.type(' and rebooted');
      await tech.page.keyboard.press('Control+s');
    };

    // A new slip typed into the locked week from the daily panel: shown saved at once, then back in its fields with
    // the server's reason, nothing typed lost.
    await tech.page.goto(`/manage/case/${caseId}/task/${taskId}/slip`);
    await press(tech.page, tech.page.getByRole('button', { name: 'New Slip' }).first());
    const fresh = tech.page.locator('[data-slip-id="new"]');
    await fresh.getByLabel('Start').waitFor();
    await tech.page.keyboard.type('1pm');
    await tech.page.keyboard.press('Tab');
    await tech.page.keyboard.type('130pm');
    await tech.page.keyboard.press('Tab');
    await tech.page.keyboard.type('Typed into a locked week');
    await tech.page.keyboard.press('Tab');
    await tech.page.keyboard.press('ControlOrMeta+a');
    await tech.page.keyboard.type(shown(wednesdayNoon));
    await tech.page.keyboard.press('Control+s');
    await fresh.getByText(WEEK_LOCKED).first().waitFor();
    expect(await fresh.getAttribute('data-mode')).toBe('edit');
    expect(await fresh.getByLabel('Description').inputValue()).toBe('Typed into a locked week');
    expect(await fresh.getByLabel('Start').inputValue()).toBe('1:00 PM');
    await press(tech.page, fresh.getByRole('button', { name: 'Cancel' }));
    await fresh.waitFor({ state: 'detached' });

    // The administrator reopens; the same edit saves.
    await press(admin.page, adminCalendar.getByRole('button', { name: 'Reopen', exact: true }));
    await state(admin.page, 'OPEN').waitFor();
    await edit();
    await tech.page.getByText('Patched the file server and rebooted').first().waitFor();
    await expect.poll(() => tech.page.getByText(WEEK_LOCKED).count()).toBe(0);

    await admin.context.close();
    await tech.context.close();
  });
});
