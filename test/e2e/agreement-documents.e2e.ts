// Journey: a technician adds a signed contract to an agreement through the file input, finds it in the documents
// list (in the agreement's tree and the organization's), downloads it from both screens and gets the same bytes;
// a missing or refused file shows its message under File; Cancel on a new document returns to the list.
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatFileSize } from '../../src/shared/schemas/document';
import { openBrowser } from '../support/e2e';
import { type OwnApp, signInOwn, startOwnApp } from '../support/e2e-app';
import { makeAgreement, makeOrganization, makeUser } from '../support/factories';
import { samplePdf } from '../support/files';

let own: OwnApp;
let browser: Browser;
let email: string;
beforeAll(async () => {
  own = await startOwnApp();
  browser = await openBrowser();
  email = (await makeUser(own.db.pool, { firstName: 'Tess', lastName: 'Tech' })).email;
});
afterAll(async () => {
  await browser?.close();
  await own?.stop();
});

const signedIn = () => signInOwn(browser, own, email);

/** Clicks `link` and returns the downloaded bytes. */
async function download(page: Page, link: ReturnType<Page['getByRole']>): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return readFile((await file.path())!);
}

describe('agreement documents', () => {
  it('uploads a PDF, lists it and downloads the same bytes from the list and the document', async () => {
    // An agreement of its own (a retry starts from an empty list too).
    const organizationId = (await makeOrganization(own.db.pool, { name: 'Docs Dental' })).id;
    const agreementId = (await makeAgreement(own.db.pool, { organizationId, title: 'Managed IT 2026' })).id;
    const page = await signedIn();
    const pdf = samplePdf('Managed IT agreement, signed', 200 * 1024);
    await page.goto(`/manage/agreement/${agreementId}/documents`);
    await page.getByRole('heading', { name: 'Documents' }).waitFor();
    await page.getByRole('cell', { name: 'No Results' }).waitFor();

    // Cancel on a new document goes back to the list.
    await page.getByRole('link', { name: 'New Document' }).click();
    await page.getByRole('heading', { name: 'New Document' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(`**/manage/agreement/${agreementId}/documents`);

    await page.getByRole('link', { name: 'New Document' }).click();
    await page.getByRole('heading', { name: 'New Document' }).waitFor();
    await page.getByLabel(/^Title/).fill('Signed contract');
    await page.getByLabel(/^Kind/).selectOption({ label: 'Contract' });
    await page.getByLabel('Signed Date').fill('03/02/2026');
    // Without a file the form says so under File, before anything is sent.
    await page.getByRole('button', { name: 'Save' }).click();
    const fileField = page.locator('[data-field="file"]');
    await fileField.getByText('Choose a file to upload.').waitFor();

    // A letter renamed .pdf is refused by the server, from its bytes.
    await page.getByLabel(/^File/).setInputFiles({
      name: 'letter.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('Dear customer, please find the contract attached.\n'),
    });
    await page.getByRole('button', { name: 'Save' }).click();
    await fileField
      .getByText('This kind of file cannot be uploaded. Use PDF, images or Office files.')
      .waitFor();
    expect(new URL(page.url()).pathname).toBe(`/manage/agreement/${agreementId}/documents/create`);

    await page
      .getByLabel(/^File/)
      .setInputFiles({ name: 'contract.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByTestId('picked-file').getByText('contract.pdf').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(new RegExp(`/manage/agreement/${agreementId}/documents/\\d+$`));
    await page.getByRole('heading', { name: 'Signed contract' }).waitFor();
    await page.getByTestId('stored-file').getByText('contract.pdf').waitFor();
    expect(await page.getByTestId('stored-file').textContent()).toContain(
      `${formatFileSize(pdf.length)} · PDF`,
    );
    const fromBasics = await download(page, page.getByRole('link', { name: 'Download' }));
    expect(fromBasics.equals(pdf)).toBe(true);

    await page
      .getByRole('navigation', { name: 'Agreement' })
      .getByRole('link', { name: 'Documents' })
      .click();
    await page.waitForURL(`**/manage/agreement/${agreementId}/documents`);
    const row = page.getByRole('row').filter({ hasText: 'Signed contract' });
    await row.waitFor();
    expect(await row.textContent()).toContain(`contract.pdf (${formatFileSize(pdf.length)})`);
    expect(await row.textContent()).toContain('Tess Tech');
    const fromList = await download(page, row.getByRole('link', { name: 'Download Signed contract' }));
    expect(fromList.equals(pdf)).toBe(true);

    // The same document under the organization's agreement tree.
    await page.goto(`/manage/organization/${organizationId}/agreements/${agreementId}/documents`);
    await page.getByRole('link', { name: 'Signed contract', exact: true }).click();
    await page.waitForURL(
      new RegExp(`/manage/organization/${organizationId}/agreements/${agreementId}/documents/\\d+$`),
    );
    await page.getByTestId('stored-file').getByText('contract.pdf').waitFor();
    await page.getByRole('link', { name: 'History' }).click();
    await page.getByRole('heading', { name: 'Field History' }).waitFor();
    const fileRow = page.getByRole('row').filter({ hasText: 'contract.pdf' });
    await fileRow.waitFor();
    expect(await fileRow.textContent()).toContain('File');
    expect(await page.getByTestId('object-class').textContent()).toContain('Agreement Document');
    await page.context().close();
  });
});
