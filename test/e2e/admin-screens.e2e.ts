// Journey: an administrator who is also the primary developer renames cases on the Case & Task Grammar page and the
// menu follows ("Tickets & Tasks"); on the Jobs page sees the session clean-up run, cancels a waiting job and retries
// it; in the File Manager (a full page load, and the home page when chosen) sees an uploaded document with where it
// is used and deletes a file nothing uses. Every screen is also looked at on a phone (390 px) and a desktop (1280 px).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeGenerated } from '../../src/server/platform/files';
import { createJobs, type Jobs } from '../../src/server/platform/jobs';
import { openBrowser } from '../support/e2e';
import { type OwnApp, signInOwn, startOwnApp } from '../support/e2e-app';
import { shoot } from '../support/e2e-shots';
import { makeAgreement, makeUser } from '../support/factories';
import { samplePdf } from '../support/files';

let own: OwnApp;
let browser: Browser;
let email: string;
let jobs: Jobs;
beforeAll(async () => {
  own = await startOwnApp();
  browser = await openBrowser();
  const admin = await makeUser(own.db.pool, {
    firstName: 'Dana',
    lastName: 'Dev',
    roles: ['ROLE_USER', 'ROLE_ADMIN', 'ROLE_PRIMARY_DEVELOPER'],
  });
  email = admin.email;
  // An uploaded contract on an agreement, and an export nothing uses any more.
  const contract = await storeGenerated(own.db.pool, samplePdf('Signed MSA', 40 * 1024), {
    name: 'signed-msa.pdf',
    contentType: 'application/pdf',
    actorId: admin.id,
  });
  const agreement = await makeAgreement(own.db.pool, { title: 'Managed IT 2026' });
  await own.db.pool.query(
    `INSERT INTO agreement_documents (agreement_id, title, kind, file_id, created_by, updated_by)
     VALUES ($1, 'Signed MSA', 'CONTRACT', $2, $3, $3)`,
    [agreement.id, contract.id, admin.id],
  );
  await storeGenerated(own.db.pool, samplePdf('Old export', 10 * 1024), {
    name: 'old-export.pdf',
    contentType: 'application/pdf',
    actorId: admin.id,
  });
  // Another process queueing jobs on the same database: one for the app's clean-up worker, one no one works.
  jobs = createJobs(own.db, { error: () => undefined });
  await jobs.send('sessions.cleanup', {});
  await jobs.send('e2e.waiting', { note: 'nobody works this queue' });
}, 120_000);
afterAll(async () => {
  await jobs?.stop();
  await browser?.close();
  await own?.stop();
});

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Nothing on the screen is wider than the window (no sideways scrolling of the page). */
async function fitsWidth(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

describe('admin screens', () => {
  it('renames cases on the Case & Task Grammar page and the menu says Tickets & Tasks', async () => {
    const page = await signInOwn(browser, own, email, { viewport: DESKTOP });
    await page.goto('/admin/case');
    await page.getByRole('heading', { name: 'Case & Task Grammar' }).waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel(/^Case \(Singular\)/).fill('Ticket');
    await page.getByLabel(/^Case \(Plural\)/).fill('Tickets');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    await page.getByText(/^Updated .* by Dana Dev$/).waitFor();
    await page.getByRole('button', { name: 'Manage' }).click();
    await page.getByRole('link', { name: 'Tickets & Tasks' }).click();
    await page.waitForURL('**/manage/case');
    await page.locator('.sd-breadcrumbs').getByText('Tickets & Tasks').waitFor();
    expect(await page.title()).toContain('Tickets & Tasks');
    // Field history of the change.
    await page.goto('/admin/case/history');
    await page.getByText('Ticket', { exact: true }).first().waitFor();
    await fitsWidth(page);
    await page.context().close();

    const phone = await signInOwn(browser, own, email, { viewport: PHONE });
    await phone.goto('/admin/case');
    await phone.getByRole('heading', { name: 'Case & Task Grammar' }).waitFor();
    await phone.getByLabel(/^Case \(Plural\)/).waitFor();
    await fitsWidth(phone);
    await phone.context().close();
  });

  it('shows the jobs to a developer, cancels a waiting job and retries it', async () => {
    const page = await signInOwn(browser, own, email, { viewport: DESKTOP });
    await page.goto('/admin/jobs');
    await page.getByRole('heading', { name: 'Jobs' }).waitFor();
    // The clean-up queued by the other process runs here (the list starts this app's workers).
    const cleanup = page.getByRole('row').filter({ hasText: 'Session Clean-Up' });
    await cleanup.first().waitFor();
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh' }).click();
          return cleanup.first().getByText('Completed').count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    await cleanup
      .first()
      .getByText(/Sessions: \d+/)
      .waitFor();

    const waiting = page.getByRole('row').filter({ hasText: 'e2e.waiting' });
    await waiting.getByText('Queued').waitFor();
    await waiting.getByRole('button', { name: /^Cancel/ }).click();
    await waiting.getByText('Cancelled').waitFor();
    await waiting.getByRole('button', { name: /^Retry/ }).click();
    await waiting.getByText('Queued').waitFor();

    await page.getByLabel('State').selectOption({ label: 'Completed' });
    await page.getByRole('row').filter({ hasText: 'e2e.waiting' }).waitFor({ state: 'detached' });
    await cleanup.first().waitFor();
    await fitsWidth(page);
    await page.context().close();

    const phone = await signInOwn(browser, own, email, { viewport: PHONE });
    await phone.goto('/admin/jobs');
    // Cards on a phone (the queue filter's options carry the same words).
    await phone.locator('.sd-card').filter({ hasText: 'Session Clean-Up' }).first().waitFor();
    await fitsWidth(phone);
    await phone.context().close();
  });

  it('lists stored files with where they are used and deletes one nothing uses', async () => {
    // The file manager as home page: the index goes there with a full page load.
    await own.db.pool.query(`UPDATE users SET home_page = 'file_manager' WHERE email = $1`, [email]);
    const page = await signInOwn(browser, own, email, { viewport: DESKTOP });
    expect(new URL(page.url()).pathname).toBe('/admin/file-manager');
    await page.getByRole('heading', { name: 'File Manager' }).waitFor();
    await page
      .getByTestId('storage-total')
      .getByText(/^2 files, \d+(\.\d+)? KB$/)
      .waitFor();
    const contract = page.getByRole('row').filter({ hasText: 'signed-msa.pdf' });
    await contract.getByRole('link', { name: 'Signed MSA' }).waitFor();
    await contract.getByText('Dana Dev').waitFor();
    // The kind users know, the media type on hover.
    expect(await contract.getByTitle('application/pdf').textContent()).toBe('PDF');
    await shoot(page, 'file-manager');
    expect(await contract.getByRole('button', { name: /^Delete/ }).count()).toBe(0);

    await page.getByLabel('Show').selectOption({ label: 'Unused' });
    await contract.waitFor({ state: 'detached' });
    const old = page.getByRole('row').filter({ hasText: 'old-export.pdf' });
    await old.getByText('Unused').waitFor();
    await old.getByRole('button', { name: 'Delete old-export.pdf' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await old.waitFor({ state: 'detached' });
    await page
      .getByTestId('storage-total')
      .getByText(/^1 file, \d+(\.\d+)? KB$/)
      .waitFor();
    await fitsWidth(page);
    await page.context().close();

    const phone = await signInOwn(browser, own, email, { viewport: PHONE });
    await phone.getByRole('heading', { name: 'File Manager' }).waitFor();
    await phone.getByText('signed-msa.pdf').waitFor();
    await fitsWidth(phone);
    await phone.context().close();
  });
});
