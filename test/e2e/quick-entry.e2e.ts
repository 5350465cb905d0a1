// Journey, keyboard only: `t` opens the daily panel with the one-line entry box focused; a line for a known task
// shows its preview and Enter saves the slip (times, where, how, description on its card); an ambiguous word lists
// the tasks and a digit picks one (no Enter first); a bad time says how to start. With no network, a line for a
// recent task is matched on the device and queued (saved once the network is back); a word only the server knows
// is said so.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyDay } from '../support/company-day';
import { newPage, openBrowser, signIn } from '../support/e2e';
import { clientWithTasks, post, XHR } from '../support/e2e-data';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// A word of this attempt only: the client's name, so the match never meets another run's tasks.
const uniqueWord = () => `Qk${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 1000)}`;

const panel = (page: Page) => page.getByTestId('daily-panel');
const box = (page: Page) => panel(page).getByRole('textbox', { name: 'Log time', exact: true });
const preview = (page: Page) => panel(page).getByTestId('quick-preview');
const card = (page: Page, text: string) => panel(page).getByTestId('slip-card').filter({ hasText: text });

describe('one-line entry', () => {
  it('t, a line, the preview, Enter: a slip; several matches: a digit picks; a bad time: a message', async () => {
    const word = uniqueWord();
    const { context, page } = await newPage(browser);
    await signIn(page, 'user');
    await clientWithTasks(page.request, `${word} Dental`, [
      { title: 'Tunnel rebuild', isProject: false },
      { title: 'Printer swap', isProject: false },
    ]);

    // The shell is there (a key pressed while it still mounts reaches no listener, as in any app).
    await page.getByRole('button', { name: 'Daily', exact: true }).waitFor();
    // From anywhere: no field has focus on the home screen. Typed straight on, as a user would: the keys typed while
    // the panel opens land in the box too.
    await page.keyboard.press('t');
    await page.keyboard.type(`930-1045 ${word} tunnel rem ph fixed the phone line`);
    await expect.poll(() => box(page).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await box(page).inputValue()).toBe(`930-1045 ${word} tunnel rem ph fixed the phone line`);
    await preview(page).getByText('9:30 AM – 10:45 AM (1:15)').waitFor();
    await preview(page).getByText(`${word} Dental › #`).waitFor();
    await preview(page).getByText('“fixed the phone line”').waitFor();
    expect(await preview(page).textContent()).toContain('Remote');
    expect(await preview(page).textContent()).toContain('Phone');
    await page.keyboard.press('Enter');

    const saved = card(page, 'Tunnel rebuild');
    await saved.waitFor();
    const text = await saved.textContent();
    expect(text).toContain('9:30 AM');
    expect(text).toContain('10:45 AM');
    expect(text).toContain('Rem');
    expect(text).toContain('Ph');
    expect(text).toContain('fixed the phone line');
    // The box is empty again and keeps the focus for the next line.
    expect(await box(page).inputValue()).toBe('');
    expect(await box(page).evaluate((el) => el === document.activeElement)).toBe(true);

    // Both tasks carry the client's word: the list shows and a digit picks, with no Enter first (and is not typed).
    await page.keyboard.type(`1045-11 ${word} swapped the drum`);
    await preview(page).getByText('2 open tasks match: pick one').waitFor();
    const list = panel(page).getByRole('list', { name: 'Matching tasks' });
    await list.waitFor();
    const choices = await list.getByRole('listitem').allTextContents();
    const printer = choices.findIndex((c) => /printer swap/i.test(c));
    expect(printer).toBeGreaterThanOrEqual(0);
    await page.keyboard.press(String(printer + 1));
    const picked = card(page, 'Printer swap');
    await picked.waitFor();
    expect(await picked.textContent()).toContain('11:00 AM');
    expect(await picked.textContent()).toContain('swapped the drum');
    expect(await picked.textContent()).not.toContain(`drum${printer + 1}`);
    expect(await box(page).inputValue()).toBe('');

    // A time it cannot read: the line stays, with how to start it.
    await page.keyboard.type(`acme ${word} tunnel`);
    await page.keyboard.press('Enter');
    await panel(page).getByRole('alert').getByText('Start with the time, e.g. 930-1045 or 45m').waitFor();
    expect(await box(page).inputValue()).toBe(`acme ${word} tunnel`);
    // Escape clears the box.
    await page.keyboard.press('Escape');
    expect(await box(page).inputValue()).toBe('');
    await context.close();
  });

  it('offline: a line for a recent task is matched on the device, queued, and saved when the network is back', async () => {
    const word = uniqueWord();
    const { context, page } = await newPage(browser);
    await signIn(page, 'user');
    const [tunnel] = await clientWithTasks(page.request, `${word} Clinic`, [
      { title: 'Tunnel rebuild', isProject: false },
    ]);
    // Worked on yesterday: a recent task, not on today's page.
    const yesterday = companyDay(-1).display;
    await post(page.request, '/api/manage/slip/create', {
      version: 0,
      startTime: '8:00 AM',
      stopTime: '8:30 AM',
      date: yesterday,
      task: tunnel!.taskId,
      rateMultiplier: '1',
      comment: 'Looked at the tunnel',
    });

    // Opening the panel online keeps the user's recent tasks on the device.
    const kept = page.waitForResponse(
      async (r) => r.url().includes('/api/time/recent-tasks') && (await r.text()).includes(word),
    );
    await page.getByRole('button', { name: 'Daily', exact: true }).click();
    await box(page).waitFor();
    await kept;
    await panel(page).locator('[data-testid="daily-totals"][data-loaded]').waitFor();

    await context.setOffline(true);
    await box(page).focus();
    const comment = `offline fix ${word}`;
    await page.keyboard.type(`1110-1140 ${word} tunnel ${comment}`);
    await preview(page).getByText(`${word} Clinic › #`).waitFor();
    await preview(page).getByTestId('quick-offline').waitFor();
    await page.keyboard.press('Enter');
    const queued = card(page, comment);
    await queued.getByTestId('pending-badge').waitFor();
    expect(await box(page).inputValue()).toBe('');

    // A word no task on this device starts: said plainly, and the line stays.
    const unknown = `zz${word}`;
    await page.keyboard.type(`9-10 ${unknown} fixed`);
    await page.keyboard.press('Enter');
    await panel(page)
      .getByRole('alert')
      .getByText(
        `Offline: no task on this device matches “${unknown} fixed”. Pick a recent task or try again when online.`,
      )
      .waitFor();
    expect(await box(page).inputValue()).toBe(`9-10 ${unknown} fixed`);
    await page.keyboard.press('Escape');

    // Back online the queued slip is sent: its card loses the badge and the server has it, once.
    await context.setOffline(false);
    await expect.poll(() => queued.getByTestId('pending-badge').count(), { timeout: 15_000 }).toBe(0);
    const path = companyDay().path;
    const summary = await (
      await page.request.get(`/api/manage/slip/summary/${path}`, { headers: XHR })
    ).json();
    const saved = (summary.slips as { comment: string; startTime: string; taskId: number }[]).filter(
      (s) => s.comment === comment,
    );
    expect(saved).toEqual([expect.objectContaining({ startTime: '11:10 AM', taskId: tunnel!.taskId })]);
    await context.close();
  });
});
