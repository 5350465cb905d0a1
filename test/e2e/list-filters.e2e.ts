// Journey: a list says how many rows match its filters, and on a phone its filters fold behind "Filters (n)" so the
// rows start on the first screen; at desktop width the filters show as they are. Screenshots of Opportunities and
// Cases at both widths.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, openBrowser, signIn } from '../support/e2e';
import { shoot } from '../support/e2e-shots';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** At desktop width: no Filters button, the filters shown; then at 390 px the button shows and hides them. */
async function checkFolding(page: Page, title: string, shot: string): Promise<void> {
  const form = page.getByRole('form', { name: `${title} filters` });
  await form.waitFor();
  expect(await page.getByRole('button', { name: /^Filters/ }).count()).toBe(0);
  await shoot(page, shot);
  await page.setViewportSize({ width: 390, height: 844 });
  const toggle = page.getByRole('button', { name: /^Filters/ });
  await toggle.waitFor();
  await form.waitFor({ state: 'hidden' });
  expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  await toggle.click();
  await form.waitFor();
  expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  await toggle.click();
  await form.waitFor({ state: 'hidden' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await form.waitFor();
}

describe('list counts and phone filters', () => {
  it('a list says how many rows match its filters', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    const name = `Countable ${Date.now().toString(36)}`;
    for (const suffix of ['North', 'South']) {
      await page.evaluate(async (orgName) => {
        const res = await fetch('/api/manage/organization/create', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
          body: JSON.stringify({ version: 0, name: orgName, salesStatus: 'CLIENT', active: true }),
        });
        if (!res.ok) throw new Error(`organization not created: ${res.status}`);
      }, `${name} ${suffix}`);
    }
    await page.goto(`/manage/organization?q=${encodeURIComponent(name)}`);
    await page.getByTestId('result-count').filter({ hasText: '2 results' }).waitFor();
    await page.goto(`/manage/organization?q=${encodeURIComponent(`${name} North`)}`);
    await page.getByTestId('result-count').filter({ hasText: '1 result' }).waitFor();
    await context.close();
  });

  it('cases: filters fold on a phone, the button counting those set', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    await page.goto('/manage/case?status=all');
    await page.getByRole('heading', { name: 'Cases & Tasks', level: 1 }).waitFor();
    await checkFolding(page, 'Cases & Tasks', 'list-filters-cases');
    await page.goto('/manage/case?status=OPEN');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Filters (1)' }).waitFor();
    await context.close();
  });

  it('opportunities keep their own totals (no second count); filters fold on a phone', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    await page.goto('/manage/opportunity');
    await page.getByTestId('opportunity-totals').waitFor();
    expect(await page.getByTestId('result-count').count()).toBe(0);
    await checkFolding(page, 'Opportunities', 'list-filters-opportunities');
    await context.close();
  });
});
