// Journey: an administrator opens the Warranty report from an organization's Reports tab, reads the summary and the
// rows (expired and ending soon, not the device covered for long), exports CSV, XLSX and PDF and reads each file back
// (the right devices, typed dates in the workbook, the organization's name in the PDF), then finds the three exports
// in the organization's Report History and downloads one again with the same bytes.
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../src/shared/format';
import { download, newPage, openBrowser, signIn } from '../support/e2e';
import { post } from '../support/e2e-data';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const ORGANIZATION = `Warrantyco ${stamp}`;
const EXPIRED = `WCO-OLD-${stamp}`;
const ENDING = `WCO-SOON-${stamp}`;
const COVERED = `WCO-NEW-${stamp}`;

/** MM/dd/yyyy, `days` from today. */
const inDays = (days: number) => formatDate(new Date(Date.now() + days * 86_400_000));

/** An export from the report's buttons: the file, once the page says it was kept in report history. */
async function exportAs(page: Page, format: 'CSV' | 'XLSX' | 'PDF') {
  const file = await download(page, page.getByRole('button', { name: format, exact: true }));
  await page.getByRole('status').filter({ hasText: 'Saved to report history' }).waitFor();
  return file;
}

const rowWith = (rows: unknown[][], text: string) =>
  rows.find((r) => r.some((cell) => String(cell ?? '').includes(text)));

