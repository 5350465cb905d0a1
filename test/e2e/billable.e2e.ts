// Journey, keyboard only: an organization gets a rounding rule (30-minute minimum, 15-minute increments) on its form;
// a slip logged on its case shows the time worked and the billable time, and the info button explains the rule.
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

const stamp = Date.now().toString(36).slice(-5).toUpperCase();

/** Focuses a control and presses a key: the journey never clicks. */
async function press(page: Page, target: ReturnType<Page['getByRole']>, key: string) {
  await target.focus();
  await page.keyboard.press(key);
}

/** Replaces a field's text by typing. */
async function type(page: Page, target: ReturnType<Page['getByLabel']>, text: string) {
  await target.focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(text);
}

describe('actual vs billable time', () => {
  it('an organization rule rounds a slip’s billable time, shown and explained on its card', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    const name = `Roundco ${stamp}`;
    const org = await post<{ organization: { id: number } }>(
      page.request,
      '/api/manage/organization/create',
      {
        version: 0,
        name,
        active: true,
        salesStatus: 'CLIENT',
      },
    );
    const kase = await post<{ case: { id: number } }>(page.request, '/api/manage/case/create', {
      version: 0,
      title: `${name} support`,
      organization: org.organization.id,
      status: 'OPEN',
    });
    const task = await post<{ task: { id: number } }>(page.request, '/api/manage/task/create', {
      version: 0,
      case: kase.case.id,
      title: 'Fix the tunnel',
      status: 'OPEN',
      isProject: false,
    });

    // The rule, on the organization's form.
    await page.goto(`/manage/organization/${org.organization.id}`);
    await press(page, page.getByRole('button', { name: 'Edit' }), 'Enter');
    const minimum = page.getByLabel('Rounding Minimum (min)');
    await type(page, minimum, '481');
    await type(page, page.getByLabel('Rounding Increment (min)'), '15');
    await press(page, page.getByRole('button', { name: 'Save' }), 'Enter');
    const minimumField = page.locator('[data-field="roundingMinimum"]');
    await minimumField
      .getByText('Please enter a rounding minimum from 0 to 480 minutes, or leave it empty.')
      .waitFor();
    await type(page, minimum, '30');
    await press(page, page.getByRole('button', { name: 'Save' }), 'Enter');
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    await expect.poll(() => minimumField.textContent()).toContain('30');

    // A slip on its case: 9:00 to 10:07 is 1:07 worked, 1:15 billable.
    await page.goto(`/manage/case/${kase.case.id}/task/${task.task.id}/slip`);
    await press(page, page.getByRole('button', { name: 'New Slip' }), 'Enter');
    const panel = page.getByTestId('daily-panel');
    const fresh = panel.locator('[data-slip-id="new"]');
    await fresh.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('startTime');
    await page.keyboard.type('9');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1007');
    await page.keyboard.press('Tab');
    await expect.poll(() => fresh.getByTestId('slip-billable').textContent()).toBe('Billable 1:15');
    // Today's date (the new slip's default), so the panel's day shows it once saved.
    await page.keyboard.type(`Fixed the tunnel ${stamp}`);
    await page.keyboard.press('Control+s');
    await fresh.waitFor({ state: 'detached' });

    const card = panel.getByTestId('slip-card').filter({ hasText: `Fixed the tunnel ${stamp}` });
    await expect.poll(() => card.getByTestId('slip-time').textContent()).toBe('1:07');
    await expect.poll(() => card.getByTestId('slip-billable').textContent()).toMatch(/^1:15/);
    const info = card.getByRole('button', { name: 'How the billable time was worked out' });
    await press(page, info, 'Enter');
    await expect
      .poll(() => card.getByTestId('slip-billing-explanation').textContent())
      .toBe(`Billable time: 1:07 rounded up to 1:15 (15-minute increments, 30-minute minimum: ${name})`);
    await page.keyboard.press('Escape');
    await card.getByTestId('slip-billing-explanation').waitFor({ state: 'detached' });
    await context.close();
  });
});
