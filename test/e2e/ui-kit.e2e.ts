// Journeys on the UI kit gallery: typeahead by keyboard against the real staff suggestions, dialogs, load-more, axe.
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, openBrowser, signIn } from '../support/e2e';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await openBrowser();
  ({ context, page } = await newPage(browser));
  await signIn(page, 'developer');
});
afterAll(async () => {
  await browser?.close();
});

async function openGallery(p: Page = page): Promise<void> {
  await p.goto('/resources/ui-kit');
  await p.getByRole('heading', { name: 'UI Kit', level: 1 }).waitFor();
}

function cell(testId: string, p: Page = page) {
  return p.getByTestId(testId);
}

describe('time, duration and date inputs', () => {
  it('a time typed as 930 becomes 9:30 AM on Tab; an invalid time shows the message', async () => {
    await openGallery();
    const time = cell('time').getByLabel('Start time');
    await time.fill('930');
    await page.keyboard.press('Tab');
    expect(await time.inputValue()).toBe('9:30 AM');
    // Focus selects the text, so typing replaces it.
    await time.focus();
    await page.keyboard.type('25:99');
    await page.keyboard.press('Tab');
    expect(await time.inputValue()).toBe('25:99');
    expect(await cell('time').getByRole('alert').textContent()).toBe(
      'Please enter a valid time (e.g. 3:20 PM).',
    );
    expect(await time.getAttribute('aria-invalid')).toBe('true');
  });

  it('a duration typed as 1.25 becomes 1:15', async () => {
    await openGallery();
    const duration = cell('duration').getByLabel('Time spent');
    await duration.fill('1.25');
    await page.keyboard.press('Tab');
    expect(await duration.inputValue()).toBe('1:15');
  });

  it('every accepted date format normalises to MM/dd/yyyy', async () => {
    await openGallery();
    const year = new Date().getFullYear();
    const date = cell('date').getByLabel('Work date');
    const cases: [string, string][] = [
      ['03/20/2024', '03/20/2024'],
      ['032024', '03/20/2024'],
      ['3/20', `03/20/${year}`],
      ['03/20/24', '03/20/2024'],
      ['03-20-24', '03/20/2024'],
      ['03/20/2024', '03/20/2024'],
      ['03-20-2024', '03/20/2024'],
      ['2024/03/20', '03/20/2024'],
      ['2024-03-20', '03/20/2024'],
    ];
    for (const [typed, shown] of cases) {
      await date.fill(typed);
      await page.keyboard.press('Tab');
      await expect.poll(() => date.inputValue(), { message: typed }).toBe(shown);
    }
  });

  it('the date popover is keyboard accessible and Tab moves on after it closes', async () => {
    await openGallery();
    const area = cell('date-rules');
    const date = area.getByLabel('Visit date');
    await date.focus();
    const popover = area.getByRole('dialog', { name: 'Choose date' });
    await popover.waitFor();
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Wednesday, March 20, 2024',
    );
    // Friday → Saturday is a disabled weekend day: Enter does nothing there.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    expect(await popover.count()).toBe(1);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await popover.waitFor({ state: 'detached' });
    expect(await date.inputValue()).toBe('03/25/2024');
    // Typing reopens nothing (focus came back from the grid); a fresh focus opens it, Tab closes and moves on.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await popover.waitFor();
    await page.keyboard.press('Tab');
    await popover.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Choose date');
  });
});

