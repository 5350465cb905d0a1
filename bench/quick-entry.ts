// `npm run bench quick-entry`: in Chromium against the built app on a fresh embedded database, a slip for a known
// task through the one-line entry (`t`, the line, Enter; goal <= 12 keys, p95 <= 100 ms from Enter to the saved card)
// against the classic new-slip card of the task's screen (New Slip, start, Tab, end, Ctrl+S), measured in the same
// run: keys sent and the time from the saving key to the card on screen.
import type { Page } from 'playwright-core';
import { ms, onTaskPage, percentile } from './support.js';

const RUNS = Number(process.env.BENCH_QUICK_RUNS ?? 40);
const EMAIL = 'bench-quick@example.test';
const PASSWORD = 'bench quick password';
/** The task's one word: the shortest start of the task title no other open task shares on this fresh database. */
const LINE = '930-10 zeb';

/** Sends a saving key to the focused element and resolves with the ms until the day shows one more slip card. */
function savedAfter(page: Page, key: { key: string; ctrlKey?: boolean }): Promise<number> {
  return page.evaluate(
    (k) =>
      new Promise<number>((resolve) => {
        // Inline, not a named helper: the bundler would wrap a named function in a helper the page lacks.
        const selector = '[data-testid="daily-panel"] [data-testid="slip-card"]:not(.sd-slip-editing)';
        const before = document.querySelectorAll(selector).length;
        const t0 = performance.now();
        const observer = new MutationObserver(() => {
          if (document.querySelectorAll(selector).length > before) {
            observer.disconnect();
            resolve(performance.now() - t0);
          }
        });
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          characterData: true,
          attributes: true,
        });
        document.activeElement?.dispatchEvent(
          new KeyboardEvent('keydown', { ...k, bubbles: true, cancelable: true }),
        );
      }),
    key,
  );
}

export async function quickEntryBench(): Promise<void> {
  await onTaskPage(
    'quick entry',
    39900 + (process.pid % 90),
    { email: EMAIL, password: PASSWORD },
    {
      organization: 'Bench Quickco',
      case: 'Managed Services Support',
      task: 'Zebra Printers',
      isProject: false,
    },
    async (page) => {
      const panel = page.getByTestId('daily-panel');
      const quick: number[] = [];
      const classic: number[] = [];
      let quickKeys = 0;
      let classicKeys = 0;
      // The task's screen has rendered (and with it the shell's shortcut).
      await page.getByRole('button', { name: 'New Slip' }).first().waitFor();
      for (let i = -5; i < RUNS; i++) {
        // One-line entry: from the page with no field focused (the box keeps focus after a save, as a user would
        // type the next line; here each entry starts from the shortcut again).
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        let keys = 0;
        await page.keyboard.press('t');
        keys += 1;
        await panel.getByRole('textbox', { name: 'Log time', exact: true }).waitFor();
        await page.keyboard.type(LINE);
        keys += LINE.length;
        // The user reads the preview (the task resolved) before Enter.
        await panel.getByTestId('quick-preview').getByText('Zebra Printers').waitFor();
        const took = await savedAfter(page, { key: 'Enter' });
        keys += 1;

        // Classic: New Slip on the task's screen (focus starts in Start), start, Tab, end, Ctrl+S.
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        let cKeys = 0;
        await page.getByRole('button', { name: 'New Slip' }).first().focus();
        await page.keyboard.press('Enter');
        cKeys += 1;
        const card = page.locator('.sd-slip-editing');
        await card.getByLabel('Start').waitFor();
        await page.keyboard.type('930');
        await page.keyboard.press('Tab');
        await page.keyboard.type('10');
        cKeys += 3 + 1 + 2;
        const cTook = await savedAfter(page, { key: 's', ctrlKey: true });
        cKeys += 1;
        await card.waitFor({ state: 'detached' });
        if (i >= 0) {
          quick.push(took);
          classic.push(cTook);
          quickKeys = keys;
          classicKeys = cKeys;
        }
      }
      const p = (s: number[], q: number) => percentile(s, q);
      console.log(
        `quick entry [browser, embedded]: \`t\` + "${LINE}" + Enter = ${quickKeys} keys (goal <= 12); Enter to saved card ` +
          `p50 ${ms(p(quick, 0.5))} ms p95 ${ms(p(quick, 0.95))} ms (goal p95 <= 100 ms); baseline: the classic new-slip ` +
          `card on the task's own screen ${classicKeys} keys (not counting reaching the New Slip button), Ctrl+S to saved card ` +
          `p50 ${ms(p(classic, 0.5))} ms p95 ${ms(p(classic, 0.95))} ms -> keys ${(quickKeys / classicKeys).toFixed(2)}x, ` +
          `time ${(p(quick, 0.95) / p(classic, 0.95)).toFixed(2)}x at p95 (${RUNS} entries each)`,
      );
    },
  );
}
