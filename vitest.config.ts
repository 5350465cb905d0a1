// Test projects: unit (two time zones for date code), client components (jsdom), API on PGlite and
// on PostgreSQL, and browser journeys. scripts/test.mjs picks which run on this machine.
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

const second = 'Pacific/Auckland';
const apiTests = ['src/server/**/*.api.test.ts', 'src/seed/**/*.api.test.ts'];
// About the embedded database or the process itself: run in the PGlite project only.
const embeddedOnly = ['src/server/db/embedded.api.test.ts', 'src/server/main.api.test.ts'];

export default defineConfig({
  // The PWA plugin provides `virtual:pwa-register` (outside a build: a registration that does nothing).
  plugins: [react(), VitePWA({ injectRegister: false, registerType: 'prompt', manifest: false })],
  test: {
    pool: 'forks',
    // Both cores: the default on a two-core machine is one worker, and the API files wait on their databases.
    maxWorkers: 2,
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: apiTests,
          environment: 'node',
          env: { TZ: 'UTC' },
        },
      },
      {
        extends: true,
        test: {
          // Date and time code again in a zone far from UTC, with daylight saving.
          name: 'unit-tz2',
          include: ['src/shared/format/**/*.test.ts', 'src/shared/time/**/*.test.ts'],
          environment: 'node',
          env: { TZ: second },
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          include: ['src/client/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['test/support/jsdom-setup.ts'],
          env: { TZ: 'UTC' },
        },
      },
      {
        extends: true,
        test: {
          name: 'api-pglite',
          // A worker imports the app once for all its files (3-4 s a file otherwise); each file still gets its own
          // database copy, and no API test replaces a module.
          isolate: false,
          include: apiTests,
          environment: 'node',
          env: { TZ: 'UTC', SD6_TEST_DB: 'pglite' },
          globalSetup: ['test/support/api-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api-postgres',
          isolate: false,
          include: apiTests,
          exclude: embeddedOnly,
          environment: 'node',
          env: { TZ: 'UTC', SD6_TEST_DB: 'postgres' },
          globalSetup: ['test/support/api-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.e2e.ts'],
          environment: 'node',
          env: { TZ: 'UTC' },
          globalSetup: ['test/support/e2e-global-setup.ts'],
          fileParallelism: false,
          // One more try for a journey that failed: a real browser on a loaded two-core machine has timing noise
          // no wait can fully rule out; a defect fails both tries.
          retry: 1,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
