// Journey, keyboard only: Shift+T, type a task, Enter → the navigation shows the timer ticking; a reload and a second
// page of the same user still show it; Shift+T again, a comment, Enter stops it → the slip is in the daily panel,
// rounded up to the user's timer rounding (30 minutes here).
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, openBrowser, signIn } from '../support/e2e';
import { clientWithTask, post, XHR } from '../support/e2e-data';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** No timer left from an earlier run, and the user's timer rounding at 30 minutes. */
async function prepare(request: APIRequestContext) {
  const state = await (await request.get('/api/time/timer', { headers: XHR })).json();
  if (state.timer) await request.delete(`/api/time/timer?version=${state.timer.version}`, { headers: XHR });
  const { user } = await (await request.get('/api/user/settings', { headers: XHR })).json();
  await post(request, '/api/user/settings', { ...user, timerRounding: 30 });
}

const widget = (page: Page) => page.getByTestId('timer-widget');
const focusedId = (page: Page, id: string) =>
  page.waitForFunction((want) => document.activeElement?.id === want, id);

describe('timer', () => {
  it('starts with Shift+T, survives a reload and a second page, stops into a rounded slip', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'user');
    await prepare(page.request);
    // A name of this attempt's own (a retry makes another task).
    const stamp = Date.now().toString(36).slice(-5).toUpperCase();
    const title = `Timer ${stamp} Rack Check`;
    await clientWithTask(page.request, `Timerco ${stamp}`, title);

    // Shift+T on a screen with no field focused: Start Timer with the task typeahead focused.
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    await page.keyboard.press('Shift+T');
    await page.getByTestId('start-timer-dialog').waitFor();
    await focusedId(page, 'timer-task');
    await page.keyboard.type(`Timer ${stamp}`);
    await page.getByRole('option', { name: new RegExp(title) }).waitFor();
    await page.keyboard.press('Enter');

    // The navigation shows the task and its elapsed time, ticking.
    await expect.poll(() => widget(page).textContent()).toContain(title);
    const first = await widget(page).getByTestId('timer-elapsed').textContent();
    expect(first).toMatch(/^0:00:\d\d$/);
    await expect
      .poll(() => widget(page).getByTestId('timer-elapsed').textContent(), { timeout: 5000 })
      .not.toBe(first);

    // A reload and a second page of the same user show the same timer (the server keeps it).
    await page.reload();
    await expect.poll(() => widget(page).textContent()).toContain(title);
    const second = await newPage(browser);
    await signIn(second.page, 'user');
    await expect.poll(() => widget(second.page).textContent()).toContain(title);
    await second.context.close();

    // Shift+T while it runs opens it; a comment and Enter stop it.
    await page.keyboard.press('Shift+T');
    await page.getByTestId('running-timer-dialog').waitFor();
    await focusedId(page, 'timer-comment');
    await page.keyboard.type('Checked the rack by timer');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('timer-notice').textContent()).toContain('Slip saved');
    await widget(page).waitFor({ state: 'detached' });
    // The closed dialog has handed focus back before the next key goes to the Daily button.
    await page.getByTestId('running-timer-dialog').waitFor({ state: 'detached' });

    // The daily panel shows the slip, 30 minutes by the rounding.
    await page.getByRole('button', { name: 'Daily', exact: true }).focus();
    await page.keyboard.press('Enter');
    const card = page
      .getByTestId('daily-panel')
      .getByTestId('slip-card')
      .filter({ hasText: 'Checked the rack by timer' });
    await expect.poll(() => card.getByTestId('slip-time').textContent()).toBe('0:30');
    await context.close();
  }, 120_000);
});
