// Journey: the API Reference under Resources renders the OpenAPI document with Swagger UI (loaded with the screen):
// an operation shows its path format and every error it can answer, and "Try it out" calls the API with the
// signed-in session, with no Content Security Policy violation on the way.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, openBrowser, signIn, watchPolicyViolations } from '../support/e2e';
import { shoot } from '../support/e2e-shots';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('API Reference', () => {
  it('shows each operation with its formats and errors, and tries a call with the session', async () => {
    const { context, page } = await newPage(browser);
    const violations = await watchPolicyViolations(page);
    await signIn(page);
    await page.goto('/resources/api');
    await page.getByRole('heading', { level: 1, name: 'API Reference' }).waitFor();
    const view = page.getByTestId('api-reference-view');
    await view.getByText('SD6 API', { exact: false }).first().waitFor();

    // The slips' day summary, found with Swagger UI's filter: its MMddyyyy path parameter and its 400 (the shared
    // error shape).
    const filter = view.getByPlaceholder('Filter by tag or path');
    await filter.fill('manage/slip');
    const summary = view.locator('.opblock', { hasText: '/api/manage/slip/summary/{date}' }).first();
    await summary.locator('.opblock-summary').click();
    await summary.getByText('MMddyyyy', { exact: false }).first().waitFor();
    const codes = await summary.locator('.responses-table td.response-col_status').allInnerTexts();
    expect(codes.map((c) => c.trim().split(/\s/)[0])).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '500']),
    );
    await shoot(page, 'api-reference-operation');

    // "Try it out" on the user's settings: the session's own call, answered 200.
    await filter.fill('user/settings');
    const settings = view
      .locator('.opblock', { hasText: '/api/user/settings' })
      .filter({ hasText: 'GET' })
      .first();
    await settings.locator('.opblock-summary').click();
    await settings.getByRole('button', { name: 'Try it out' }).click();
    await settings.getByRole('button', { name: 'Execute' }).click();
    const status = settings.locator('.live-responses-table tbody .response-col_status').first();
    await expect.poll(async () => ((await status.textContent()) ?? '').trim()).toBe('200');
    expect(violations).toEqual([]);
    await context.close();
  });

  it('reads on a phone', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await signIn(page);
    await page.goto('/resources/api');
    await page.getByTestId('api-reference-view').locator('.opblock').first().waitFor();
    // No horizontal scroll of the page: long paths wrap inside the view.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});
