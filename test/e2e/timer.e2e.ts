// Journey, keyboard only: Shift+T, type a task, Enter → the navigation shows the timer ticking; a reload and a second
// page of the same user still show it; Shift+T again, a comment, Enter stops it → the slip is in the daily panel,
// rounded up to the user's timer rounding (30 minutes here), or up to the start of the user's next slip when one starts
// sooner (the rounding never makes two slips overlap, issue 27; other journeys log this user's time today too).
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyDay } from '../support/company-day';
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

type DaySlip = { comment: string | null; start: string; stop: string | null; minutes: number | null };
const minuteOf = (localIso: string) => Date.parse(`${localIso}:00Z`) / 60_000;

/** The user's slips of the company day `offset` days from today. */
async function daySlips(request: APIRequestContext, offset: number): Promise<DaySlip[]> {
  const res = await request.get(`/api/manage/slip/summary/${companyDay(offset).path}`, { headers: XHR });
  return ((await res.json()) as { slips: DaySlip[] }).slips;
}

/**
 * The stopped slip's minutes on the company's today (what the daily panel shows), its whole stretch checked against
 * the rule: 30, or less only where another slip of the user begins. A run over midnight is split there (a slip never
 * crosses a day): the rest is the next day's slip from 00:00.
 */
async function roundedMinutes(request: APIRequestContext, comment: string): Promise<number> {
  const days = await Promise.all([-1, 0, 1].map((offset) => daySlips(request, offset)));
  const parts = days.map((slips) => slips.find((s) => s.comment === comment && s.stop && s.minutes !== null));
  const first = parts.findIndex(Boolean);
  if (first < 0) throw new Error(`no finished slip "${comment}" today`);
  const ours = parts[first]!;
  const rest = ours.stop!.endsWith('T24:00') ? parts[first + 1] : undefined;
  if (rest) expect(rest.start.endsWith('T00:00'), `the rest of ${ours.start} starts at midnight`).toBe(true);
  const [start, stop] = [minuteOf(ours.start), minuteOf((rest ?? ours).stop!)];
  if (stop < start + 30) {
    // Cut short only where another slip of the user takes the next minute.
    const others = days.flat().filter((s) => s !== ours && s !== rest);
    const taken = others.some((s) => {
      const from = minuteOf(s.start);
      return from === stop || (from <= stop && s.stop !== null && minuteOf(s.stop) > stop);
    });
    expect(taken, `slip ${ours.start}–${(rest ?? ours).stop} cut short with no slip after it`).toBe(true);
  } else expect(stop).toBe(start + 30);
  const shown = [ours, rest].find((part) => part && days[1]!.includes(part));
  if (!shown) throw new Error(`no part of slip "${comment}" is today's`);
  return shown.minutes!;
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
    const comment = `Checked the rack by timer ${stamp}`;
    await page.keyboard.type(comment);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('timer-notice').textContent()).toContain('Slip saved');
    await widget(page).waitFor({ state: 'detached' });
    // The closed dialog has handed focus back before the next key goes to the Daily button.
    await page.getByTestId('running-timer-dialog').waitFor({ state: 'detached' });

    // The daily panel shows the slip, 30 minutes by the rounding.
    await page.getByRole('button', { name: 'Daily', exact: true }).focus();
    await page.keyboard.press('Enter');
    const card = page.getByTestId('daily-panel').getByTestId('slip-card').filter({ hasText: comment });
    const expected = await roundedMinutes(page.request, comment);
    expect(expected).toBeGreaterThan(0);
    const shown = `${Math.floor(expected / 60)}:${String(expected % 60).padStart(2, '0')}`;
    await expect.poll(() => card.getByTestId('slip-time').textContent()).toBe(shown);
    await context.close();
  }, 120_000);
});
