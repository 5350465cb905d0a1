// Journey, keyboard only: a day with a gap and an overlap, each fixed with its one key on the focused marker while
// the totals follow; then a task edited from the keyboard shows under "Changed today, no time" and Log Time on it
// opens its new slip, which once saved takes it off the list. And a slip inside another (issue 27): no gap inside the
// outer slip, no trim that swallows the inner one; `x` splits the outer slip around it and the day reads back whole.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, openBrowser, signIn } from '../support/e2e';
import { clientWithTasks, post, XHR } from '../support/e2e-data';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36).slice(-5).toUpperCase();
/** A day of its own (in 2032: other journeys use 2031), new for each attempt, so no other slips count. */
const freshDay = () => {
  const n = Math.floor(Math.random() * 12 * 28);
  return `${String(1 + (n % 12)).padStart(2, '0')}/${String(1 + Math.floor(n / 12)).padStart(2, '0')}/2032`;
};

const panel = (page: Page) => page.getByTestId('daily-panel');
const total = (page: Page, label: string) => panel(page).getByRole('status', { name: label });
const markers = (page: Page) => panel(page).getByTestId('gap-marker');
const loaded = (page: Page, date: string) =>
  panel(page)
    .locator(`[data-testid="daily-totals"][data-loaded="${date.replaceAll('/', '')}"]`)
    .waitFor();

const SHOTS = process.env.SD6_SCREENSHOTS;

/** Opens the daily panel from the navigation with the keyboard. */
async function openDaily(page: Page) {
  await page.getByRole('button', { name: 'Daily', exact: true }).focus();
  await page.keyboard.press('Enter');
  await panel(page).getByRole('heading', { name: 'Daily' }).waitFor();
}

/** Shows the day in the open panel: the date at once, as a paste would (typed key by key, an early prefix such as
 * "04/18/20" is already a whole date). */
async function showDay(page: Page, day: string) {
  const date = panel(page).getByLabel('Date', { exact: true }).first();
  await date.focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.insertText(day);
  await page.keyboard.press('Tab');
  await loaded(page, day);
}

/** The day's slips as the server has them, in start order. */
async function slipsOf(page: Page, day: string) {
  const res = await page.request.get(`/api/manage/slip/summary/${day.replaceAll('/', '')}`, { headers: XHR });
  expect(res.status()).toBe(200);
  const { slips } = (await res.json()) as {
    slips: {
      start: string;
      stop: string;
      comment: string;
      where: { value: string };
      how: { value: string };
    }[];
  };
  return slips.sort((a, b) => (a.start < b.start ? -1 : 1));
}

