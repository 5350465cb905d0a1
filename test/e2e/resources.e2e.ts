// Journey: a technician opens Documentation from the Resources menu, follows a contents link and a heading anchor,
// and searches the book; on a phone the contents fold above the page. An administrator opens the monitoring
// dashboard, sees its figures, and follows "How to monitor SD6" to the monitoring docs.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, openBrowser, signIn } from '../support/e2e';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('resources', () => {
  it('Documentation: the menu, a contents link, a heading anchor, previous/next and the search', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'user');
    await page.getByRole('button', { name: 'Resources' }).click();
    await page.getByRole('link', { name: 'Documentation', exact: true }).click();
    await page.waitForURL('**/resources/documentation');
    await page.getByRole('heading', { name: 'Documentation', level: 1 }).waitFor();

    const contents = page.getByRole('navigation', { name: 'Documentation contents' });
    await contents.getByRole('link', { name: 'Logging time' }).click();
    await page.waitForURL('**/resources/documentation/logging-time');
    await page.getByRole('heading', { name: 'Logging time', level: 1 }).waitFor();

    // A heading's own anchor: the address takes the hash and the page scrolls the heading to the top.
    const keyboard = page.locator('h3#keyboard');
    await keyboard.hover();
    await keyboard.getByRole('link', { name: 'Link to Keyboard' }).click();
    await page.waitForURL('**/resources/documentation/logging-time#keyboard');
    await expect.poll(async () => (await keyboard.boundingBox())?.y ?? 9999).toBeLessThan(200);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);

    const pager = page.getByRole('navigation', { name: 'Previous and next pages' });
    await pager.getByRole('link', { name: /One-line time entry/ }).click();
    await page.getByRole('heading', { name: 'One-line time entry', level: 1 }).waitFor();

    // The search spans the book: a section of another page, opened at its heading.
    await page.getByRole('searchbox', { name: 'Search Documentation' }).fill('recovery codes');
    const hit = page
      .getByTestId('doc-hits')
      .getByRole('link', { name: /two-factor sign-in/i })
      .first();
    await hit.click();
    await page.waitForURL('**/resources/documentation/getting-started#with-two-factor-sign-in');
    await page.getByRole('heading', { name: 'Getting started and signing in', level: 1 }).waitFor();
    await expect
      .poll(async () => (await page.locator('h3#with-two-factor-sign-in').boundingBox())?.y ?? 9999)
      .toBeLessThan(200);
    await context.close();
  });

  it('on a phone the contents and search fold above the page', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await signIn(page, 'user');
    await page.goto('/resources/documentation-scripting/ninjaone');
    await page.getByRole('heading', { name: 'NinjaOne', level: 1 }).waitFor();
    await page.getByText('Contents and search').click();
    await page
      .getByRole('navigation', { name: 'RMM Scripting Documentation contents' })
      .getByRole('link', { name: 'Datto RMM' })
      .click();
    await page.getByRole('heading', { name: 'Datto RMM', level: 1 }).waitFor();
    // Nothing wider than the phone: wide tables scroll inside themselves.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });

  it('the monitoring dashboard shows the figures and leads to the monitoring docs', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    await page.getByRole('button', { name: 'Resources' }).click();
    await page.getByRole('link', { name: 'Monitoring Dashboard' }).click();
    await page.getByRole('heading', { name: 'Monitoring Dashboard', level: 1 }).waitFor();
    // Thousands are grouped ("1,204") once the shared server has answered that many in the last minute.
    await expect
      .poll(async () => Number((await page.getByTestId('mon-rpm').textContent())?.replaceAll(',', '')))
      .toBeGreaterThan(0);
    expect(await page.getByTestId('mon-uptime').textContent()).toMatch(/^\d+(d|h|m|s)/);
    expect(await page.getByTestId('mon-pool').textContent()).toMatch(/of \d+ busy/);
    // The busiest routes, each with its latency.
    await page.getByTestId('mon-routes').locator('tbody tr').first().waitFor();
    expect(await page.getByTestId('mon-routes').locator('tbody tr').first().textContent()).toMatch(/ms$/);
    await page.getByRole('link', { name: 'How to monitor SD6' }).click();
    await page.waitForURL('**/resources/documentation-dev/monitoring');
    await page.getByRole('heading', { name: 'Monitoring', level: 1 }).waitFor();
    await page.getByText('sd6_http_request_duration_seconds').first().waitFor();
    await context.close();
  });
});
