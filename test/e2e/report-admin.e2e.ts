// Journey: an administrator writes a notice marked as a banner, sees it at the top of every screen (above the page,
// not over it on a phone), dismisses it and it stays dismissed; creates a required upload printing that notice; and
// sets the virtual-device rule, watching the count of devices it marks virtual follow the edit before saving.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, openBrowser, signIn } from '../support/e2e';
import { post, XHR } from '../support/e2e-data';

let browser: Browser;
let admin: { context: BrowserContext; page: Page };
const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const TITLE = `Office move ${stamp}`;
let noticeId = 0;
beforeAll(async () => {
  browser = await openBrowser();
  admin = await newPage(browser);
  await signIn(admin.page, 'admin');
});
afterAll(async () => {
  // The banner would show in every later journey: it goes, whatever happened above.
  if (noticeId) {
    const current = await admin.page.request.get(`/api/admin/notice/${noticeId}`, { headers: XHR });
    const version = current.ok() ? (await current.json()).notice.version : 0;
    await admin.page.request.delete(`/api/admin/notice/${noticeId}?version=${version}`, { headers: XHR });
  }
  await admin?.context.close();
  await browser?.close();
});

const banner = (page: Page) => page.getByRole('status', { name: TITLE });
const virtualCount = async (page: Page) => {
  const text = (await page.getByTestId('virtual-count').textContent()) ?? '';
  const match = /^([\d,]+) active devices? of [\d,]+ count as virtual\.$/.exec(text.trim());
  return match ? Number(match[1]!.replace(/,/g, '')) : null;
};

describe('report admin', () => {
  it('an administrator puts up a banner notice, sees it in the shell and dismisses it', async () => {
    const { page } = admin;
    await page.goto('/admin/notice');
    await page.getByRole('link', { name: 'New Notice' }).click();
    await page.getByRole('heading', { name: 'New Notice' }).waitFor();
    await page.getByLabel(/^Title/).fill(TITLE);
    await page.getByLabel(/^Text/).fill('We move on Friday.\nPhones may be down in the afternoon.');
    await page.getByLabel('Show as a banner').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/notice\/\d+$/);
    noticeId = Number(new URL(page.url()).pathname.split('/').pop());

    // Saved: the banner shows at once, on this screen and the next.
    await banner(page).waitFor();
    expect(await banner(page).textContent()).toContain('Phones may be down in the afternoon.');
    await page.goto('/admin/required-upload');
    await page.getByRole('heading', { name: 'Required Uploads' }).waitFor();
    await banner(page).waitFor();

    // On a phone it sits above the page heading instead of covering it.
    const phone = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await signIn(phone.page, 'admin');
    await phone.page.goto('/admin/required-upload');
    const heading = phone.page.getByRole('heading', { name: 'Required Uploads' });
    await heading.waitFor();
    await banner(phone.page).waitFor();
    const [box, head] = [await banner(phone.page).boundingBox(), await heading.boundingBox()];
    expect(box!.y + box!.height).toBeLessThanOrEqual(head!.y);
    expect(box!.width).toBeLessThanOrEqual(390);
    await phone.context.close();

    await page.getByRole('button', { name: `Dismiss notice: ${TITLE}` }).click();
    await banner(page).waitFor({ state: 'detached' });
    // After a reload the shell asks for the banners again; once answered, this one stays away.
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/notice/active'));
    await page.reload();
    await answered;
    await page.getByRole('heading', { name: 'Required Uploads' }).waitFor();
    expect(await banner(page).count()).toBe(0);
  });

  it('an administrator creates a required upload printing the notice', async () => {
    const { page } = admin;
    const name = `Monthly Patch Pack ${stamp}`;
    await page.goto('/admin/required-upload');
    await page.getByRole('link', { name: 'New Required Upload' }).click();
    await page.getByRole('heading', { name: 'New Required Upload' }).waitFor();
    await page.getByLabel(/^Name/).fill(name);
    await page.getByLabel('Report', { exact: true }).selectOption({ label: 'Patch' });
    await page.getByLabel(/^Frequency/).selectOption({ label: 'Monthly' });
    await page.getByLabel(/^Clients/).selectOption({ label: 'RMM - Bill By Device' });
    await page.getByLabel('Notice', { exact: true }).selectOption({ label: TITLE });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/required-upload\/\d+$/);
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    await page.getByRole('heading', { name }).waitFor();
    await page.getByText('Patch', { exact: true }).waitFor();

    // The same name again is refused with its message.
    await page.goto('/admin/required-upload/create');
    await page.getByLabel(/^Name/).fill(name.toUpperCase());
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This name is already used.').first().waitFor();

    await page.goto(`/admin/required-upload?q=${encodeURIComponent(stamp)}`);
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    expect(await row.textContent()).toContain('Monthly');
  });

  it('an administrator sets the virtual-device rule and sees how many devices it marks virtual', async () => {
    const { page } = admin;
    const request = page.request;
    const category = `Hypervisor Guest ${stamp}`;
    await post(request, '/api/admin/device-category/create', { version: 0, name: category, active: true });
    for (const model of [`E2E-VM-${stamp} Standard`, `e2e-vm-${stamp} Large`])
      await post(request, '/api/manage/equipment/create', {
        version: 0,
        name: `E2E ${model}`,
        model,
        virtual: false,
        active: true,
      });

    await page.goto('/admin/rmm-settings');
    await page.getByRole('heading', { name: 'RMM Settings: Virtual Devices' }).waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    const patterns = page.getByRole('textbox', { name: 'Virtual Model Patterns' });
    await patterns.fill('');
    await expect.poll(() => virtualCount(page)).not.toBeNull();
    const before = (await virtualCount(page))!;
    await patterns.fill(`Virtual Machine\n\nE2E-VM-${stamp}*`);
    // Both of today's devices match, whatever the case of their model.
    await expect.poll(() => virtualCount(page)).toBe(before + 2);

    await page.getByRole('combobox', { name: 'Virtual Device Categories' }).fill(category);
    await page.getByRole('option', { name: new RegExp(category) }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    expect(await page.getByText(category).count()).toBeGreaterThan(0);
    await expect.poll(() => virtualCount(page)).toBe(before + 2);

    await page.getByRole('link', { name: 'History' }).click();
    await page.getByTestId('object-class').filter({ hasText: 'RMM Settings' }).waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: `E2E-VM-${stamp}*` })
      .first()
      .waitFor();
  });
});