describe('typeahead', () => {
  it('is usable with the keyboard alone: open, move, select, reopen, escape', async () => {
    await openGallery();
    const box = cell('ta-local').getByRole('combobox', { name: 'Service' });
    await box.focus();
    await page.keyboard.type('ing');
    const list = cell('ta-local').getByRole('listbox');
    await list.waitFor();
    expect(await list.getByRole('option').allTextContents()).toEqual([
      'PatchingPress enter to select',
      'Printing',
    ]);
    await page.keyboard.press('ArrowDown');
    expect(await list.getByRole('option').nth(1).textContent()).toContain('Press enter to select');
    await page.keyboard.press('Enter');
    expect(await box.inputValue()).toBe('Printing');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('ArrowDown');
    expect(await list.getByRole('option', { selected: true }).textContent()).toContain('Selected');
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });
    // Tab moves on to the next field.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('f-kit-ta-staff');
  });

  it('multiple mode toggles options and removes the last with Backspace, keyboard only', async () => {
    await openGallery();
    const area = cell('ta-multiple');
    const box = area.getByRole('combobox', { name: 'Services' });
    await box.focus();
    await page.keyboard.press('ArrowDown');
    expect(await area.getByRole('option').first().textContent()).toContain('Press enter to remove');
    await page.keyboard.press('ArrowDown');
    expect(await area.getByRole('option').nth(1).textContent()).toContain('Press enter to toggle');
    await page.keyboard.press('Enter');
    expect(await area.locator('.sd-typeahead-tag').allInnerTexts()).toEqual(['Backup', 'Email']);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Backspace');
    expect(await area.locator('.sd-typeahead-tag').allInnerTexts()).toEqual(['Backup']);
  });

  it('remote search against /api/suggest/staff/: debounced, stale requests cancelled, results selectable', async () => {
    await openGallery();
    const requests: Request[] = [];
    const failed: Request[] = [];
    const onRequest = (r: Request) => {
      if (r.url().includes('/api/suggest/staff/')) requests.push(r);
    };
    const onFailed = (r: Request) => {
      if (r.url().includes('/api/suggest/staff/')) failed.push(r);
    };
    page.on('request', onRequest);
    page.on('requestfailed', onFailed);
    const area = cell('ta-remote');
    const box = area.getByRole('combobox', { name: 'Staff member' });
    await box.focus();
    // Typing faster than 200 ms per key sends one request for the whole word.
    await page.keyboard.type('Terr', { delay: 40 });
    await area.getByRole('option', { name: 'Terry Tech' }).waitFor({ timeout: 10_000 });
    expect(requests.map((r) => new URL(r.url()).search)).toEqual(['?q=Terr&limit=25']);
    expect(await box.getAttribute('aria-expanded')).toBe('true');

    // A request still running when the next one starts is aborted.
    const slowTerry = (url: URL) =>
      url.pathname === '/api/suggest/staff/' && url.searchParams.get('q') === 'Terry';
    await page.route(slowTerry, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue().catch(() => {});
    });
    await page.keyboard.type('y');
    await expect.poll(() => requests.length).toBe(2);
    expect(await area.locator('.sd-typeahead').getAttribute('data-state')).toBe('loading');
    await page.keyboard.press('Backspace');
    await expect.poll(() => failed.length, { timeout: 3000 }).toBe(1);
    expect(new URL(failed[0]!.url()).search).toBe('?q=Terry&limit=25');
    await expect.poll(() => requests.length).toBe(3);
    await page.unroute(slowTerry);

    await area.getByRole('option', { name: 'Terry Tech' }).waitFor({ timeout: 10_000 });
    await page.keyboard.press('Enter');
    expect(await box.inputValue()).toBe('Terry Tech');
    page.off('request', onRequest);
    page.off('requestfailed', onFailed);
  });

  it('the refine toggle switches to the second url', async () => {
    await openGallery();
    const urls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/suggest/staff/')) urls.push(new URL(r.url()).search);
    });
    const area = cell('ta-refine');
    await area.getByRole('combobox', { name: 'Technician' }).click();
    await expect.poll(() => urls).toEqual(['?scope=short&limit=25']);
    await area.getByRole('button', { name: 'More...' }).click();
    await expect.poll(() => urls.at(-1)).toBe('?scope=all&limit=25');
    await area.getByRole('button', { name: 'Less...' }).waitFor();
  });
});

describe('dialogs', () => {
  it('the dialog focuses Okay after showing, and Escape closes it', async () => {
    await openGallery();
    await cell('dialog-sizes').getByRole('button', { name: 'Open lg dialog' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm change' });
    await dialog.waitFor();
    const okay = dialog.getByRole('button', { name: 'Okay' });
    await expect.poll(() => okay.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.locator('.modal-dialog.modal-lg').count()).toBe(1);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('the load-more modal asks for filters, pages by 25 and stops at the last page', async () => {
    await openGallery();
    await cell('load-more').getByRole('button', { name: 'Open load-more modal' }).click();
    const modal = page.getByRole('dialog', { name: 'Find a task' });
    await modal.getByText('Select a Client to see results.').waitFor();
    expect(await modal.getByRole('button', { name: 'Okay' }).count()).toBe(0);
    await modal.getByLabel('Client').selectOption({ label: 'Acme Dental' });
    const rows = modal.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(25);
    await modal.getByRole('button', { name: 'Load More' }).click();
    await expect.poll(() => rows.count()).toBe(50);
    await modal.getByRole('button', { name: 'Load More' }).click();
    await expect.poll(() => rows.count()).toBe(60);
    expect(await modal.getByRole('button', { name: 'Load More' }).count()).toBe(0);
    // A filter change reloads from the start.
    await modal.getByLabel('Client').selectOption({ label: 'Birch Law' });
    await expect.poll(() => rows.count()).toBe(25);
    expect(await rows.first().textContent()).toContain('birch task 1');
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await modal.waitFor({ state: 'detached' });
  });
});

describe('accessibility', () => {
  it('axe finds no serious or critical violation on the gallery, with a dialog open too', async () => {
    await openGallery();
    await cell('rich-edit').getByRole('textbox', { name: 'Resolution' }).waitFor();
    const serious = async () => {
      const result = await new AxeBuilder({ page }).analyze();
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    };
    expect(await serious()).toEqual([]);
    await page.screenshot({ path: '.tmp/ui-kit.png', fullPage: true });
    const box = cell('ta-local').getByRole('combobox', { name: 'Service' });
    await box.click();
    await cell('ta-local').getByRole('listbox').waitFor();
    expect(await serious()).toEqual([]);
    await page.keyboard.press('Escape');
    await cell('load-more').getByRole('button', { name: 'Open load-more modal' }).click();
    await page.getByRole('dialog', { name: 'Find a task' }).waitFor();
    // Measure colours once the fade-in transitions are over.
    await expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0);
    expect(await serious()).toEqual([]);
    await context.close();
  });
});
