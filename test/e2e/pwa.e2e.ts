// Journey: the installable app (SPEC §1, §4, §8, §9). The service worker installs and controls the page, the manifest
// is linked and valid, and the signed-in shell opens with the network off (a deep link too). A second build served by
// the same app brings "Update Available": Refresh Page loads the new version; Cancel hides the banner for 24 hours
// (fixed clock). The install banner shows once ever. A screen's chunk that fails to load reloads the page once; when
// it keeps failing, the ChunkLoadError page shows and the page does not loop.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../support/e2e';
import { type OwnApp, signInOwn, startOwnApp } from '../support/e2e-app';
import { makeUser } from '../support/factories';

const SECOND_BUILD = 'pwa-journey-second-build';

/** The client built again with another build id: a new version of the app, as a deploy brings. */
function buildSecondClient(outDir: string): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', SD6_BUILD_ID: SECOND_BUILD };
  for (const key of Object.keys(env)) if (key.startsWith('VITEST')) delete env[key];
  return new Promise((resolve, reject) => {
    const child = spawn(
      'npx',
      ['vite', 'build', '--logLevel', 'error', '--outDir', outDir, '--emptyOutDir'],
      {
        env,
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}`)),
    );
  });
}

let own: OwnApp;
let browser: Browser;
let email: string;
let secondDir: string;
beforeAll(async () => {
  secondDir = mkdtempSync(join(tmpdir(), 'sd6-client-2-'));
  const built = buildSecondClient(secondDir);
  own = await startOwnApp();
  browser = await openBrowser();
  email = (await makeUser(own.db.pool, { firstName: 'Petra', lastName: 'Field' })).email;
  await built;
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await own?.stop();
  if (secondDir) rmSync(secondDir, { recursive: true, force: true });
});

const buildOf = (page: Page) => page.locator('meta[name="sd6-build"]').getAttribute('content');

/** The page is controlled by an activated service worker. */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, {
    timeout: 45_000,
  });
}

/** Asks the browser to check for a new service worker now (it also does on page loads). */
async function checkForUpdate(page: Page) {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.update();
  });
}

/** A new worker has installed and waits for the page to let it take over. */
async function updateWaits(page: Page) {
  await page.waitForFunction(
    async () => !!(await navigator.serviceWorker.getRegistration())?.waiting,
    undefined,
    { timeout: 45_000 },
  );
}

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(body: Buffer) {
  return `${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`;
}

// One page goes through these in order (installed, updated, updated again): a retry of one alone proves nothing.
describe('installable app', { retry: 0 }, () => {
  let page: Page;
  let firstBuild: string | null;

  it('installs its service worker, links a valid manifest and opens signed in with the network off', async () => {
    page = await signInOwn(browser, own, email, { serviceWorkers: 'allow' });
    await controlled(page);
    firstBuild = await buildOf(page);
    expect(firstBuild).toMatch(/\S/);

    const manifestUrl = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestUrl).toBe('/manifest.webmanifest');
    const manifest = await (await page.request.get(manifestUrl!)).json();
    expect(manifest).toMatchObject({
      name: 'SD6',
      short_name: 'SD6',
      display: 'standalone',
      start_url: '/',
      scope: '/',
      theme_color: '#1f2a37',
    });
    const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    for (const icon of [...icons, { src: '/apple-touch-icon.png', sizes: '180x180', type: 'image/png' }]) {
      const res = await page.request.get(icon.src);
      expect(res.status(), icon.src).toBe(200);
      expect(res.headers()['content-type']).toBe('image/png');
      expect(pngSize(await res.body())).toBe(icon.sizes);
    }
    expect(await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')).toBe(
      '/apple-touch-icon.png',
    );

    const heading = await page.getByRole('heading', { level: 1 }).first().textContent();
    const badge = await page.getByTestId('env-badge').first().textContent();
    const title = await page.title();

    await page.context().setOffline(true);
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe(heading);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
    expect(await page.getByTestId('env-badge').first().textContent()).toBe(badge);
    expect(await page.title()).toBe(title);

    // A deep link to another screen opens offline too.
    await page.goto('/profile');
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
    await page.context().setOffline(false);
  });

  it('a new version brings "Update Available"; Refresh Page loads it', async () => {
    await own.restart({ clientDir: secondDir });
    await checkForUpdate(page);
    const banner = page.getByTestId('update-banner');
    await banner.getByText('Update Available').waitFor();
    // Still the old version until the user asks.
    expect(await buildOf(page)).toBe(firstBuild);
    await banner.getByRole('button', { name: 'Refresh Page' }).click();
    await expect.poll(() => buildOf(page), { timeout: 30_000 }).toBe(SECOND_BUILD);
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    expect(await banner.count()).toBe(0);
    expect(
      await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting),
    ).toBe(false);
  });

  it('Cancel hides the banner for 24 hours, across page loads', async () => {
    const dismissedAt = Date.UTC(2026, 10, 24, 9, 0);
    await page.clock.setFixedTime(dismissedAt);
    // The first version again, as a new deploy.
    await own.restart();
    await checkForUpdate(page);
    const banner = page.getByTestId('update-banner');
    await banner.getByText('Update Available').waitFor();
    await banner.getByRole('button', { name: 'Cancel' }).click();
    await banner.waitFor({ state: 'detached' });

    // 23 h 59 later: the new version still waits, the banner stays away.
    await page.clock.setFixedTime(dismissedAt + (23 * 60 + 59) * 60_000);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    await updateWaits(page);
    expect(await banner.count()).toBe(0);

    // 24 h 01 later: it shows again.
    await page.clock.setFixedTime(dismissedAt + (24 * 60 + 1) * 60_000);
    await page.reload();
    await banner.getByText('Update Available').waitFor();
    await page.context().close();
  });
});

/** A synthetic beforeinstallprompt as Chromium sends it; resolves whether the app took it (held back the browser's). */
function offerInstall(page: Page) {
  return page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    const w = window as unknown as { installPrompted: number };
    w.installPrompted = 0;
    Object.assign(event, {
      prompt: async () => {
        w.installPrompted += 1;
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
}

describe('install banner', () => {
  it('shows once when the browser offers install; Cancel hides it and it never shows again', async () => {
    const page = await signInOwn(browser, own, email);
    const banner = page.getByTestId('install-banner');
    expect(await offerInstall(page)).toBe(true);
    await banner.getByText('Install SD6').waitFor();
    await banner.getByRole('button', { name: 'Cancel' }).click();
    await banner.waitFor({ state: 'detached' });

    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // The app no longer takes the offer: the browser keeps its own.
    expect(await offerInstall(page)).toBe(false);
    expect(await banner.count()).toBe(0);
    await page.context().close();
  });

  it('Install opens the browser prompt and hides the banner', async () => {
    const page = await signInOwn(browser, own, email);
    const banner = page.getByTestId('install-banner');
    expect(await offerInstall(page)).toBe(true);
    await banner.getByRole('button', { name: 'Install' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(
      await page.evaluate(() => (window as unknown as { installPrompted: number }).installPrompted),
    ).toBe(1);
    await page.context().close();
  });
});

describe('chunk load failure', () => {
  const PROFILE_CHUNK = /\/build\/profile-page-[^/]+\.js$/;

  /** Counts the page's document loads (the first one and every reload). */
  function countLoads(page: Page) {
    const loads = { count: 0 };
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads.count += 1;
    });
    return loads;
  }

  /** Fails the requests for the profile screen's chunk that `fails` names (by number, from 1); counts the failures. */
  async function failChunk(page: Page, fails: (request: number) => boolean) {
    const failures = { count: 0 };
    let requests = 0;
    await page.route(PROFILE_CHUNK, (route) => {
      requests += 1;
      if (fails(requests)) {
        failures.count += 1;
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    return failures;
  }

  // Whether the screen's own load is a request of its own or shares the page's low-priority announcement of the chunk
  // still in flight is the browser's timing: the table holds what holds either way.
  it.each([
    // The first request fails (the announcement, or the one the screen shared with it): the screen fetches the chunk
    // again, or the page reloads once; it never shows the error.
    { what: 'a chunk whose first request fails', first: true, loads: [1, 2] },
    // Every request fails until the page has reloaded: the page reloads by itself, once, and then loads it.
    {
      what: 'a chunk that cannot load until the page reloads: the page reloads by itself',
      first: false,
      loads: [2],
    },
  ])('$what, and the screen shows', async ({ first, loads: expected }) => {
    const page = await signInOwn(browser, own, email);
    const loads = countLoads(page);
    const failures = await failChunk(page, (request) => (first ? request === 1 : loads.count < 2));
    await page.goto('/profile');
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    expect(failures.count).toBeGreaterThanOrEqual(1);
    if (first) expect(failures.count).toBe(1);
    expect(expected).toContain(loads.count);
    await page.context().close();
  });

  it('a chunk that keeps failing: the ChunkLoadError page with a Reload button, and no reload loop', async () => {
    const page = await signInOwn(browser, own, email);
    await page.route(PROFILE_CHUNK, (route) => route.abort('connectionreset'));
    const loads = countLoads(page);
    await page.goto('/profile');
    await page.getByRole('heading', { name: /^Loading chunk profile failed/ }).waitFor();
    await page.getByRole('button', { name: 'Reload' }).waitFor();
    expect(loads.count).toBe(2);
    await page.context().close();
  });
});
