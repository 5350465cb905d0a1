// Journey: time entry with no network. A technician adds three slips offline (each "Not yet saved", the header
// counts 3), reloads while still offline and finds them, goes online and they are saved once each, even when the
// first answer is lost on the way back; an edit that meets a newer one made elsewhere shows the server's message
// with Keep mine / Take theirs / Discard; Log Out with queued changes warns; and a second user signing in on the
// same browser never sends the first one's changes.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyDay } from '../support/company-day';
import { openBrowser } from '../support/e2e';
import { type OwnApp, signInOnPage, signInOwn, startOwnApp } from '../support/e2e-app';
import { makeBucketCategory, makeSlip, makeTask, makeUser, type TestUser } from '../support/factories';

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
const cards = (page: Page) => panel(page).getByTestId('slip-card');
const card = (page: Page, text: string) => cards(page).filter({ hasText: text });
const waiting = (page: Page) => panel(page).getByTestId('pending-badge');
const badge = (page: Page) => page.getByTestId('queue-badge');

async function openDaily(page: Page) {
  await page.getByRole('button', { name: 'Daily', exact: true }).click();
  await panel(page).getByRole('heading', { name: 'Daily' }).waitFor();
  await panel(page).locator('[data-testid="daily-totals"][data-loaded]').waitFor();
}

async function editDescription(page: Page, slipId: number, text: string) {
  const c = panel(page).locator(`[data-slip-id="${slipId}"]`);
  await c.getByRole('button', { name: /^Actions/ }).click();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await c.getByLabel('Description').fill(text);
  await c.getByRole('button', { name: 'Save' }).click();
  await c.getByTestId('pending-badge').waitFor();
}

const comments = async (userId: number) =>
  (
    await own.db.pool.query<{ comment: string }>(
      'SELECT comment FROM slips WHERE user_id = $1 ORDER BY start_time',
      [userId],
    )
  ).rows.map((r) => r.comment);

async function technician(): Promise<{ user: TestUser; taskId: number; caseId: number; slipId: number }> {
  const user = await makeUser(own.db.pool, { firstName: 'Terry', lastName: 'Offline' });
  const task = await makeTask(own.db.pool, { title: 'Rack the new switch' });
  const slip = await makeSlip(own.db.pool, {
    taskId: task.id,
    userId: user.id,
    workDate: todayIso,
    startTime: '08:00',
    stopTime: '08:30',
    how: 'IN_PERSON',
    where: 'ON_SITE',
    comment: 'Unpack the switch',
  });
  return { user, taskId: task.id, caseId: task.caseId, slipId: slip.id };
}

/**
 * No way to the server for the app's calls while the page itself still loads: every /api call fails as a lost
 * connection does. (The last journey reloads with the network truly off, the page coming from the service worker.)
 */
async function apiUnreachable(context: BrowserContext) {
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
}

