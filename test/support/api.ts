// API test harness: a real database of its own per test file, the real app, calls through app.inject.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { type Config, loadConfig } from '../../src/server/config.js';
import type { Database } from '../../src/server/db/client.js';
import type { AreaOptions } from '../../src/server/platform/area.js';
import { openTestDatabase, type TestDatabase, testDbKind } from './test-db.js';

export type Caller = {
  get: (url: string) => Promise<LightMyRequestResponse>;
  post: (url: string, body?: unknown) => Promise<LightMyRequestResponse>;
  put: (url: string, body?: unknown) => Promise<LightMyRequestResponse>;
  delete: (url: string) => Promise<LightMyRequestResponse>;
};

export type ApiHarness = {
  app: FastifyInstance;
  db: Database;
  config: Config;
  testDb: TestDatabase;
  /** Calls as an anonymous browser (the XMLHttpRequest header set). */
  anonymous: Caller;
  /** Signs in through the real login route and returns a caller carrying that session cookie. */
  signIn: (email: string, password: string) => Promise<Caller & { cookie: string }>;
  callerWithCookie: (cookie: string) => Caller;
  /** Restarts app and database on the same data, as a new process would. */
  restart: () => Promise<void>;
  close: () => Promise<void>;
};

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      SD6_ENV: 'dev',
      SD6_DEMO: 'off',
      // The zone the journeys' companyDay() reads too (test/support/company-day.ts).
      SD6_TIMEZONE: process.env.SD6_TIMEZONE || undefined,
      LOG_LEVEL: process.env.SD6_TEST_LOG ? 'error' : 'silent',
      SD6_SECRET_KEY: 'test-secret-key-of-the-api-tests-0123456789',
      SD6_STRICT_RESPONSES: 'on',
      // Webhook receivers in the tests listen on loopback.
      WEBHOOK_ALLOW_PRIVATE: 'on',
    }),
    ...overrides,
  };
}

/** `options`: what the areas would otherwise make themselves (a test's own report source). */
export async function setupApi(
  configOverrides: Partial<Config> = {},
  options: AreaOptions = {},
): Promise<ApiHarness> {
  const testDb = await openTestDatabase(testDbKind(), inject('dbTemplate'));
  const config = testConfig(configOverrides);
  const state = {
    app: await buildApp({
      config,
      database: testDb.database,
      logger: process.env.SD6_TEST_LOG ? undefined : false,
      options,
    }),
  };

  const callerWithCookie = (cookie: string): Caller => {
    const headers = { 'x-requested-with': 'XMLHttpRequest', ...(cookie ? { cookie } : {}) };
    const send = (method: 'POST' | 'PUT', url: string, body: unknown) =>
      state.app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });
    return {
      get: (url) => state.app.inject({ method: 'GET', url, headers }),
      post: (url, body) => send('POST', url, body),
      put: (url, body) => send('PUT', url, body),
      delete: (url) => state.app.inject({ method: 'DELETE', url, headers }),
    };
  };

  const harness: ApiHarness = {
    get app() {
      return state.app;
    },
    get db() {
      return testDb.database;
    },
    config,
    testDb,
    anonymous: callerWithCookie(''),
    callerWithCookie,
    signIn: async (email, password) => {
      const res = await callerWithCookie('').post('/api/auth/login', { email, password });
      if (res.statusCode !== 200)
        throw new Error(`sign-in failed for ${email}: ${res.statusCode} ${res.body}`);
      const set = res.cookies.find((c) => c.name.endsWith('sd6_session'));
      if (!set) throw new Error('no session cookie');
      const cookie = `${set.name}=${set.value}`;
      return { cookie, ...callerWithCookie(cookie) };
    },
    restart: async () => {
      await state.app.close();
      const database = await testDb.reopen();
      state.app = await buildApp({ config, database, logger: false, options });
    },
    close: async () => {
      await state.app.close();
      await testDb.destroy();
    },
  };
  return harness;
}
