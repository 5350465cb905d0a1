// Journey: the calendar summary. Slips of a week of its own (the page's clock is fixed inside it), the Weekly
// Summary with its colored events and Slips / Buckets / Total footer, the Daily Summary on a small screen, another
// user's week through the picker, Ctrl-click opening the task in a new window and a plain click navigating to it.
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_USERS, newPage, openBrowser, signIn } from '../support/e2e';
import { clientWithTasks, post } from '../support/e2e-data';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36).slice(-5).toUpperCase();
// A week of its own in 2033, so slips of other journeys never change these totals.
const monday = new Date(2033, 0, 3 + 7 * (Date.now() % 45)); // 01/03/2033 is a Monday
const day = (n: number) => new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + n);
const pad = (n: number) => String(n).padStart(2, '0');
const shown = (d: Date) => `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;
const path = (d: Date) => shown(d).replaceAll('/', '');

async function clientWithTwoTasks(request: APIRequestContext, name: string) {
  const [support, project] = await clientWithTasks(request, name, [
    { title: 'Reset passwords', isProject: false },
    { title: 'Install backups', isProject: true },
  ]);
  return { support: support!, project: project! };
}

async function slip(request: APIRequestContext, taskId: number, date: Date, start: string, stop: string) {
  await post(request, '/api/manage/slip/create', {
    version: 0,
    startTime: start,
    stopTime: stop,
    date: shown(date),
    task: taskId,
    rateMultiplier: '1',
    comment: 'Calendar journey',
  });
}

async function profileId(request: APIRequestContext): Promise<number> {
  return (await post<{ user: { id: number } }>(request, '/api/user/profile', {})).user.id;
}

const view = (page: Page) => page.locator('#weekly-calendar-modal [data-testid="calendar-view"]');
const events = (page: Page) => page.locator('#weekly-calendar-modal .fc-timegrid-event');

/** Waits until the calendar shows the week (or day) starting `start` for the user. */
async function loaded(page: Page, start: Date, userId: number) {
  await view(page)
    .and(page.locator(`[data-loaded="${path(start)}/${userId}"]`))
    .waitFor();
}

async function row(page: Page, label: string): Promise<string[]> {
  return page
    .locator('#weekly-calendar-modal [data-testid="calendar-summary"] tbody tr')
    .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })
    .locator('td')
    .allInnerTexts();
}

describe('calendar summary', () => {
  it('shows the week, the day, another user, and opens tasks', async () => {
    const other = await newPage(browser);
    await signIn(other.page, 'developer');
    const otherId = await profileId(other.page.request);
    const theirs = await clientWithTwoTasks(other.page.request, `Otherco ${stamp}`);
    await slip(other.page.request, theirs.support.taskId, day(2), '8:00 AM', '12:00 PM');
    await other.context.close();

    const { context, page } = await newPage(browser);
    await signIn(page, 'user');
    const userId = await profileId(page.request);
    const mine = await clientWithTwoTasks(page.request, `Calco ${stamp}`);
    await slip(page.request, mine.support.taskId, day(0), '9:00 AM', '10:30 AM');
    await slip(page.request, mine.project.taskId, day(1), '1:00 PM', '2:00 PM');
    await slip(page.request, mine.support.taskId, day(6), '10:00 AM', '10:20 AM');

    // "Today" is the Wednesday of that week.
    await page.clock.setFixedTime(new Date(day(2).getTime() + 10 * 3600_000));
    await page.goto('/');
    await page.getByRole('button', { name: 'Calendar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Weekly Summary' });
    await dialog.waitFor();
    await loaded(page, monday, userId);
    expect(await events(page).count()).toBe(3);
    await expectText(page, 'Support');
    const colors = await events(page).evaluateAll((list) =>
      list.map((e) => ({ text: e.textContent ?? '', color: getComputedStyle(e).backgroundColor })),
    );
    expect(colors.find((e) => /install backups/i.test(e.text))?.color).toBe('rgb(71, 170, 66)');
    expect(colors.find((e) => /reset passwords/i.test(e.text))?.color).toBe('rgb(55, 136, 216)');
    // Footer: seven days and a total; the slips' minutes (1:30, 1:00, 0:20), no buckets.
    expect(await row(page, 'Slips')).toEqual([
      '1:30',
      '1:00',
      '0:00',
      '0:00',
      '0:00',
      '0:00',
      '0:20',
      '2:50',
    ]);
    expect(await row(page, 'Buckets')).toEqual(Array(8).fill('0:00'));
    expect(await row(page, 'Total')).toEqual([
      '1:30',
      '1:00',
      '0:00',
      '0:00',
      '0:00',
      '0:00',
      '0:20',
      '2:50',
    ]);

    // Next week is empty; Today comes back.
    await dialog.getByRole('button', { name: /next/i }).click();
    await loaded(page, day(7), userId);
    expect(await events(page).count()).toBe(0);
    await dialog.getByRole('button', { name: /today/i }).click();
    await loaded(page, monday, userId);
    expect(await events(page).count()).toBe(3);

    // A small screen shows the Daily Summary in a side panel: today (Wednesday), then back to Monday.
    await page.setViewportSize({ width: 600, height: 800 });
    const panel = page.getByRole('dialog', { name: 'Daily Summary' });
    await panel.waitFor();
    await loaded(page, day(2), userId);
    expect(await events(page).count()).toBe(0);
    expect(await row(page, 'Slips')).toEqual(['0:00']);
    await panel.getByRole('button', { name: /prev/i }).click();
    await loaded(page, day(1), userId);
    expect(await events(page).count()).toBe(1);
    expect(await row(page, 'Slips')).toEqual(['1:00']);
    expect(await row(page, 'Total')).toEqual(['1:00']);

    // Back to the week; another user's week differs.
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.waitFor();
    await loaded(page, monday, userId);
    const { firstName, lastName } = E2E_USERS.developer;
    await dialog.getByLabel('User').selectOption({ label: `${firstName} ${lastName}` });
    await loaded(page, monday, otherId);
    expect(await events(page).count()).toBe(1);
    expect(await row(page, 'Slips')).toEqual([
      '0:00',
      '0:00',
      '4:00',
      '0:00',
      '0:00',
      '0:00',
      '0:00',
      '4:00',
    ]);

    // Ctrl-click opens the task in a new window; a plain click opens it here.
    const target = `/manage/case/${theirs.support.caseId}/task/${theirs.support.taskId}`;
    const home = page.url();
    const [opened] = await Promise.all([
      context.waitForEvent('page'),
      events(page)
        .first()
        .click({ modifiers: ['Control'] }),
    ]);
    await opened.waitForURL((url) => url.pathname === target);
    await opened.close();
    expect(page.url()).toBe(home);
    await dialog.waitFor();
    await events(page).first().click();
    await page.waitForURL((url) => url.pathname === target);
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });
});

async function expectText(page: Page, text: string) {
  await page.locator('#weekly-calendar-modal').getByText(text, { exact: true }).first().waitFor();
}
