// `npm run bench offline`: in Chromium against the built app on a fresh embedded database, 50 slips typed into the
// daily panel with no network (queued on the device, as a technician would), then the time from the `online` event
// to the queue empty (all 50 saved, one at a time, each with its Idempotency-Key). Baseline, same run and page: 50
// sequential bare fetch POSTs of the same bodies (goal: the sync within 1.5x of them).
import type { Page } from 'playwright-core';
import { ms, onTaskPage } from './support.js';

const SLIPS = Number(process.env.BENCH_OFFLINE_SLIPS ?? 50);
const EMAIL = 'bench-offline@example.test';
const PASSWORD = 'bench offline password';

/** Milliseconds for POSTing `bodies` one after the other from the page, each with a new Idempotency-Key if `keyed`. */
function timePosts(page: Page, bodies: unknown[], keyed: boolean): Promise<number> {
  return page.evaluate(
    async ({ list, withKey }) => {
      const t0 = performance.now();
      for (const body of list) {
        const headers: Record<string, string> = {
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
        };
        if (withKey) headers['idempotency-key'] = crypto.randomUUID();
        const res = await fetch('/api/manage/slip/create', {
          method: 'POST',
          credentials: 'include',
          headers,
          body: JSON.stringify(body),
        });
        if (!res.ok) throw new Error(`POST: ${res.status}`);
        await res.text();
      }
      return performance.now() - t0;
    },
    { list: bodies, withKey: keyed },
  );
}

export async function offlineSyncBench(): Promise<void> {
  await onTaskPage(
    'offline sync',
    39900 + (process.pid % 90),
    { email: EMAIL, password: PASSWORD },
    { organization: 'Basement Data', case: 'Server Room Refresh', task: 'Cable the racks', isProject: true },
    async (page, { taskId }) => {
      const context = page.context();
      const panel = page.getByTestId('daily-panel');
      const close = async () => {
        await panel.getByRole('button', { name: 'Close' }).click();
        await panel.waitFor({ state: 'detached' });
      };
      // Online once: the device remembers the day and the task's new-slip defaults.
      await page.getByRole('button', { name: 'New Slip' }).first().click();
      await panel.locator('[data-slip-id="new"]').waitFor();
      await panel.locator('[data-testid="daily-totals"][data-loaded]').waitFor();
      await close();

      // Warm-up, not timed: the server and the page run the same requests the two measures make, on another day,
      // so neither measure pays for the first ones (the baselines below run on a warm server too).
      await page.evaluate(
        async ({ task, count }) => {
          for (let i = 0; i < count; i++) {
            const res = await fetch('/api/manage/slip/create', {
              method: 'POST',
              credentials: 'include',
              headers: {
                'content-type': 'application/json',
                'x-requested-with': 'XMLHttpRequest',
                'idempotency-key': crypto.randomUUID(),
              },
              body: JSON.stringify({
                version: 0,
                startTime: `${Math.floor((10 * i) / 60)}:${String((10 * i) % 60).padStart(2, '0')}`,
                stopTime: null,
                date: '01/02/2030',
                task,
                rateMultiplier: '1',
                comment: `Warm-up ${i}`,
              }),
            });
            if (!res.ok) throw new Error(`warm-up POST: ${res.status}`);
            await res.text();
          }
        },
        { task: taskId, count: SLIPS },
      );

      await context.setOffline(true);
      const at = (m: number) => `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
      for (let i = 0; i < SLIPS; i++) {
        // Ten-minute slips from midnight on, none overlapping.
        await page.getByRole('button', { name: 'New Slip' }).first().click();
        const card = panel.locator('[data-slip-id="new"]');
        await card.getByLabel('Start').fill(at(10 * i));
        await card.getByLabel('End').fill(at(10 * i + 5));
        await card.getByLabel('Description').fill(`Offline slip ${i + 1}`);
        await card.getByRole('button', { name: 'Save' }).click();
        await card.waitFor({ state: 'detached' });
        await close();
      }
      const queued = await page.getByTestId('queue-badge').getAttribute('aria-label');
      if (queued !== `${SLIPS} changes not yet saved`) throw new Error(`queued: ${queued}`);
      // The bodies the queue will send, for the baseline.
      const bodies = await page.evaluate(
        () =>
          new Promise<unknown[]>((resolve, reject) => {
            const open = indexedDB.open('sd6-offline');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const all = open.result.transaction('queue').objectStore('queue').getAll();
              all.onsuccess = () => {
                resolve(all.result.map((op: { body: unknown }) => op.body));
                open.result.close();
              };
            };
          }),
      );

      // The network returns: from the `online` event to no change left on the device.
      const synced = page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let t0: number | null = null;
            window.addEventListener('online', () => {
              t0 = performance.now();
            });
            const observer = new MutationObserver(() => {
              if (t0 !== null && !document.querySelector('[data-testid="queue-badge"]')) {
                observer.disconnect();
                resolve(performance.now() - t0);
              }
            });
            observer.observe(document.body, { subtree: true, childList: true, attributes: true });
          }),
      );
      await context.setOffline(false);
      const syncMs = await synced;

      // Baseline: the same bodies, one bare POST after the other, from the same page; then the same again with a key
      // each: what the server's once-only bookkeeping costs.
      const bareMs = await timePosts(page, bodies, false);
      const keyedMs = await timePosts(page, bodies, true);
      // Each queued slip saved exactly once (plus the two baselines' copies).
      const summary = await page.evaluate(async () => {
        const d = new Date();
        const path = `${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}${d.getFullYear()}`;
        const res = await fetch(`/api/manage/slip/summary/${path}`, {
          credentials: 'include',
          headers: { 'x-requested-with': 'XMLHttpRequest' },
        });
        return ((await res.json()) as { slips: unknown[] }).slips.length;
      });
      if (summary !== 3 * SLIPS) throw new Error(`expected ${2 * SLIPS} slips on the day, found ${summary}`);

      console.log(
        `offline sync [browser, embedded]: ${SLIPS} queued slips saved ${ms(syncMs)} ms after the network returned ` +
          `(${ms(syncMs / SLIPS)} ms each); baseline: ${SLIPS} sequential bare POSTs of the same bodies ` +
          `${ms(bareMs)} ms (${ms(bareMs / SLIPS)} ms each) -> ${(syncMs / bareMs).toFixed(2)}x (goal <= 1.5x); ` +
          `the same POSTs each with an Idempotency-Key ${ms(keyedMs)} ms (the server's share of the difference)`,
      );
    },
  );
}
