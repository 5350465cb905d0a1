// Journey: an administrator imports a NinjaOne device export for a client: preset chosen from the address, upload,
// the preview maps the RMM's site name to the client, Confirm, the progress runs to done, a reload keeps the run,
// and the device is on the client's equipment list.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, openBrowser, signIn } from '../support/e2e';
import { NINJA_HEADER, ninjaLine } from '../support/import-factories';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36).slice(-5).toUpperCase();

async function createOrganization(page: Page, name: string): Promise<string> {
  await page.goto(`/manage/organization/create?name=${encodeURIComponent(name)}`);
  await page.getByRole('heading', { name: 'New Organization' }).waitFor();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/manage\/organization\/\d+$/);
  await page.getByRole('button', { name: 'Edit' }).waitFor();
  return /\/(\d+)$/.exec(page.url())![1]!;
}

describe('RMM file import', () => {
  it('imports a NinjaOne export for a client with preview and confirm, and the device is listed', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    const client = `Ninja Client ${stamp}`;
    const orgId = await createOrganization(page, client);
    // NinjaOne names the organization its own way: the preview asks which client it is.
    const site = `NINJA ORG ${stamp}`;
    const csv = `${NINJA_HEADER}\r\n${ninjaLine(site, 1, `E2E${stamp}`)}\r\n${ninjaLine(site, 2, `E2E${stamp}`)}\r\n`;

    await page.goto('/admin/file-import?preset=ninjaone-devices');
    await page.getByRole('heading', { name: 'Admin Files Import' }).waitFor();
    await expect.poll(() => page.getByLabel('Preset').inputValue()).toBe('ninjaone-devices');
    await page.getByLabel(/^File/).setInputFiles({
      name: 'ninjaone-devices.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByRole('button', { name: 'Upload and Preview' }).click();
    await page.waitForURL(/\/admin\/file-import\/\d+$/);
    const runId = /(\d+)$/.exec(page.url())![1]!;
    await page.getByRole('heading', { name: `Import #${runId}` }).waitFor();
    const sites = page.getByTestId('unmatched-sites');
    await sites.getByText(site, { exact: true }).waitFor();
    expect(await page.getByTestId('rejected-rows').textContent()).toContain(
      `The site "${site}" is not matched to an organization.`,
    );

    await sites.getByRole('combobox', { name: `Organization for ${site}` }).fill(client.slice(0, 14));
    await page.getByRole('option', { name: new RegExp(client) }).click();
    await sites.getByRole('button', { name: 'Save Site Mappings' }).click();
    await sites.waitFor({ state: 'detached' });
    const counts = page.getByTestId('import-counts');
    await expect.poll(() => counts.textContent()).toMatch(/To create2/);

    await page.getByRole('button', { name: 'Confirm Import' }).click();
    // The screen polls the run as the job's queue picks it up and applies it.
    const result = page.getByTestId('import-result');
    await result.waitFor({ timeout: 60_000 });
    expect(await result.textContent()).toContain(
      'Import done: 2 created, 0 updated, 0 unchanged, 0 rejected.',
    );

    // A reload keeps the place: the same run, done.
    await page.reload();
    await page.getByTestId('import-result').waitFor();
    await page.getByText('Done', { exact: true }).waitFor();

    await result.getByRole('link', { name: `View ${client}'s equipment` }).click();
    await page.waitForURL(`**/manage/organization/${orgId}/equipment`);
    await page.getByRole('link', { name: `E2E${stamp}-1` }).waitFor();
    await page.getByRole('link', { name: `E2E${stamp}-2` }).waitFor();

    // The import is on the recent list and the client's devices are Uploaded this month.
    await page.goto('/admin/file-import');
    await page
      .getByTestId('recent-imports')
      .getByRole('link', { name: 'ninjaone-devices.csv' })
      .first()
      .waitFor();
    await context.close();
  });
});
