// Journey: global search. `/` with no field focused opens the search panel with its input focused; a device is
// found by its serial number and Enter opens it; `/` typed inside a text field is just a slash.
import type { APIRequestContext, Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, openBrowser, signIn } from '../support/e2e';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36).toUpperCase();
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

async function post<T>(request: APIRequestContext, url: string, data: unknown): Promise<T> {
  const response = await request.post(url, { headers: XHR, data });
  const body = await response.json();
  if (!response.ok()) throw new Error(`${url}: ${response.status()} ${JSON.stringify(body)}`);
  return body as T;
}

describe('global search', () => {
  it('/ opens the panel; a serial number finds the device and Enter opens it; / in a field types a slash', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'user');
    const org = await post<{ organization: { id: number } }>(
      page.request,
      '/api/manage/organization/create',
      {
        version: 0,
        name: `Serialfind Clinic ${stamp}`,
        active: true,
        salesStatus: 'CLIENT',
      },
    );
    const serial = `QZ${stamp}`;
    const device = await post<{ equipment: { id: number } }>(page.request, '/api/manage/equipment/create', {
      version: 0,
      name: `SFC-WS${stamp.slice(-3)}`,
      organization: org.organization.id,
      serialNumber: serial,
      virtual: false,
      active: true,
    });

    await page.goto('/manage/equipment');
    await page.getByRole('heading', { name: 'Equipment' }).first().waitFor();
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('/');
    const input = page.getByRole('combobox', { name: 'Search term' });
    await input.waitFor();
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await input.inputValue()).toBe('');

    await page.keyboard.type(serial.slice(0, 9));
    const option = page.getByRole('option', { name: new RegExp(`SFC-WS${stamp.slice(-3)}`) });
    await option.waitFor();
    expect(await option.textContent()).toContain('Serial Number');
    expect(await option.locator('mark').textContent()).toBe(serial.slice(0, 9));
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/manage/equipment/${device.equipment.id}`);
    await page.getByRole('heading', { name: `SFC-WS${stamp.slice(-3)}` }).waitFor();
    await page.getByTestId('search-panel').waitFor({ state: 'detached' });

    // Inside a text field, / is typed like any character and the panel stays closed.
    await page.goto('/manage/equipment');
    const filter = page.getByLabel('Search', { exact: true });
    await filter.click();
    await page.keyboard.type('a/b');
    expect(await filter.inputValue()).toBe('a/b');
    expect(await page.getByTestId('search-panel').count()).toBe(0);
    await context.close();
  });
});
