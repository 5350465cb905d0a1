// Journey: an administrator adds an opportunity stage, saves, renames it, saves, and still sees it after a reload
// (then removes it again, as nothing uses it); the tabs move between the four sales settings pages, each under the
// one breadcrumb "Sales Settings", and only e-signature has no History link.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, openBrowser, signIn } from '../support/e2e';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const stageNames = (page: Page) => page.getByTestId('stage-table').locator('tbody td.sd-stage-name');

async function edit(page: Page) {
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Save' }).waitFor();
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Edit' }).waitFor();
}

describe('sales settings', () => {
  it('an administrator adds a stage, renames it, and finds it after a reload', async () => {
    // Names of this try (a retry starts clean).
    const stamp = Date.now().toString(36).slice(-6).toUpperCase();
    const added = `Pilot ${stamp}`;
    const renamed = `Proof of Concept ${stamp}`;
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    await page.goto('/admin/sales-settings-opportunity');
    await page.getByRole('heading', { name: 'Sales Settings: Opportunities' }).waitFor();
    await edit(page);
    await page.getByRole('button', { name: 'Add Stage' }).click();
    const names = page.getByRole('textbox', { name: /^Name of stage \d+$/ });
    const n = await names.count();
    await names.last().fill(added);
    await page.getByRole('textbox', { name: `Probability of stage ${n}` }).fill('60');
    // Up one place: before the last (lost) stage.
    await page.getByRole('button', { name: `Move stage ${n} up` }).click();
    await save(page);
    await expect
      .poll(() =>
        stageNames(page)
          .nth(n - 2)
          .textContent(),
      )
      .toBe(added);

    await edit(page);
    await page.getByRole('textbox', { name: `Name of stage ${n - 1}` }).fill(renamed);
    await save(page);
    await page.reload();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    await expect
      .poll(() =>
        stageNames(page)
          .nth(n - 2)
          .textContent(),
      )
      .toBe(renamed);
    expect(await stageNames(page).allTextContents()).not.toContain(added);

    // The history tells both saves.
    await page.getByRole('link', { name: 'History' }).click();
    await page.getByTestId('object-class').filter({ hasText: 'Sales Settings: Opportunities' }).waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: `${renamed} 60%` })
      .first()
      .waitFor();
    await page.getByRole('link', { name: 'Sales Settings' }).first().click();

    // Nothing uses the stage: it can go again.
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    await edit(page);
    await page.getByRole('button', { name: `Remove stage ${n - 1}` }).click();
    await save(page);
    expect(await stageNames(page).allTextContents()).not.toContain(renamed);
    await context.close();
  });

  it('the tabs move between the four sales settings pages under one breadcrumb', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await signIn(page, 'admin');
    await page.goto('/admin/sales-settings-opportunity');
    const tabs = page.getByRole('navigation', { name: 'Sales Settings' });
    for (const [tab, path, heading, history] of [
      ['Roles', '/admin/sales-settings-roles', 'Sales Settings: Roles', true],
      ['E-Signature', '/admin/sales-settings-esignature', 'Sales Settings: E-Signature', false],
      ['Amendments', '/admin/sales-settings-amendment', 'Sales Settings: Amendments', true],
      ['Opportunities', '/admin/sales-settings-opportunity', 'Sales Settings: Opportunities', true],
    ] as const) {
      await tabs.getByRole('link', { name: tab }).click();
      await page.waitForURL(`**${path}`);
      await page.getByRole('heading', { name: heading }).waitFor();
      await page.getByRole('button', { name: 'Edit' }).waitFor();
      expect(await tabs.getByRole('link', { name: tab }).getAttribute('class')).toContain('active');
      expect(await page.locator('.breadcrumb').textContent()).toBe('Sales Settings');
      expect(await page.getByRole('link', { name: 'History' }).count()).toBe(history ? 1 : 0);
    }
    // The roles page lists staff with an Owner and an Approver box each.
    await tabs.getByRole('link', { name: 'Roles' }).click();
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('checkbox', { name: 'System Administrator: Owner' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'System Administrator: Approver' }).count()).toBe(1);
    await context.close();
  });
});
