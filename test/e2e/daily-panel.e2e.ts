// Journey: the daily slips panel. Add a slip by typing 9 / 930, Ctrl+S; sorted cards, Time, totals and a gap
// marker; edit then Cancel restores; a bucket's time; print preview link; move a slip to another client's task;
// delete; and on a phone, Edit goes to the slip edit route.
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
// A day of its own, so slips of other journeys never change these totals.
const day = `03/${String(10 + (Date.now() % 18)).padStart(2, '0')}/2031`;

async function slip(
  request: APIRequestContext,
  taskId: number,
  start: string,
  stop: string,
  comment: string,
  date = day,
) {
  return post<{ slip: { id: number } }>(request, '/api/manage/slip/create', {
    version: 0,
    startTime: start,
    stopTime: stop,
    date,
    task: taskId,
    rateMultiplier: '1',
    comment,
  });
}

const panel = (page: Page) => page.getByTestId('daily-panel');
const cards = (page: Page) => panel(page).getByTestId('slip-card');
const total = (page: Page, label: string) => panel(page).getByRole('status', { name: label });

async function showDay(page: Page) {
  const date = panel(page).getByLabel('Date', { exact: true }).first();
  await date.fill(day);
  await date.press('Tab');
  await panel(page)
    .locator(`[data-testid="daily-totals"][data-loaded="${day.replaceAll('/', '')}"]`)
    .waitFor();
}

async function cardAction(page: Page, cardIndex: number, action: string) {
  await cards(page)
    .nth(cardIndex)
    .getByRole('button', { name: /^Actions/ })
    .click();
  await page.getByRole('button', { name: action, exact: true }).click();
}

