// A browser journey's own app: the built client served by the app built from source, on a fresh embedded database
// the journey can also reach directly, so its data comes from the factories (records no screen or route creates
// yet, such as agreements) instead of the shared journey server.
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { buildApp } from '../../src/server/app.js';
import type { Database } from '../../src/server/db/client.js';
import { testConfig } from './api.js';
import { createTemplate, openTestDatabase } from './test-db.js';

export type OwnApp = { baseUrl: string; db: Database; stop: () => Promise<void> };

export async function startOwnApp(): Promise<OwnApp> {
  const template = await createTemplate('pglite');
  const testDb = await openTestDatabase('pglite', template.location);
  const app = await buildApp({
    config: testConfig(),
    database: testDb.database,
    clientDir: resolve('dist/client'),
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    db: testDb.database,
    stop: async () => {
      await app.close();
      await testDb.destroy();
      await template.cleanup();
    },
  };
}