describe('gaps, overlaps and untracked work', () => {
  it('fixes a gap and an overlap with one key each, then logs time on a task changed today', async () => {
    const day = freshDay();
    // Work made by an administrator: only the technician's own edit may put it on their list.
    const admin = await newPage(browser);
    await signIn(admin.page, 'admin');
    const [fixes, edited] = await clientWithTasks(admin.page.request, `Fixco ${stamp}`, [
      { title: 'Patch Servers', isProject: false },
      { title: 'Check Backups', isProject: false },
    ]);
    await admin.context.close();

    const { context, page } = await newPage(browser);
    await signIn(page, 'user');
    for (const [start, stop] of [
      ['9:00 AM', '10:45 AM'],
      ['11:00 AM', '12:00 PM'],
      ['11:45 AM', '1:00 PM'],
    ]) {
      await post(page.request, '/api/manage/slip/create', {
        version: 0,
        startTime: start,
        stopTime: stop,
        date: day,
        task: fixes!.taskId,
        rateMultiplier: '1',
        comment: `Patching ${start}`,
      });
    }

    // The technician edits the second task's title from the keyboard (Enter saves the form).
    await page.goto(`/manage/case/${edited!.caseId}/task/${edited!.taskId}`);
    const edit = page.getByRole('button', { name: 'Edit', exact: true });
    await edit.focus();
    await page.keyboard.press('Enter');
    await edit.waitFor({ state: 'detached' });
    await page.getByLabel('Title').focus();
    await page.keyboard.press('Control+a');
    await page.keyboard.type(`check the nightly backups ${stamp.toLowerCase()}`);
    await page.keyboard.press('Enter');
    // Saved: the screen is read-only again.
    await edit.waitFor();

    await openDaily(page);
    await showDay(page, day);
    await expect.poll(() => total(page, 'Case Hours').textContent()).toBe('4:00');

    // The gap: focus its marker, `e` extends the first slip to 11:00 AM.
    const gap = panel(page).getByRole('group', { name: 'Gap 10:45 AM – 11:00 AM (0:15)' });
    await gap.focus();
    await page.keyboard.press('e');
    await expect.poll(() => total(page, 'Case Hours').textContent()).toBe('4:15');
    await gap.waitFor({ state: 'detached' });

    // The overlap: `f` starts the following slip where the previous one ends.
    const overlap = panel(page).getByRole('group', { name: 'Overlap 11:45 AM – 12:00 PM (0:15)' });
    await overlap.focus();
    await page.keyboard.press('f');
    await expect.poll(() => total(page, 'Case Hours').textContent()).toBe('4:00');
    await expect.poll(() => markers(page).count()).toBe(0);
    const cards = panel(page).getByTestId('slip-card');
    await expect.poll(() => cards.nth(0).textContent()).toContain('11:00 AM');
    await expect.poll(() => cards.nth(2).textContent()).toContain('12:00 PM');

    // Today: the edited task is listed (the administrator's case and other task are not).
    await panel(page).getByRole('button', { name: 'Today', exact: true }).focus();
    await page.keyboard.press('Enter');
    const untracked = panel(page).getByRole('region', { name: 'Changed today, no time' });
    const row = untracked
      .getByTestId('untracked-item')
      .filter({ hasText: `Check the Nightly Backups ${stamp}` });
    await row.waitFor();
    expect(await row.textContent()).toContain(`Fixco ${stamp} › #${edited!.caseId} Fixco ${stamp} support ›`);
    expect(await row.textContent()).toContain('Changed: Title');
    expect(await untracked.getByTestId('untracked-item').filter({ hasText: 'Patch Servers' }).count()).toBe(
      0,
    );

    // Log Time opens the task's new slip with the cursor in Start; Ctrl+S saves it and the row goes.
    await row.getByRole('button', { name: /^Log Time/ }).focus();
    await page.keyboard.press('Enter');
    const fresh = panel(page).locator('[data-slip-id="new"]');
    await fresh.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('startTime');
    await page.keyboard.type('6');
    await page.keyboard.press('Tab');
    await page.keyboard.type('615');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Checked the nightly backups');
    await page.keyboard.press('Control+s');
    await fresh.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
    await context.close();
  });

  it('a slip inside another: no gap inside it, no trim that swallows it; x splits the outer slip', async () => {
    const day = freshDay();
    const admin = await newPage(browser);
    await signIn(admin.page, 'admin');
    const [nest] = await clientWithTasks(admin.page.request, `Nestco ${stamp}`, [
      { title: 'Rack the Switch', isProject: false },
    ]);
    await admin.context.close();

    const { context, page } = await newPage(browser);
    await signIn(page, 'user');
    for (const [start, stop, comment] of [
      ['9:30 AM', '10:45 AM', 'Racked the switch, "patched" ports'],
      ['9:40 AM', '10:00 AM', 'Call with the vendor'],
      ['12:00 PM', '1:00 PM', 'Labelled cables'],
    ]) {
      await post(page.request, '/api/manage/slip/create', {
        version: 0,
        startTime: start,
        stopTime: stop,
        date: day,
        task: nest!.taskId,
        where: 'ON_SITE',
        how: 'IN_PERSON',
        rateMultiplier: '1',
        comment,
      });
    }
    await openDaily(page);
    await showDay(page, day);
    await expect.poll(() => total(page, 'Case Hours').textContent()).toBe('2:35');

    // One overlap (the inner slip, 0:20) and one gap, after the outer slip: nothing offered inside 9:30–10:45.
    const overlap = panel(page).getByRole('group', { name: 'Overlap 9:40 AM – 10:00 AM (0:20)' });
    await overlap.waitFor();
    expect(await overlap.textContent()).toContain('9:40 AM – 10:00 AM lies inside 9:30 AM – 10:45 AM');
    expect(await markers(page).evaluateAll((all) => all.map((m) => m.getAttribute('aria-label')))).toEqual([
      'Overlap 9:40 AM – 10:00 AM (0:20)',
      'Gap 10:45 AM – 12:00 PM (1:15)',
    ]);
    // No trim at all, and nothing that takes 1:10 from the outer slip.
    expect(
      await panel(page)
        .getByRole('button', { name: /Trim|1:10/ })
        .count(),
    ).toBe(0);
    const split = 'Split outer: 9:30 AM – 9:40 AM and 10:00 AM – 10:45 AM (−0:20) x';
    await panel(page).getByRole('button', { name: split }).waitFor();
    await panel(page).getByRole('button', { name: 'Move inner to 10:45 AM – 11:05 AM m' }).waitFor();
    if (SHOTS) {
      for (const [width, label] of [
        [1280, 'desktop'],
        [390, 'phone'],
      ] as const) {
        await page.setViewportSize({ width, height: 900 });
        await overlap.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/day-fixes-nested-${label}.png` });
      }
      await page.setViewportSize({ width: 1280, height: 800 });
    }

    // `x` on the focused marker: a copy of the outer slip takes 10:00–10:45 and the outer one ends at 9:40.
    await overlap.focus();
    await page.keyboard.press('x');
    await expect.poll(() => total(page, 'Case Hours').textContent()).toBe('2:15');
    await overlap.waitFor({ state: 'detached' });
    await expect.poll(() => markers(page).count()).toBe(1);

    // Read back: the same time covered (9:30–10:45 and 12:00–1:00), no minute logged twice, the copy's work kept.
    const slips = await slipsOf(page, day);
    const times = slips.map((s) => `${s.start.slice(11)}-${s.stop.slice(11)}`);
    expect(times).toEqual(['09:30-09:40', '09:40-10:00', '10:00-10:45', '12:00-13:00']);
    slips.slice(1).forEach((s, i) => {
      expect(s.start >= slips[i]!.stop).toBe(true);
    });
    expect(slips[2]).toMatchObject({
      comment: 'Racked the switch, "patched" ports',
      where: { value: 'ON_SITE' },
      how: { value: 'IN_PERSON' },
    });
    await context.close();
  });
});