describe('daily panel', () => {
  const firstClient = `Dailyco ${stamp}`;
  const secondClient = `Movetarget ${stamp}`;

  beforeAll(async () => {
    const admin = await newPage(browser);
    await signIn(admin.page, 'admin');
    await post(admin.page.request, '/api/admin/bucket/create', {
      version: 0,
      name: `Training ${stamp}`,
      active: true,
      sortOrder: 0,
    });
    await admin.context.close();
  });

  it('adds, sorts, totals, gaps, edits, buckets, prints, moves and deletes slips', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'user');
    const first = await clientWithTask(page.request, firstClient, 'Configure VPN');
    await clientWithTask(page.request, secondClient, 'Replace Switch');
    await slip(page.request, first.taskId, '10:00 AM', '11:00 AM', 'Patch the server');

    // New Slip on the task's slips screen opens the panel with a new slip on top, in edit mode.
    await page.goto(`/manage/case/${first.caseId}/task/${first.taskId}/slip`);
    await page.getByRole('button', { name: 'New Slip' }).click();
    await panel(page).getByRole('heading', { name: 'Daily' }).waitFor();
    const fresh = panel(page).locator('[data-slip-id="new"]');
    await fresh.waitFor();
    await showDay(page);
    expect(await cards(page).count()).toBe(2);

    await fresh.getByLabel('Start').fill('9');
    await fresh.getByLabel('End').fill('930');
    await fresh.getByLabel('End').press('Tab');
    expect(await fresh.getByLabel('End').inputValue()).toBe('9:30 AM');
    await fresh.getByLabel('Description').fill('Set up the VPN tunnel');
    await fresh.locator('input[name="date"]').fill(day);
    await fresh.getByLabel('Description').focus();
    await page.keyboard.press('Control+s');
    await fresh.waitFor({ state: 'detached' });

    // Sorted by start, with the computed Time and the totals.
    await expect.poll(() => cards(page).count()).toBe(2);
    await expect.poll(() => cards(page).nth(0).textContent()).toContain('Set up the VPN tunnel');
    await expect.poll(() => cards(page).nth(0).getByTestId('slip-time').textContent()).toBe('0:30');
    await expect.poll(() => cards(page).nth(1).textContent()).toContain('Patch the server');
    await expect.poll(() => total(page, 'Case Hours').textContent()).toBe('1:30');
    await expect.poll(() => total(page, 'Total Hours').textContent()).toBe('1:30');
    // 9:30 to 10:00 is a gap; the last slip ends, so it has none.
    await expect.poll(() => panel(page).getByTestId('gap-marker').count()).toBe(1);
    await expect.poll(() => panel(page).getByTestId('gap-marker').textContent()).toContain('0:30');

    // Edit, change, Cancel: the original values come back.
    await cardAction(page, 1, 'Edit');
    const editing = cards(page).nth(1);
    await editing.getByLabel('Description').fill('Something else');
    await editing.getByLabel('Start').fill('8');
    await editing.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => editing.getAttribute('data-mode')).toBe('read');
    await expect.poll(() => editing.textContent()).toContain('Patch the server');
    await expect.poll(() => editing.textContent()).toContain('10:00 AM');

    // A bucket: the time is normalised on blur and counts in the totals.
    await panel(page)
      .getByRole('button', { name: `Edit Training ${stamp}` })
      .click();
    const time = panel(page).getByLabel('Time', { exact: true });
    await time.fill('1.5');
    await time.press('Tab');
    expect(await time.inputValue()).toBe('1:30');
    await panel(page).getByLabel('Summary').fill('Security course');
    await panel(page).getByRole('button', { name: 'Save', exact: true }).click();
    await panel(page).getByRole('cell', { name: 'Security course' }).waitFor();
    await expect.poll(() => total(page, 'Bucket Hours').textContent()).toBe('1:30');
    await expect.poll(() => total(page, 'Total Hours').textContent()).toBe('3:00');

    // Print: the answer's message with a Preview link to the card PDF.
    await cardAction(page, 0, 'Print');
    const preview = cards(page).nth(0).getByRole('link', { name: 'Preview' });
    await preview.waitFor();
    expect(await preview.getAttribute('href')).toMatch(/card-print\/\d+\/preview$/);

    // Move the 9:00 slip to the other client's task.
    await cardAction(page, 0, 'Move');
    const dialog = page.getByTestId('move-slip-dialog');
    await dialog.getByRole('heading', { name: 'Move Slip' }).waitFor();
    const client = dialog.getByRole('combobox', { name: 'Client' });
    // The slip's own client is the default.
    await expect.poll(() => client.inputValue()).toContain(firstClient);
    // The dialog moves focus to its button after showing (SPEC §9): type once it has.
    const cancel = dialog.getByRole('button', { name: 'Cancel' });
    await expect.poll(() => cancel.evaluate((el) => el === document.activeElement)).toBe(true);
    await client.fill(secondClient.slice(0, 14));
    await page.getByRole('option', { name: new RegExp(secondClient) }).click();
    await dialog.getByRole('radio', { name: 'Select Replace Switch' }).check();
    await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => cards(page).nth(0).textContent()).toContain(secondClient);

    // Delete (after confirming) the 10:00 slip.
    await cardAction(page, 1, 'Delete');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => cards(page).count()).toBe(1);
    await expect.poll(() => total(page, 'Case Hours').textContent()).toBe('0:30');
    await context.close();
  });

  it('copies a slip through the copy route, then deletes the copy on its own page', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'user');
    const ids = await clientWithTask(page.request, `Copyco ${stamp}`, 'Rotate Backups');
    // Sign-in ends on the home page: let it settle before going elsewhere.
    await page.getByRole('heading', { name: 'Cases & Tasks', level: 1 }).waitFor();
    // A day of its own, so the other journeys' day keeps its slips.
    const source = await slip(
      page.request,
      ids.taskId,
      '1:00 PM',
      '1:45 PM',
      'Swapped the backup drive',
      '04/02/2031',
    );
    const base = `/manage/case/${ids.caseId}/task/${ids.taskId}/slip`;

    // Copy from the slip's page: the copy route, the source's values in create mode.
    await page.goto(`${base}/${source.slip.id}`);
    const card = page.getByTestId('slip-card');
    await card.getByRole('button', { name: /^Actions/ }).click();
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.waitForURL(`**${base}/${source.slip.id}/copy`);
    const copy = page.getByTestId('slip-card');
    await expect.poll(() => copy.getAttribute('data-mode')).toBe('edit');
    expect(await copy.getByLabel('Description').inputValue()).toBe('Swapped the backup drive');
    await copy.getByLabel('Start').fill('2');
    await copy.getByLabel('End').fill('230');
    await copy.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(new RegExp(`${base}/(\\d+)$`));
    const copyId = Number(/\/(\d+)$/.exec(page.url())![1]);
    expect(copyId).not.toBe(source.slip.id);
    await expect.poll(() => page.getByTestId('slip-card').textContent()).toContain('2:30 PM');

    // Deleting the slip whose page is open replaces the route with the task's slips.
    await page
      .getByTestId('slip-card')
      .getByRole('button', { name: /^Actions/ })
      .click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(`**${base}`);
    // The source slip's row in the task's slips (the deleted copy's card may still show the same words while the
    // list loads: wait for the row itself).
    const row = page.getByRole('cell', { name: 'Swapped the backup drive' });
    await expect
      .poll(() => row.count(), { timeout: 20_000, message: "the source slip, once, in the task's slips" })
      .toBe(1);
    await context.close();
  });

  it('on a phone, Edit goes to the slip edit route and closes the panel', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await signIn(page, 'user');
    await page.getByRole('button', { name: 'Daily' }).click();
    await panel(page).getByRole('heading', { name: 'Daily' }).waitFor();
    await showDay(page);
    await expect.poll(() => cards(page).count()).toBe(1);
    await cardAction(page, 0, 'Edit');
    await page.waitForURL(/\/manage\/case\/\d+\/task\/\d+\/slip\/\d+\/edit$/);
    await panel(page).waitFor({ state: 'detached' });
    const card = page.getByTestId('slip-card');
    expect(await card.getAttribute('data-mode')).toBe('edit');
    expect(await card.getByLabel('Start').inputValue()).toBe('9:00 AM');
    await context.close();
  });
});

