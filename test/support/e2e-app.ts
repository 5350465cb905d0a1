// A browser journey's own app: the built client served by the app built from source, on a fresh embedded database
// the journey can also reach directly, so its data comes from the factories (records no screen or route creates
// yet, such as agreements) instead of the shared journey server.
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { buildApp } from '../../src/server/app.js';
import type { Database } from '../../src/server/db/client.js';
import { testConfig } from './api.js';
import { TEST_PASSWORD } from './factories.js';
import { createTemplate, openTestDatabase } from './test-db.js';

export type OwnApp = {
  baseUrl: string;
  db: Database;
  /** Starts the app again on the same port and database, serving the client built into `clientDir` (a new version). */
  restart: (options?: { clientDir?: string }) => Promise<void>;
  stop: () => Promise<void>;
};

/** `clientDir`: the built client to serve (default dist/client). */
export async function startOwnApp(options: { clientDir?: string } = {}): Promise<OwnApp> {
  const template = await createTemplate('pglite');
  const testDb = await openTestDatabase('pglite', template.location);
  const serve = async (clientDir: string, port: number) => {
    const app = await buildApp({ config: testConfig(), database: testDb.database, clientDir, logger: false });
    await app.listen({ port, host: '127.0.0.1' });
    return app;
  };
  let app = await serve(resolve(options.clientDir ?? 'dist/client'), 0);
  const { port } = app.server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    db: testDb.database,
    restart: async (next = {}) => {
      // As a deploy does: open connections (a browser's keep-alive ones, a request in flight) end with the process.
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      // The same origin (port): the browser's service worker and session belong to it.
      app = await serve(resolve(next.clientDir ?? options.clientDir ?? 'dist/client'), port);
    },
    stop: async () => {
      await app.close();
      await testDb.destroy();
      await template.cleanup();
    },
  };
}

/** A new browser context on the own app, signed in as `email` (a factory user), on the first screen after login. */
export async function signInOwn(
  browser: Browser,
  own: OwnApp,
  email: string,
  options: {
    viewport?: { width: number; height: number };
    acceptDownloads?: boolean;
    /** The app's service worker: blocked unless a journey is about the installable app. */
    serviceWorkers?: 'allow' | 'block';
  } = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: own.baseUrl,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    acceptDownloads: options.acceptDownloads ?? true,
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  const page = await context.newPage();
  await signInOnPage(page, email);
  return page;
}

/** Signs in on this page (same browser, same device storage) as `email`, on the first screen after login. */
export async function signInOnPage(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login') && url.pathname !== '/');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}
