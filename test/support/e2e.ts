// Browser-journey helpers: Debian's Chromium through playwright-core, sign-in through the real login page.
import { readFile } from 'node:fs/promises';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.mjs';
import { E2E_USERS, type E2EUser } from './e2e-users.js';

export { E2E_USERS, type E2EUser };
export const baseUrl: string = inject('e2eBaseUrl');

export async function openBrowser(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found (install the chromium package)');
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}

export type PageOptions = {
  viewport?: { width: number; height: number };
  /**
   * The app's service worker: blocked by default, so a journey does not download the whole precache in the
   * background; 'allow' for the installable-app journeys.
   */
  serviceWorkers?: 'allow' | 'block';
};

/** A new, signed-out browser context and page pointed at the app. */
export async function newPage(
  browser: Browser,
  options: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  const page = await context.newPage();
  return { context, page };
}

/** Signs in through the login page as one of the known users and waits to leave /login. */
export async function signIn(page: Page, who: E2EUser = 'admin'): Promise<void> {
  const user = E2E_USERS[who];
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  // The index route then forwards to the home page: wait until it has, so the next goto interrupts nothing.
  await page.waitForURL((url) => !url.pathname.startsWith('/login') && url.pathname !== '/');
  // Its screen has rendered: a goto right after sign-in then interrupts no redirect still in flight.
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

/**
 * The Content Security Policy violations the page reports from now on (each as "directive blockedURI source"), across
 * its navigations: a caught eval probe or a blocked script counts, as Lighthouse's best-practices audit counts it.
 */
export async function watchPolicyViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__sd6PolicyViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __sd6PolicyViolation: (text: string) => void })
        .__sd6PolicyViolation;
      report(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return violations;
}

/** Clicks `target` and answers the file the browser downloaded: its suggested name and its bytes. */
export async function download(page: Page, target: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), target.click()]);
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}
