// Journey: an administrator opens Manage → Charts, sees the last 12 weeks drawn (a client's day of work among the top
// organizations, its numbers under "Show data"), picks "Last 4 weeks" and sees the address and the period change.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../src/shared/format';
import { newPage, openBrowser, signIn } from '../support/e2e';
import { clientWithTask, post } from '../support/e2e-data';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** "4 weeks: 03/02/2026 – 03/29/2026" → its count and ends as dates (UTC midnight). */
function periodOf(heading: string) {
  const match = /^(\d+) weeks: (\d\d)\/(\d\d)\/(\d{4}) – (\d\d)\/(\d\d)\/(\d{4})$/.exec(heading.trim());
  if (!match) throw new Error(`not a period heading: ${heading}`);
  const [, weeks, m1, d1, y1, m2, d2, y2] = match.map(Number) as number[];
  return { weeks, from: new Date(Date.UTC(y1!, m1! - 1, d1)), to: new Date(Date.UTC(y2!, m2! - 1, d2)) };
}
const DAY = 86_400_000;

describe('charts', () => {
  it('shows the charts of the last 12 weeks, then of the last 4 when that preset is picked', async () => {
    // Named per try: a retried journey finds its own client once, not the first try's too.
    const CLIENT = `Chartwell ${Date.now().toString(36).slice(-6).toUpperCase()}`;
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    // A client's ten-hour day a week ago: among the top organizations of any recent period.
    const { taskId } = await clientWithTask(page.request, CLIENT, 'Move the office');
    await post(page.request, '/api/manage/slip/create', {
      version: 0,
      date: formatDate(new Date(Date.now() - 7 * DAY)),
      startTime: '08:00',
      stopTime: '18:00',
      task: taskId,
      rateMultiplier: '1',
      comment: 'Charts journey',
    });

    await page.goto('/manage/charts');
    await page.getByRole('heading', { name: 'Charts', level: 1 }).waitFor();
    const heading = page.getByTestId('charts-period');
    await heading.filter({ hasText: /^12 weeks: / }).waitFor();
    const twelve = periodOf((await heading.textContent()) ?? '');
    expect(twelve.from.getUTCDay()).toBe(1); // a Monday
    expect((twelve.to.getTime() - twelve.from.getTime()) / DAY).toBe(12 * 7 - 1);

    // The top organizations chart is drawn, and says its numbers when asked.
    const top = page.getByRole('region', { name: 'Top organizations by hours' });
    await top.locator('svg.recharts-surface').waitFor();
    await top.getByText('Show data').click();
    const row = top.getByRole('row').filter({ hasText: CLIENT });
    await row.waitFor();
    expect(await row.getByRole('cell').last().textContent()).toBe('10:00');
    await page
      .getByRole('region', { name: 'Hours per week' })
      .locator('.recharts-bar-rectangle')
      .first()
      .waitFor();

    // Another preset: the address names it and the period heading follows.
    await page.getByRole('combobox', { name: 'Period' }).selectOption({ label: 'Last 4 weeks' });
    await page.waitForURL(
      (url) => url.pathname === '/manage/charts' && url.searchParams.get('weeks') === '4w',
    );
    await heading.filter({ hasText: /^4 weeks: / }).waitFor();
    const four = periodOf((await heading.textContent()) ?? '');
    expect(four.from.getUTCDay()).toBe(1);
    expect((four.to.getTime() - four.from.getTime()) / DAY).toBe(4 * 7 - 1);
    // Both end with this week.
    expect(four.to.getTime()).toBe(twelve.to.getTime());
    await top.getByRole('row').filter({ hasText: CLIENT }).waitFor();
    await context.close();
  });
});