describe('daily slips mode', () => {
  it('"Open the daily panel beside the case list" opens it beside Cases & Tasks on a wide screen', async () => {
    const admin = await newPage(browser);
    await signIn(admin.page, 'admin');
    const email = `beside-${stamp.toLowerCase()}@example.test`;
    const password = 'beside password for tests';
    await post(admin.page.request, '/api/admin/staff/create', {
      version: 0,
      email,
      password,
      firstName: 'Bea',
      lastName: 'Side',
      shortCode: `BS${stamp}`.slice(0, 10),
      homePage: 'cases',
      caseListDailySlipsMode: 'OPEN',
      autoPopulateTaskPoints: false,
      active: true,
      roles: ['ROLE_USER'],
    });
    await admin.context.close();

    // 1280 px: the common laptop width, where the list beside the panel keeps only about 700 px.
    const { context, page } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: /sign in|log in/i }).click();
    await page.waitForURL('**/manage/case');
    const panel = page.getByTestId('daily-panel');
    await panel.getByRole('heading', { name: 'Daily' }).waitFor();
    // Beside, not over: the list ends where the panel begins.
    const main = await page.locator('#main').boundingBox();
    const side = await panel.boundingBox();
    expect(main!.x + main!.width).toBeLessThanOrEqual(side!.x + 1);
    // The list drops its low-priority columns rather than wrap a case title onto three lines, and fits its width.
    const header = page.locator('#main table thead');
    await expect.poll(() => header.getByRole('columnheader', { name: 'Department' }).isVisible()).toBe(false);
    for (const name of ['Number', 'Title', 'Organization', 'Status'])
      expect(await header.getByRole('columnheader', { name, exact: true }).isVisible()).toBe(true);
    expect(await header.getByRole('columnheader', { name: 'Assigned To' }).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(
      true,
    );
    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'detached' });
    // Without the panel the list has the width for every column again.
    await expect.poll(() => header.getByRole('columnheader', { name: 'Department' }).isVisible()).toBe(true);
    await context.close();
  });
});
