// Journey: the technician's day. With the daily panel open the top navigation stays usable (search, calendar,
// user menu, Log Out) on a desk and a phone; a new slip puts the cursor in Start with How and Where from the user's
// last slip on the task, and tabs start, end, description, date, how, where, multi, Save; a copy starts where the
// user's day ends; the task's Slips screen has the task header, total hours, newest first, sticky headers, and
// cards on a phone.
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, openBrowser, signIn } from '../support/e2e';
import { clientWithTask, post } from '../support/e2e-data';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36).slice(-5).toUpperCase();
// Days of their own (May 2031), so other journeys' slips never end this user's day.
const dayOf = (n: number) => `05/${String(n).padStart(2, '0')}/2031`;
const copyDay = dayOf(1 + (Date.now() % 14));
const listDay = (i: number) => dayOf(16 + i);

type SlipInput = { start: string; stop: string; date: string; comment: string; how?: string; where?: string };

const slip = (request: APIRequestContext, taskId: number, s: SlipInput) =>
  post<{ slip: { id: number } }>(request, '/api/manage/slip/create', {
    version: 0,
    startTime: s.start,
    stopTime: s.stop,
    date: s.date,
    task: taskId,
    how: s.how ?? null,
    where: s.where ?? null,
    rateMultiplier: '1',
    comment: s.comment,
  });

const panel = (page: Page) => page.getByTestId('daily-panel');
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el?.getAttribute('name') ?? el?.getAttribute('aria-label') ?? el?.textContent ?? '';
  });

async function openDaily(page: Page) {
  await page.getByRole('button', { name: 'Daily' }).click();
  await panel(page).getByRole('heading', { name: 'Daily' }).waitFor();
}

