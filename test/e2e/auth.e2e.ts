// Journeys: sign in lands on the home page, a failed sign-in, Log Out, an expired session; a page load carries its
// profile (no call for it); a page without it paints with the profile the browser remembers while the server's is on
// its way, and a session ended meanwhile still leads to /login.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_USERS, newPage, openBrowser, signIn } from '../support/e2e';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('sign in and out', () => {
  it('signing in lands on the home page (cases by default)', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'user');
    await page.getByRole('heading', { name: 'Cases & Tasks', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/manage/case');
    expect(await page.title()).toBe('DEV Cases & Tasks - SD6');
    await context.close();
  });

  it('a wrong password shows the sign-in failure and stays on /login', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByLabel('Email').waitFor();
    // The email field has focus on arrival.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    await page.getByLabel('Email').fill(E2E_USERS.user.email);
    await page.getByLabel('Password').fill('not the password at all');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('The email or password is incorrect, or the account is locked.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.title()).toBe('DEV Log In - SD6');
    await context.close();
  });

  it('empty fields are refused before any call', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Enter your email address.').waitFor();
    await page.getByText('Enter your password.').waitFor();
    await context.close();
  });

  it('an unauthenticated visit to a screen goes to /login, which opens that screen after signing in', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/admin/staff');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/admin/staff');
    await page.getByLabel('Email').fill(E2E_USERS.admin.email);
    await page.getByLabel('Password').fill(E2E_USERS.admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/staff');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // Signed in, /login goes home, or to the page it was given.
    await page.goto('/login');
    await page.waitForURL('**/manage/case');
    await page.goto('/login?next=%2Fprofile');
    await page.waitForURL('**/profile');
    await context.close();
  });

  it('Log Out is a plain link that ends the session and returns to /login', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'user');
    await page.getByRole('button', { name: 'Terry Tech' }).click();
    const logOut = page.getByRole('link', { name: 'Log Out' });
    expect(await logOut.getAttribute('href')).toBe('/logout');
    await logOut.click();
    await page.waitForURL('**/login');
    await page.getByLabel('Email').waitFor();
    // The session is over: a screen sends the user back to the login page.
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/login');
    const profile = await page.evaluate(async () => {
      const res = await fetch('/api/user/profile', {
        method: 'POST',
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
      });
      return res.status;
    });
    expect(profile).toBe(401);
    await context.close();
  });

  it('an expired session sends the next call to /login, carrying the page', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    await page.goto('/profile');
    // The profile screen has finished its own calls once Edit shows.
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    // The shell's own calls once the page is idle (timer, notices, menus) are done too: a 401 of one of them would
    // rightly send the user to /login from /profile, before the click this test is about.
    await page.waitForLoadState('networkidle');
    await context.clearCookies();
    // A screen that calls the API: the 401 takes the user to the login page.
    await page.getByRole('button', { name: 'Admin', exact: true }).click();
    await page.getByRole('link', { name: 'Staff' }).click();
    // It carries the page it was going to, so signing in again returns there.
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/admin/staff');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await context.close();
  });

  it('a page load carries its profile: the screen paints without asking for it', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'user');
    await page.getByRole('heading', { name: 'Cases & Tasks', level: 1 }).waitFor();
    const asked: string[] = [];
    const lists: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/user/profile') asked.push(r.method());
      if (url.pathname === '/api/manage/case') lists.push(url.search);
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Cases & Tasks', level: 1 }).waitFor();
    await page.getByRole('button', { name: new RegExp(E2E_USERS.user.firstName) }).waitFor();
    await page.getByTestId('result-count').or(page.getByText('No Results')).first().waitFor();
    expect(asked).toEqual([]);
    // The list's first page, started by the route beside the screen's chunk, is asked for once, not again by the screen.
    expect(lists).toEqual(['?status=OPEN&limit=25']);
    // Signed out elsewhere: the next page load carries none and goes to /login.
    await context.clearCookies();
    await page.reload();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it("a page without it (the service worker's copy) paints with the remembered profile before the answer; a session ended meanwhile then leads to /login", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'user');
    await page.getByRole('heading', { name: 'Cases & Tasks', level: 1 }).waitFor();
    // The page as the service worker keeps it: /index.html never carries a profile.
    await page.route(
      (url) => url.pathname.startsWith('/manage/case'),
      async (route) => {
        if (route.request().resourceType() !== 'document') return route.continue();
        const response = await route.fetch();
        const body = (await response.text()).replace(
          /<script type="application\/json" id="sd6-profile">.*?<\/script>/s,
          '',
        );
        expect(body).not.toContain('sd6-profile');
        await route.fulfill({ response, body });
      },
    );
    // The profile call is held back: the screen must not wait for it.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/user/profile', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Cases & Tasks', level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: new RegExp(E2E_USERS.user.firstName) }).count()).toBe(1);
    // Signed out elsewhere (the session cookie gone) before the server answers: the answer sends the page to /login.
    await context.clearCookies();
    release();
    // Any of the page's calls may be the first to learn the session ended; each sends the page to /login, and one such
    // navigation can replace another: wait for the login screen itself, not for one navigation.
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });
});