describe('offline time entry', () => {
  it('adds three slips offline, keeps them over a reload, and saves each once when the network is back', async () => {
    const { user, taskId, caseId } = await technician();
    const page = await signInOwn(browser, own, user.email);
    const context = page.context();
    await page.goto(`/manage/case/${caseId}/task/${taskId}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // Online: the day is seen once, so this device remembers it.
    await openDaily(page);
    await card(page, 'Unpack the switch').waitFor();

    await context.setOffline(true);
    await page.getByText('Offline', { exact: true }).first().waitFor();
    const slips = [
      { start: '9', end: '930', text: 'Offline cabling' },
      { start: '10', end: '1030', text: 'Offline patching' },
      { start: '11', end: '1130', text: 'Offline labels' },
    ];
    for (const [i, s] of slips.entries()) {
      await page.getByRole('button', { name: 'New Slip' }).first().click();
      const fresh = panel(page).locator('[data-slip-id="new"]');
      await fresh.getByLabel('Start').fill(s.start);
      await fresh.getByLabel('End').fill(s.end);
      await fresh.getByLabel('Description').fill(s.text);
      // The first by keyboard (Ctrl+S), the others with the Save button.
      if (i === 0) await page.keyboard.press('Control+s');
      else await fresh.getByRole('button', { name: 'Save' }).click();
      await fresh.waitFor({ state: 'detached' });
      await card(page, s.text).getByTestId('pending-badge').waitFor();
    }
    await expect.poll(() => waiting(page).count()).toBe(3);
    expect(await waiting(page).first().textContent()).toBe('Not yet saved');
    // In their place by start, with the habit of the task (In Person, On Site) and the totals.
    expect(await cards(page).allTextContents()).toEqual([
      expect.stringContaining('Unpack the switch'),
      expect.stringContaining('Offline cabling'),
      expect.stringContaining('Offline patching'),
      expect.stringContaining('Offline labels'),
    ]);
    expect(await card(page, 'Offline cabling').textContent()).toContain('IP');
    await expect
      .poll(() => panel(page).getByRole('status', { name: 'Case Hours' }).textContent())
      .toBe('2:00');
    expect(await badge(page).getAttribute('aria-label')).toBe('3 changes not yet saved');

    // Reload, still with no way to the server: the three are still there.
    await apiUnreachable(context);
    await context.setOffline(false);
    await page.reload();
    await openDaily(page);
    await expect.poll(() => waiting(page).count()).toBe(3);
    await expect.poll(() => badge(page).getAttribute('aria-label')).toBe('3 changes not yet saved');
    expect(await comments(user.id)).toEqual(['Unpack the switch']);

    // Back online, and the first answer is lost after the server applied it: the retry carries the same key.
    await context.setOffline(true);
    await context.unroute('**/api/**');
    const keys: string[] = [];
    let dropped = false;
    await page.route('**/api/manage/slip/create', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (dropped) return route.fallback();
      dropped = true;
      await route.fetch();
      return route.abort('connectionreset');
    });
    await context.setOffline(false);
    await badge(page).waitFor({ state: 'detached' });
    await expect.poll(() => waiting(page).count()).toBe(0);
    expect(keys.length).toBe(4);
    expect(keys[1]).toBe(keys[0]);
    expect(new Set(keys).size).toBe(3);
    expect(await comments(user.id)).toEqual([
      'Unpack the switch',
      'Offline cabling',
      'Offline patching',
      'Offline labels',
    ]);
    await expect.poll(() => cards(page).count()).toBe(4);
    await context.close();
  });

  it('an offline edit that meets a newer one offers Keep mine, Take theirs and Discard', async () => {
    const { user, taskId, slipId } = await technician();
    const other = await makeSlip(own.db.pool, {
      taskId,
      userId: user.id,
      workDate: todayIso,
      startTime: '09:00',
      stopTime: '10:00',
      comment: 'Configure the VLANs',
    });
    const page = await signInOwn(browser, own, user.email);
    const context = page.context();
    await openDaily(page);
    await card(page, 'Configure the VLANs').waitFor();

    await context.setOffline(true);
    await editDescription(page, slipId, 'Unpack and mount the switch');
    await editDescription(page, other.id, 'Configure VLANs 10 and 20');
    await expect.poll(() => badge(page).getAttribute('aria-label')).toBe('2 changes not yet saved');

    // Meanwhile the same slips change elsewhere (another session of the same user).
    await own.db.pool.query(
      `UPDATE slips SET comment = comment || ' (from the office)', version = version + 1, updated_at = now()
        WHERE id = ANY($1)`,
      [[slipId, other.id]],
    );
    await context.setOffline(false);
    const mine = panel(page).locator(`[data-slip-id="${slipId}"]`);
    const theirs = panel(page).locator(`[data-slip-id="${other.id}"]`);
    for (const c of [mine, theirs]) {
      await c.getByTestId('pending-choices').waitFor();
      expect(await c.getByTestId('pending-badge').textContent()).toBe('Not saved');
      expect(await c.getByRole('alert').textContent()).toContain('This record was changed by');
      for (const name of ['Keep mine', 'Take theirs', 'Discard']) {
        expect(await c.getByRole('button', { name }).isVisible()).toBe(true);
      }
    }
    await expect
      .poll(() => badge(page).getAttribute('aria-label'))
      .toBe('2 changes not yet saved, 2 refused by the server');

    // Keep mine: sent again on top of the server's version.
    await mine.getByRole('button', { name: 'Keep mine' }).click();
    await mine.getByTestId('pending-badge').waitFor({ state: 'detached' });
    await expect.poll(() => mine.textContent()).toContain('Unpack and mount the switch');
    // Take theirs: the office's version shows.
    await theirs.getByRole('button', { name: 'Take theirs' }).click();
    await theirs.getByTestId('pending-badge').waitFor({ state: 'detached' });
    await expect.poll(() => theirs.textContent()).toContain('Configure the VLANs (from the office)');
    await badge(page).waitFor({ state: 'detached' });
    const rows = await own.db.pool.query<{ id: number; comment: string; version: number }>(
      'SELECT id, comment, version FROM slips WHERE id = ANY($1) ORDER BY id',
      [[slipId, other.id]],
    );
    expect(rows.rows).toEqual([
      { id: slipId, comment: 'Unpack and mount the switch', version: 2 },
      { id: other.id, comment: 'Configure the VLANs (from the office)', version: 1 },
    ]);
    await context.close();
  });

  it('a new slip refused for a closed case is fixed or discarded; a bucket changed offline is saved', async () => {
    const { user, taskId, caseId } = await technician();
    const category = await makeBucketCategory(own.db.pool, { name: 'Training (offline journey)' });
    const page = await signInOwn(browser, own, user.email);
    const context = page.context();
    await page.goto(`/manage/case/${caseId}/task/${taskId}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await openDaily(page);
    await card(page, 'Unpack the switch').waitFor();

    await context.setOffline(true);
    for (const [start, end, text] of [
      ['1', '130', 'Closed case slip A'],
      ['2', '230', 'Closed case slip B'],
    ]) {
      await page.getByRole('button', { name: 'New Slip' }).first().click();
      const fresh = panel(page).locator('[data-slip-id="new"]');
      await fresh.getByLabel('Start').fill(start!);
      await fresh.getByLabel('End').fill(end!);
      await fresh.getByLabel('Description').fill(text!);
      await fresh.getByRole('button', { name: 'Save' }).click();
      await card(page, text!).getByTestId('pending-badge').waitFor();
    }
    const bucket = panel(page).getByTestId('bucket-row').filter({ hasText: category.name });
    await bucket.getByRole('button', { name: `Edit ${category.name}` }).click();
    await bucket.getByLabel('Time').fill('1:30');
    await bucket.getByLabel('Summary').fill('Switch vendor course');
    await bucket.getByRole('button', { name: 'Save' }).click();
    await bucket.getByTestId('pending-badge').waitFor();
    await expect
      .poll(() => panel(page).getByRole('status', { name: 'Bucket Hours' }).textContent())
      .toBe('1:30');
    await expect.poll(() => badge(page).getAttribute('aria-label')).toBe('3 changes not yet saved');

    // The case is closed meanwhile: both new slips are refused, the bucket is saved.
    await own.db.pool.query(`UPDATE cases SET status = 'CLOSED' WHERE id = $1`, [caseId]);
    await context.setOffline(false);
    const a = card(page, 'Closed case slip A');
    const b = card(page, 'Closed case slip B');
    for (const c of [a, b]) {
      await c.getByTestId('pending-choices').waitFor();
      expect(await c.getByRole('alert').textContent()).toContain('This case is closed');
      // A new slip has no server version to take.
      expect(await c.getByRole('button', { name: 'Take theirs' }).count()).toBe(0);
    }
    await bucket.getByTestId('pending-badge').waitFor({ state: 'detached' });
    await expect
      .poll(() => badge(page).getAttribute('aria-label'))
      .toBe('2 changes not yet saved, 2 refused by the server');

    // Discard: the slip disappears. Keep mine: the slip opens with the message, to fix (here: the case reopens).
    await a.getByRole('button', { name: 'Discard' }).click();
    await a.waitFor({ state: 'detached' });
    // Open, the card holds its text in fields (a field's value is no text of the page): found by its id instead.
    const bOpen = panel(page).locator(`[data-slip-id="${await b.getAttribute('data-slip-id')}"]`);
    await b.getByRole('button', { name: 'Keep mine' }).click();
    await bOpen.getByLabel('Description').waitFor();
    expect(await bOpen.getByRole('alert').textContent()).toContain('This case is closed');
    await own.db.pool.query(`UPDATE cases SET status = 'OPEN' WHERE id = $1`, [caseId]);
    await bOpen.getByLabel('Description').fill('Closed case slip B, fixed');
    await bOpen.getByRole('button', { name: 'Save' }).click();
    await badge(page).waitFor({ state: 'detached' });
    await card(page, 'Closed case slip B, fixed').waitFor();
    expect(await comments(user.id)).toEqual(['Unpack the switch', 'Closed case slip B, fixed']);
    const saved = await own.db.pool.query<{ minutes: number; comment: string }>(
      'SELECT minutes, comment FROM buckets WHERE user_id = $1 AND category_id = $2',
      [user.id, category.id],
    );
    expect(saved.rows).toEqual([{ minutes: 90, comment: 'Switch vendor course' }]);
    await context.close();
  });

  it('Log Out warns about queued changes, and another user signing in here never sends them', async () => {
    const first = await technician();
    const second = await technician();
    const page = await signInOwn(browser, own, first.user.email);
    const context = page.context();
    await openDaily(page);
    await context.setOffline(true);
    await editDescription(page, first.slipId, 'Unpack, count the screws');
    await badge(page).waitFor();

    // Back on a network where the slip calls still fail (so the change stays queued) while Log Out reaches the
    // server and really ends the session.
    const slipCalls = '**/api/manage/slip/**';
    await context.route(slipCalls, (route) => route.abort('internetdisconnected'));
    await context.setOffline(false);
    await page.locator('#user-menu').click();
    await page.getByRole('link', { name: 'Log Out' }).click();
    const warning = page.getByTestId('sign-out-warning');
    await warning.waitFor();
    expect(await warning.textContent()).toContain(
      'You have 1 change not yet saved. They stay on this device and are sent the next time you sign in here.',
    );
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await warning.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).not.toBe('/login');
    await page.locator('#user-menu').click();
    await page.getByRole('link', { name: 'Log Out' }).click();
    await warning.getByRole('button', { name: 'Log Out Anyway' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Email').waitFor();
    await context.unroute(slipCalls);

    // The second user on the same browser: their own change goes, the first user's (queued before it) stays.
    await signInOnPage(page, second.user.email);
    await openDaily(page);
    expect(await badge(page).count()).toBe(0);
    await context.setOffline(true);
    await editDescription(page, second.slipId, 'Unpack, second user');
    await expect.poll(() => badge(page).getAttribute('aria-label')).toBe('1 change not yet saved');
    await context.setOffline(false);
    await badge(page).waitFor({ state: 'detached' });
    expect(await comments(second.user.id)).toEqual(['Unpack, second user']);
    expect(await comments(first.user.id)).toEqual(['Unpack the switch']);
    const stored = await page.evaluate(
      () =>
        new Promise<{ userId: number; state: string }[]>((resolve, reject) => {
          const open = indexedDB.open('sd6-offline');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const all = open.result.transaction('queue').objectStore('queue').getAll();
            all.onsuccess = () => {
              resolve(
                all.result.map((op: { userId: number; state: string }) => ({
                  userId: op.userId,
                  state: op.state,
                })),
              );
              open.result.close();
            };
          };
        }),
    );
    expect(stored).toEqual([{ userId: first.user.id, state: 'queued' }]);

    // Without queued changes Log Out works as before; the first user back here sends theirs.
    await page.locator('#user-menu').click();
    await page.getByRole('link', { name: 'Log Out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await signInOnPage(page, first.user.email);
    await expect.poll(() => comments(first.user.id)).toEqual(['Unpack, count the screws']);
    await badge(page).waitFor({ state: 'detached' });
    await context.close();
  });

  it('with the service worker, a slip typed offline survives a reload with the network off and is saved once', async () => {
    const { user, taskId, caseId } = await technician();
    const page = await signInOwn(browser, own, user.email, { serviceWorkers: 'allow' });
    const context = page.context();
    await page.goto(`/manage/case/${caseId}/task/${taskId}`);
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, {
      timeout: 45_000,
    });
    await openDaily(page);
    await card(page, 'Unpack the switch').waitFor();

    await context.setOffline(true);
    await page.getByRole('button', { name: 'New Slip' }).first().click();
    const fresh = panel(page).locator('[data-slip-id="new"]');
    await fresh.getByLabel('Start').fill('2');
    await fresh.getByLabel('End').fill('245');
    await fresh.getByLabel('Description').fill('Typed in the basement');
    await fresh.getByRole('button', { name: 'Save' }).click();
    await card(page, 'Typed in the basement').getByTestId('pending-badge').waitFor();

    // The page, its screens and the day all come from this device.
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await openDaily(page);
    await card(page, 'Typed in the basement').getByTestId('pending-badge').waitFor();
    await card(page, 'Unpack the switch').waitFor();
    expect(await badge(page).getAttribute('aria-label')).toBe('1 change not yet saved');

    await context.setOffline(false);
    await badge(page).waitFor({ state: 'detached' });
    await expect.poll(() => waiting(page).count()).toBe(0);
    expect(await comments(user.id)).toEqual(['Unpack the switch', 'Typed in the basement']);
    await context.close();
  });
});
