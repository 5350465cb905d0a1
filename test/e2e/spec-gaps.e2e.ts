// Journeys of the last SPEC gaps: an administrator opens Device Summary by Address from Report → Client (its own
// page, title and rows per organization and site) and exports it; software history names the record "Software";
// a technician reads Case & Task Grammar, read-only, and its history.

import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, openBrowser, signIn } from '../support/e2e';
import { post } from '../support/e2e-data';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SHOTS = process.env.SD6_SCREENSHOTS;
const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const ORGANIZATION = `Sitewise ${stamp}`;
const ADDRESS = `12 Harbor Road ${stamp}`;

async function noSideScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

describe('the last SPEC gaps', () => {
  it('opens Device Summary by Address from the Report menu, lists each site and exports it', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    const org = await post<{ organization: { id: number } }>(
      page.request,
      '/api/manage/organization/create',
      {
        version: 0,
        name: ORGANIZATION,
        address: ADDRESS,
        active: true,
        salesStatus: 'CLIENT',
      },
    );
    const id = org.organization.id;
    for (const [name, location, purchaseDate] of [
      [`SW-FRONT-1-${stamp}`, 'Front Desk', '01/15/2025'],
      [`SW-FRONT-2-${stamp}`, 'Front Desk', '03/10/2019'],
      [`SW-LAB-${stamp}`, 'Lab', '06/01/2022'],
    ] as const) {
      await post(page.request, '/api/manage/equipment/create', {
        version: 0,
        name,
        organization: id,
        location,
        purchaseDate,
        virtual: false,
        active: true,
      });
    }

    // Report → Client → Device Summary by Address, right after the one by age.
    await page.getByRole('button', { name: 'Report', exact: true }).click();
    // The menus load once the page is idle: read the items once the menu shows them.
    const menu = page.locator('.dropdown-menu.show');
    await menu.getByRole('link', { name: 'Device Summary by Address' }).waitFor();
    const items = await menu.locator('a').allInnerTexts();
    const at = items.findIndex((t) => t.trim() === 'Device Summary by Address');
    expect(at).toBeGreaterThan(0);
    expect(items[at - 1]?.trim()).toBe('Device Summary by Age');
    await page.getByRole('link', { name: 'Device Summary by Address' }).click();
    await page.waitForURL('**/report/device-summary-by-address');
    await page.getByRole('heading', { name: 'Device Summary by Address', level: 1 }).waitFor();
    await page.waitForFunction(() => document.title.includes('Device Summary by Address'));
    const crumb = page.getByRole('navigation', { name: 'breadcrumb' });
    await crumb.getByText('Device Summary by Address').waitFor();

    // This organization's two sites, with its address and the devices' ages.
    await page.goto(`/report/device-summary-by-address?organization=${id}`);
    const rows = page.getByRole('region', { name: 'Rows' });
    const front = rows.getByRole('row').filter({ hasText: 'Front Desk' });
    await front.waitFor();
    expect(await front.textContent()).toContain(ADDRESS);
    await rows.getByRole('row').filter({ hasText: 'Lab' }).waitFor();
    expect(await page.getByTestId('report-rows').textContent()).toBe('Rows 1–2 of 2');
    expect(await page.getByLabel('Group').count()).toBe(0);

    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/device-summary-by-address-1280.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await front.or(page.getByText('Front Desk').first()).first().waitFor();
      await noSideScroll(page);
      await page.screenshot({ path: `${SHOTS}/device-summary-by-address-390.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
    }

    // CSV export: the same two sites, and it lands in report history under this report.
    await page.getByRole('region', { name: 'Rows' }).waitFor();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'CSV', exact: true }).click(),
    ]);
    await page.getByRole('status').filter({ hasText: 'Saved to report history' }).waitFor();
    const records = parse(await readFile((await file.path())!), { bom: true }) as string[][];
    expect(records[0]).toEqual(expect.arrayContaining(['Organization', 'Address', 'Location', 'Devices']));
    expect(records.slice(1).map((r) => r[records[0]!.indexOf('Location')])).toEqual(['Front Desk', 'Lab']);
    await context.close();
  });

  it('names a software record "Software" on its field history', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    const org = await post<{ organization: { id: number } }>(
      page.request,
      '/api/manage/organization/create',
      {
        version: 0,
        name: `Vetclinic ${stamp}`,
        active: true,
        salesStatus: 'CLIENT',
      },
    );
    const sw = await post<{ software: { id: number } }>(page.request, '/api/manage/software/create', {
      version: 0,
      name: `AVImark ${stamp}`,
      organization: org.organization.id,
      active: true,
    });
    await page.goto(`/manage/software/${sw.software.id}/history`);
    const header = page.getByTestId('object-class');
    await header.filter({ hasText: `Software: AVImark ${stamp}` }).waitFor();
    expect(await header.textContent()).not.toContain('Project');
    await page.getByRole('navigation', { name: 'breadcrumb' }).getByText('Software').first().waitFor();
    await context.close();
  });

  it('lets a technician read Case & Task Grammar and its history, with nothing to save', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'user');
    await page.goto('/admin/case');
    await page.getByRole('heading', { name: 'Case & Task Grammar', level: 1 }).waitFor();
    await page.getByLabel(/^Case \(Singular\)/).waitFor();
    expect(await page.getByRole('heading', { name: 'Access Denied.' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await page.getByRole('textbox').count()).toBe(0);
    await page.getByRole('link', { name: 'History' }).click();
    await page.waitForURL('**/admin/case/history');
    await page.getByTestId('object-class').filter({ hasText: 'Case & Task Grammar' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Access Denied.' }).count()).toBe(0);
    await context.close();
  });
});
