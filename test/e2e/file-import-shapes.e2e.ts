// Journey: an administrator imports a file of a shape no preset knows, with day-first dates: the mapping step
// starts from the fields suggested by the column names (each with how sure it is), the date column whose values
// read both ways asks how they are written (three values shown each way), and the import runs with the dates read
// day first. Also the upload screen's edges: no file, an unknown `?preset=`, and cancelling a preview.
// With SD6_SCREENSHOTS=<folder>, the mapping and date steps are saved at 1280 and 390 pixels wide.
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

const SHOTS = process.env.SD6_SCREENSHOTS;
const stamp = Date.now().toString(36).slice(-5).toUpperCase();

async function createOrganization(page: Page, name: string) {
  await page.goto(`/manage/organization/create?name=${encodeURIComponent(name)}`);
  await page.getByRole('heading', { name: 'New Organization' }).waitFor();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/manage\/organization\/\d+$/);
}

async function upload(page: Page, name: string, text: string) {
  await page.getByLabel(/^File/).setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  await page.getByRole('button', { name: 'Upload and Preview' }).click();
  await page.waitForURL(/\/admin\/file-import\/\d+$/);
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('RMM file import of an unknown shape', () => {
  it('maps it from the suggestions, asks the date order, and imports the dates day first', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    const client = `Alpine Dental ${stamp}`;
    await createOrganization(page, client);
    const file = [
      'customername,systemName,serialNumber,lastSeen,warrantyExpires,notes',
      `${client},ALP-RECEPT-${stamp},ALPSN1${stamp},1.11.2026,31.12.2027,front desk`,
      `${client},ALP-XRAY-${stamp},ALPSN2${stamp},12.11.2026,1.6.2028,x-ray`,
      `${client},ALP-OFFICE-${stamp},ALPSN3${stamp},3.11.2026,15.3.2027,`,
    ].join('\r\n');

    await page.goto('/admin/file-import');
    await page.getByRole('heading', { name: 'Admin Files Import' }).waitFor();
    await upload(page, 'alpine.csv', file);
    const mapping = page.getByTestId('column-mapping');
    await mapping.waitFor();
    await page.getByText('No preset knows the columns of this file.', { exact: false }).waitFor();
    // Suggested from the names, each with how sure it is; notes is left out.
    await expect.poll(() => page.getByLabel('SD6 field for systemName').inputValue()).toBe('name');
    expect(await page.getByLabel('SD6 field for customername').inputValue()).toBe('site');
    expect(await page.getByLabel('SD6 field for lastSeen').inputValue()).toBe('lastResponseAt');
    expect(await page.getByLabel('SD6 field for warrantyExpires').inputValue()).toBe('warrantyEnd');
    expect(await page.getByLabel('SD6 field for notes').inputValue()).toBe('');
    expect(await mapping.getByTestId('suggestion').allTextContents()).toEqual([
      "95 %Suggested from the column's name: sure",
      "95 %Suggested from the column's name: sure",
      "95 %Suggested from the column's name: sure",
      "94 %Suggested from the column's name: sure",
      "60 %Suggested from the column's name: a guess",
    ]);
    await shoot(page, 'import-mapping-step');

    await mapping.getByRole('button', { name: 'Apply Mapping' }).click();
    const dates = page.getByTestId('date-order');
    await dates.waitFor();
    // The warranty column proved day first by itself (31.12.2027); last seen reads both ways and is asked.
    expect(await dates.textContent()).toContain('1.11.2026November 1, 2026January 11, 2026');
    expect(await dates.textContent()).toContain('12.11.2026November 12, 2026December 11, 2026');
    expect(await dates.textContent()).not.toContain('warrantyExpires');
    await shoot(page, 'import-date-step');

    await page.getByRole('button', { name: 'Confirm Import' }).click();
    await page.getByText('Choose how the dates are written before confirming the import.').waitFor();
    await dates.getByLabel('Day first').check();
    await dates.getByRole('button', { name: 'Apply Date Order' }).click();
    await expect.poll(() => dates.getByLabel('Day first').isChecked()).toBe(true);
    await expect.poll(() => page.getByTestId('import-counts').textContent()).toMatch(/To create3/);
    // Read day first, no last-seen date is in the future any more (month first, 12.11.2026 was December 11).
    await page.getByTestId('warning-rows').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Confirm Import' }).click();
    const result = page.getByTestId('import-result');
    await result.waitFor({ timeout: 60_000 });
    expect(await result.textContent()).toContain(
      'Import done: 3 created, 0 updated, 0 unchanged, 0 rejected.',
    );

    // The device's dates as imported: last seen November 12, warranty to June 1, 2028.
    await result.getByRole('link', { name: `View ${client}'s equipment` }).click();
    await page.getByRole('link', { name: `ALP-XRAY-${stamp}` }).click();
    await page.waitForURL(/\/equipment\/\d+/);
    await page.getByRole('heading', { name: `ALP-XRAY-${stamp}` }).waitFor();
    await page.getByText('06/01/2028', { exact: true }).waitFor();
    await context.close();
  });

  it('says what is wrong with no file, ignores an unknown preset, and cancels a preview after asking', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    await page.goto('/admin/file-import?preset=x');
    await page.getByRole('heading', { name: 'Admin Files Import' }).waitFor();
    await page.getByRole('button', { name: 'Upload and Preview' }).click();
    await page.getByRole('alert').getByText('Choose a file to upload.').waitFor();
    expect(await page.getByText('[object Object]').count()).toBe(0);
    // No preset "x" was made up: the choice stays with recognising the file.
    expect(await page.getByLabel('Preset').inputValue()).toBe('auto');
    expect(await page.getByRole('option', { name: 'x', exact: true }).count()).toBe(0);

    await upload(page, 'cancel-me.csv', 'customername,hostname\r\nNobody,PC-1\r\n');
    await page.getByRole('button', { name: 'Cancel Import' }).click();
    const dialog = page.getByTestId('cancel-import-dialog');
    await dialog.getByText('Cancel the import of cancel-me.csv?').waitFor();
    await dialog.getByRole('button', { name: 'Cancel Import' }).click();
    await page.getByText('Cancelled', { exact: true }).waitFor();
    await page
      .getByTestId('import-result')
      .getByText(/Nothing was changed\./)
      .waitFor();
    expect(await page.getByRole('button', { name: 'Cancel Import' }).count()).toBe(0);
    await context.close();
  });
});