describe('client reports', () => {
  it('runs the warranty report for a client, exports it three ways and finds the exports in its history', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    const org = await post<{ organization: { id: number } }>(
      page.request,
      '/api/manage/organization/create',
      {
        version: 0,
        name: ORGANIZATION,
        active: true,
        salesStatus: 'CLIENT',
      },
    );
    const id = org.organization.id;
    for (const [name, warrantyEnd] of [
      [EXPIRED, inDays(-40)],
      [ENDING, inDays(20)],
      [COVERED, inDays(400)],
    ] as const) {
      await post(page.request, '/api/manage/equipment/create', {
        version: 0,
        name,
        organization: id,
        serialNumber: `SN-${name}`,
        warrantyEnd,
        virtual: false,
        active: true,
      });
    }

    // From the organization's Reports tab, Warranty opens for this organization.
    await page.goto(`/manage/organization/${id}`);
    await page.getByRole('link', { name: 'Reports', exact: true }).click();
    await page.waitForURL(`**/manage/organization/${id}/reports`);
    await page
      .getByRole('region', { name: 'Client Reports' })
      .getByRole('link', { name: 'Warranty' })
      .click();
    await page.waitForURL(
      (url) => url.pathname === '/report/warranty' && url.searchParams.get('organization') === String(id),
    );
    await page.getByRole('heading', { name: 'Warranty', level: 1 }).waitFor();

    // The summary names the organization; the rows are the expired device and the one ending within 90 days.
    const summary = page.getByRole('region', { name: 'Summary' });
    await summary.getByTestId('report-scope').filter({ hasText: ORGANIZATION }).waitFor();
    const rows = page.getByRole('region', { name: 'Rows' });
    await rows.getByRole('cell', { name: EXPIRED, exact: true }).waitFor();
    await rows.getByRole('cell', { name: ENDING, exact: true }).waitFor();
    expect(await rows.getByRole('cell', { name: COVERED, exact: true }).count()).toBe(0);
    expect(await rows.getByRole('cell', { name: inDays(-40) }).count()).toBe(1);
    expect(await page.getByTestId('report-rows').textContent()).toBe('Rows 1–2 of 2');
    // The organization picker shows it as a tag.
    await page.locator('.sd-typeahead-tag', { hasText: ORGANIZATION }).waitFor();

    // CSV: the two devices with their warranty ends, not the covered one.
    const csv = await exportAs(page, 'CSV');
    expect(csv.name).toMatch(/\.csv$/);
    const records = parse(csv.bytes, { relax_column_count: true, bom: true }) as string[][];
    const expiredRow = rowWith(records, EXPIRED) as string[] | undefined;
    expect(expiredRow).toBeDefined();
    const [mm, dd, yyyy] = inDays(-40).split('/');
    expect(expiredRow!.some((c) => c.includes(inDays(-40)) || c.includes(`${yyyy}-${mm}-${dd}`))).toBe(true);
    expect(rowWith(records, ENDING)).toBeDefined();
    expect(rowWith(records, COVERED)).toBeUndefined();

    // XLSX: a real workbook whose warranty ends are date cells.
    const xlsx = await exportAs(page, 'XLSX');
    expect(xlsx.name).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const sheetRows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => {
      sheetRows.push((row.values as unknown[]).slice(1));
    });
    const expiredCells = rowWith(sheetRows, EXPIRED);
    expect(expiredCells).toBeDefined();
    const dateCell = expiredCells!.find((c): c is Date => c instanceof Date);
    expect(dateCell && formatDate(new Date(dateCell.getTime() + dateCell.getTimezoneOffset() * 60_000))).toBe(
      inDays(-40),
    );
    expect(rowWith(sheetRows, ENDING)).toBeDefined();
    expect(rowWith(sheetRows, COVERED)).toBeUndefined();

    // PDF: the organization's name and the devices, in an embedded font's text.
    const pdf = await exportAs(page, 'PDF');
    expect(pdf.name).toMatch(/\.pdf$/);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const document = await getDocument({ data: new Uint8Array(pdf.bytes) }).promise;
    let text = '';
    for (let n = 1; n <= document.numPages; n++) {
      const content = await (await document.getPage(n)).getTextContent();
      text += `${content.items.map((i) => ('str' in i ? i.str : '')).join(' ')}\n`;
    }
    // A narrow Device column may break a long name after a hyphen ("WCO-SOON-" / "K7QZ2"), as it would a Windows
    // host name; how wide the random suffix's letters are decides it. Read such a break back as one name.
    const joined = text.replace(/-\s+/g, '-');
    expect(joined).toContain(ORGANIZATION);
    expect(joined).toContain(EXPIRED);
    expect(joined).toContain(ENDING);
    expect(joined).not.toContain(COVERED);

    // The organization's Report History lists the three exports; one downloads again with the same bytes.
    await page.goto(`/manage/organization/${id}/report-history`);
    await page.getByRole('heading', { name: 'Report History', level: 1 }).waitFor();
    const history = page.locator('.sd-list table tbody tr');
    await expect.poll(() => history.count()).toBe(3);
    for (const format of ['CSV', 'XLSX', 'PDF']) {
      expect(await history.filter({ hasText: format }).count()).toBe(1);
    }
    const again = await download(page, page.getByRole('link', { name: `Download ${csv.name}` }));
    expect(again.bytes.equals(csv.bytes)).toBe(true);

    // Run again opens the report with the same filters.
    await history.filter({ hasText: 'CSV' }).getByRole('link', { name: /again/ }).click();
    await page.waitForURL(
      (url) => url.pathname === '/report/warranty' && url.searchParams.get('organization') === String(id),
    );
    await page
      .getByRole('region', { name: 'Rows' })
      .getByRole('cell', { name: EXPIRED, exact: true })
      .waitFor();

    // A security pack for this client is made in the background and lands in its report history.
    await page.goto(`/manage/organization/${id}/reports`);
    await page.getByRole('button', { name: 'Make security pack' }).click();
    const dialog = page.getByRole('dialog', { name: 'Security pack' });
    await dialog.getByRole('button', { name: 'Make' }).click();
    await dialog.getByText('Security packs ready: 1 of 1 pack made.').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.goto(`/manage/organization/${id}/report-history`);
    await expect.poll(() => history.count()).toBe(4);
    const pack = await download(
      page,
      history.filter({ hasText: 'Security Pack' }).getByRole('link', { name: /^Download/ }),
    );
    expect(pack.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await context.close();
  });

  it('makes security packs for the clients a filter matches, skipping and counting those with nothing to report', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    const organization = async (name: string, over: Record<string, unknown>, devices: number) => {
      const { organization } = await post<{ organization: { id: number } }>(
        page.request,
        '/api/manage/organization/create',
        { version: 0, name, active: true, rmmPlan: 'RMM_BILL_BY_USER', ...over },
      );
      for (let i = 0; i < devices; i++)
        await post(page.request, '/api/manage/equipment/create', {
          version: 0,
          name: `${name.slice(0, 12)}-${i}`,
          organization: organization.id,
          virtual: false,
          active: true,
        });
    };
    // Only clients by user billing: one with a device, one without; a vendor on the same plan is no client.
    await organization(`Packco Dental ${stamp}`, { salesStatus: 'CLIENT' }, 1);
    await organization(`Packco Empty ${stamp}`, { salesStatus: 'CLIENT' }, 0);
    await organization(`Packco Supply ${stamp}`, { vendorStatus: 'VENDOR' }, 1);

    await page.goto('/report/report-history');
    await page.getByRole('heading', { name: 'Report History', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Make security packs' }).click();
    const dialog = page.getByRole('dialog', { name: 'Security packs' });
    await dialog.getByLabel(/^Clients/).selectOption({ label: 'RMM - Bill By User' });
    await dialog.getByRole('button', { name: 'Make' }).click();
    await dialog.getByText('1 pack queued; 1 organization skipped: no devices to report').waitFor();
    await dialog.getByText('Security packs ready: 1 of 1 pack made.').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page
      .locator('.sd-list table tbody tr')
      .filter({ hasText: `Security Pack: Packco Dental ${stamp}` })
      .waitFor();
    await context.close();
  });
});
