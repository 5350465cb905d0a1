// Journeys: menus by role, breadcrumbs and page title, environment badge, error pages, phone layout.
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

async function menuLabels(page: Page): Promise<string[]> {
  return page
    .getByRole('navigation')
    .first()
    .locator('#sd-topnav-menu .navbar-nav')
    .first()
    .locator(':scope > *')
    .allInnerTexts();
}

async function crumbs(page: Page): Promise<string[]> {
  return page.getByRole('navigation', { name: 'breadcrumb' }).getByRole('listitem').allInnerTexts();
}

describe('menus', () => {
  it('an administrator sees the admin menu with Staff; a non-administrator the reduced menu', async () => {
    const admin = await newPage(browser);
    await signIn(admin.page, 'admin');
    await admin.page.getByRole('heading', { name: 'Cases & Tasks', level: 1 }).waitFor();
    // Resources (documentation, API reference, monitoring) is every administrator's too.
    expect(await menuLabels(admin.page)).toEqual(['Manage', 'Report', 'Admin', 'Resources']);
    await admin.page.getByRole('button', { name: 'Admin', exact: true }).click();
    await admin.page.getByText('Internal Settings').waitFor();
    await admin.page.getByRole('link', { name: 'Staff' }).click();
    await admin.page.waitForURL('**/admin/staff');
    await admin.context.close();

    const user = await newPage(browser);
    await signIn(user.page, 'user');
    await user.page.getByRole('heading', { name: 'Cases & Tasks', level: 1 }).waitFor();
    expect(await menuLabels(user.page)).toEqual(['Create Case', 'Manage', 'Resources']);
    expect(await user.page.getByRole('link', { name: 'Create Case' }).getAttribute('href')).toBe(
      '/manage/case/create',
    );
    await user.page.getByRole('button', { name: 'Resources' }).click();
    const webmail = user.page.getByRole('link', { name: 'Outlook Webmail' });
    // A route outside the app is an ordinary link.
    expect(await webmail.getAttribute('href')).toBe('https://outlook.office.com/mail/');
    expect(await user.page.getByRole('link', { name: 'Staff' }).count()).toBe(0);
    await user.context.close();
  });

  it('a primary developer also sees the developer-only items, tagged DEV', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'developer');
    await page.getByRole('heading', { name: 'Cases & Tasks', level: 1 }).waitFor();
    expect(await menuLabels(page)).toEqual(['Manage', 'Report', 'Admin', 'Resources']);
    await page.getByRole('button', { name: 'Resources' }).click();
    const prototype = page.getByRole('link', { name: /Design Prototype/ });
    expect(await prototype.textContent()).toContain('DEV');
    await prototype.click();
    await page.waitForURL('**/resources/ui-kit');
    await page.waitForFunction(() => document.title === 'DEV UI Kit - SD6');
    await context.close();
  });

  it('a non-administrator opening an admin screen sees Access Denied', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'user');
    await page.goto('/admin/staff');
    await page.getByRole('heading', { name: 'Access Denied.' }).waitFor();
    await context.close();
  });
});

describe('breadcrumbs, title and badge', () => {
  it('follow the route', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    await page.getByRole('heading', { name: 'Cases & Tasks', level: 1 }).waitFor();
    expect(await crumbs(page)).toEqual(['Cases & Tasks']);
    expect(await page.title()).toBe('DEV Cases & Tasks - SD6');
    await page.getByRole('button', { name: 'System Administrator' }).click();
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    expect(await crumbs(page)).toEqual(['Profile']);
    expect(await page.getByTestId('env-badge').first().textContent()).toBe('DEV');

    await page.getByRole('link', { name: 'History' }).click();
    await page.getByRole('heading', { name: 'Field History' }).waitFor();
    expect(await crumbs(page)).toEqual(['Profile', 'Field History']);
    expect(await page.title()).toBe('DEV Profile History - SD6');

    await page.goto('/admin/staff');
    await page.getByRole('link', { name: 'System Administrator' }).click();
    await page.waitForURL(/\/admin\/staff\/\d+$/);
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    expect(await crumbs(page)).toEqual(['Staff', 'Staff Member']);
    // No route title: the last breadcrumb names the page.
    expect(await page.title()).toBe('DEV Staff Member - SD6');

    await page.getByRole('link', { name: 'History' }).click();
    await page.waitForURL(/\/history$/);
    // The URL changes a frame before the new screen renders: wait for it.
    await page.getByRole('heading', { name: 'Field History' }).waitFor();
    expect(await crumbs(page)).toEqual(['Staff', 'Staff Member', 'Field History']);
    // Crumbs link back up the chain.
    await page
      .getByRole('navigation', { name: 'breadcrumb' })
      .getByRole('link', { name: 'Staff', exact: true })
      .click();
    await page.waitForURL('**/admin/staff');
    await expect.poll(() => page.title()).toBe('DEV Staff - SD6');
    await context.close();
  });
});

describe('error pages', () => {
  it('an unknown route shows the 404 page', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'user');
    await page.goto('/no/such/screen');
    await page.getByRole('heading', { name: '404: Resource not found.' }).waitFor();
    // Signed in: the page keeps the navigation.
    await page.getByRole('button', { name: 'Terry Tech' }).waitFor();
    await context.close();
  });

  it('/error/:statusCode shows 403, 500, and 404 for unknown codes, also when signed out', async () => {
    const { context, page } = await newPage(browser);
    for (const [code, text] of [
      ['403', 'Access Denied.'],
      ['500', '500: Server Error.'],
      ['404', '404: Resource not found.'],
      ['418', '404: Resource not found.'],
    ]) {
      await page.goto(`/error/${code}`);
      await page.getByRole('heading', { name: text }).waitFor();
    }
    expect(await page.title()).toBe('DEV Error - SD6');
    await context.close();
  });

  it('a staff member that does not exist goes to the 404 page', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    await page.goto('/admin/staff/999999');
    await page.waitForURL('**/error/404');
    await page.getByRole('heading', { name: '404: Resource not found.' }).waitFor();
    await context.close();
  });
});

describe('phone', () => {
  it('collapses the menu behind a toggler', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await signIn(page, 'admin');
    await page.getByRole('heading', { name: 'Cases & Tasks', level: 1 }).waitFor();
    const admin = page.getByRole('button', { name: 'Admin', exact: true });
    expect(await admin.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await admin.click();
    await page.getByRole('link', { name: 'Staff' }).click();
    await page.waitForURL('**/admin/staff');
    await context.close();
  });
});

describe('scrolling', () => {
  it('a hash scrolls to its target; a new page starts at the top', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 390, height: 500 } });
    await signIn(page, 'admin');
    await page.getByRole('heading', { name: 'Cases & Tasks', level: 1 }).waitFor();
    await page.goto('/profile#change-password');
    await page.getByRole('heading', { name: 'Change Password' }).waitFor();
    await page.waitForFunction(() => {
      const top = document.getElementById('change-password')?.getBoundingClientRect().top ?? 9999;
      return window.scrollY > 100 && top >= 0 && top < window.innerHeight / 2;
    });
    await page.getByRole('link', { name: 'History' }).click();
    await page.getByRole('heading', { name: 'Field History' }).waitFor();
    await page.waitForFunction(() => window.scrollY === 0);
    await context.close();
  });
});