describe("the technician's day", () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`with the daily panel open, the user menu opens and Log Out works (${viewport.width} px)`, async () => {
      const { context, page } = await newPage(browser, { viewport });
      await signIn(page, 'user');
      await openDaily(page);
      // The panel starts where the navigation ends.
      const nav = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
      const side = await panel(page).boundingBox();
      expect(side!.y).toBeGreaterThanOrEqual(nav!.y + nav!.height - 1);
      // Search and Calendar open above it, and close again.
      await page.locator('.sd-search-toggle').click({ timeout: 5_000 });
      await page.getByRole('combobox', { name: 'Search term' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('combobox', { name: 'Search term' }).waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Calendar' }).click({ timeout: 5_000 });
      await page.locator('#weekly-calendar-modal').waitFor();
      await page.keyboard.press('Escape');
      await page.locator('#weekly-calendar-modal').waitFor({ state: 'hidden' });
      await panel(page).getByRole('heading', { name: 'Daily' }).waitFor();
      if (viewport.width < 992)
        await page.getByRole('button', { name: 'Toggle navigation' }).click({ timeout: 5_000 });
      await page.getByRole('button', { name: 'Terry Tech' }).click({ timeout: 5_000 });
      await page
        .getByRole('button', { name: 'Log Out' })
        .or(page.getByRole('link', { name: 'Log Out' }))
        .click({
          timeout: 5_000,
        });
      await page.waitForURL('**/login');
      await context.close();
    });
  }

  it('a new slip: cursor in Start, How and Where from the last slip on the task, Tab order', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'user');
    const ids = await clientWithTask(page.request, `Tabco ${stamp}`, 'Replace Router');
    await slip(page.request, ids.taskId, {
      start: '8:00 AM',
      stop: '8:30 AM',
      date: dayOf(15),
      comment: 'Earlier visit',
      how: 'IN_PERSON',
      where: 'ON_SITE',
    });
    await page.goto(`/manage/case/${ids.caseId}/task/${ids.taskId}/slip`);
    await page.getByRole('button', { name: 'New Slip' }).click();
    const fresh = panel(page).locator('[data-slip-id="new"]');
    await fresh.waitFor();
    await expect.poll(() => focusedName(page)).toBe('startTime');
    expect(await fresh.locator('select[name="how"]').inputValue()).toBe('IN_PERSON');
    expect(await fresh.locator('select[name="where"]').inputValue()).toBe('ON_SITE');
    // Each Tab moves focus on (the date field hands it on after its popover delay): wait for the move.
    const order: string[] = [];
    let previous = 'startTime';
    while (order.length < 7) {
      await page.keyboard.press('Tab');
      await expect.poll(() => focusedName(page)).not.toBe(previous);
      previous = await focusedName(page);
      // The date's picker button belongs to the date field.
      if (previous !== 'Choose date') order.push(previous);
    }
    expect(order).toEqual(['stopTime', 'comment', 'date', 'how', 'where', 'rateMultiplier', 'Save']);
    await fresh.getByRole('button', { name: 'Cancel' }).click();
    await fresh.waitFor({ state: 'detached' });
    await context.close();
  });

  it("a copy keeps description, task, how, where and duration and starts where the user's day ends", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'user');
    const ids = await clientWithTask(page.request, `Copyday ${stamp}`, 'Swap Drives');
    const source = await slip(page.request, ids.taskId, {
      start: '1:00 PM',
      stop: '1:45 PM',
      date: copyDay,
      comment: 'Swapped drive bay 2',
      how: 'REMOTE_SESSION',
      where: 'REMOTE',
    });
    await slip(page.request, ids.taskId, {
      start: '2:00 PM',
      stop: '3:10 PM',
      date: copyDay,
      comment: 'Later work',
    });
    const base = `/manage/case/${ids.caseId}/task/${ids.taskId}/slip`;
    await page.goto(`${base}/${source.slip.id}`);
    await page
      .getByTestId('slip-card')
      .getByRole('button', { name: /^Actions/ })
      .click();
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.waitForURL(`**${base}/${source.slip.id}/copy`);
    const copy = page.getByTestId('slip-card');
    await expect.poll(() => copy.getAttribute('data-mode')).toBe('edit');
    await expect.poll(() => copy.getByLabel(/^Start/).inputValue()).toBe('3:10 PM');
    expect(await copy.getByLabel('End').inputValue()).toBe('3:55 PM');
    expect(await copy.locator('input[name="date"]').inputValue()).toBe(copyDay);
    expect(await copy.getByLabel('Description').inputValue()).toBe('Swapped drive bay 2');
    expect(await copy.locator('select[name="how"]').inputValue()).toBe('REMOTE_SESSION');
    expect(await copy.locator('select[name="where"]').inputValue()).toBe('REMOTE');
    await expect.poll(() => focusedName(page)).toBe('startTime');
    await copy.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(new RegExp(`${base}/(\\d+)$`));
    await expect.poll(() => page.getByTestId('slip-card').textContent()).toContain('3:55 PM');
    await context.close();
  });

  it("the task's Slips screen: header, total hours, newest first, sticky headers, cards on a phone", async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 1280, height: 360 } });
    await signIn(page, 'user');
    const ids = await clientWithTask(page.request, `Listco ${stamp}`, 'Audit Backups');
    const long = 'Checked every backup job, restored a sample file from each and wrote up the results';
    for (let i = 0; i < 12; i++) {
      await slip(page.request, ids.taskId, {
        start: '9:00 AM',
        stop: '10:15 AM',
        date: listDay(i),
        comment: `Day ${i + 1}: ${long}`,
        how: 'EMAIL',
        where: 'IN_OFFICE',
      });
    }
    await page.goto(`/manage/case/${ids.caseId}/task/${ids.taskId}/slip`);
    await page.getByRole('heading', { name: 'Audit Backups', level: 1 }).waitFor();
    await page.getByRole('link', { name: new RegExp(`Listco ${stamp} support`) }).waitFor();
    const tabs = page.getByRole('navigation', { name: 'Task' });
    expect(await tabs.getByRole('link', { name: 'Slips' }).getAttribute('class')).toContain('active');
    await expect.poll(() => page.getByTestId('task-slips-total').textContent()).toBe('Total Hours15:00');
    const rows = page.locator('main tbody tr');
    await expect.poll(() => rows.count()).toBe(12);
    expect(await rows.first().textContent()).toContain(listDay(11));
    expect(await rows.last().textContent()).toContain(listDay(0));
    expect(await page.locator('main thead').textContent()).toContain('HowWhere');
    expect(await rows.first().textContent()).toContain('EmailIn Office');
    // Scrolled down, the header row sits right under the top navigation.
    await page.mouse.wheel(0, 500);
    const nav = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
    await expect
      .poll(async () => (await page.locator('main thead th').first().boundingBox())!.y)
      .toBeCloseTo(nav!.y + nav!.height, 0);

    // A phone: one card per slip, the description at full width.
    await page.setViewportSize({ width: 390, height: 844 });
    const cards = page.getByTestId('task-slip-card');
    await expect.poll(() => cards.count()).toBe(12);
    expect(await page.locator('main table').count()).toBe(0);
    const text = cards.first().locator('.sd-slip-comment');
    expect((await text.boundingBox())!.width).toBeGreaterThan(300);
    await context.close();
  });
});
