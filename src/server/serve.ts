// The server behind the entry (main.ts): database, migrations, first-start seeding, listen, graceful shutdown.
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { type EmbeddedDatabase, EmbeddedStartError } from './db/embedded.js';
import { migrate } from './db/migrate.js';
import { withStartupLock } from './db/startup-lock.js';
import { fail } from './fail.js';
import { DEFAULT_ADMIN_EMAIL, DEMO_ADMIN_EMAIL, firstStart, signInHelp } from './first-start.js';

function clientDir(): string {
  // Built: dist/server/main.js beside dist/client. From source: the repository's dist/client.
  const built = import.meta.url.endsWith('.js');
  return fileURLToPath(new URL(built ? '../client/' : '../../dist/client/', import.meta.url));
}

/** Serves SD6; `embedded` is the embedded database the entry already started (none with DATABASE_URL). */
export async function serve(config: Config, embedded?: Promise<EmbeddedDatabase>): Promise<void> {
  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.dbPoolSize,
      embedded,
    });
  } catch (error) {
    if (error instanceof EmbeddedStartError) return fail(error.message);
    return fail(`Could not connect to the database: ${(error as Error).message}`);
  }
  // Routes are registered while the database migrates (no query runs until the app listens).
  const building = buildApp({ config, database, clientDir: clientDir() });
  building.catch(() => {});
  // What start-up creates, once: with DATABASE_URL other processes may be starting on the same database, so under
  // the start-up lock; the embedded database has one process already (the data folder's lock).
  const prepare = async () => {
    await migrate(database.pool);
    const first = await firstStart(database, {
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
      // The demo seed is loaded only when it is written: no part of the running server.
      demo: config.demo
        ? async (client, adminId) =>
            (await import('../seed/index.js')).demoSeed(config.timeZone)(client, adminId)
        : undefined,
    });
    const app = await building;
    await app.jobs.prepare();
    return { first, app };
  };
  const { first, app } = config.databaseUrl
    ? await withStartupLock(config.databaseUrl, prepare)
    : await prepare();

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // close() stops accepting connections and waits for requests in flight; then the database checkpoints.
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // Jobs queued before a restart (an import the last process did not finish) run again.
  await app.jobs.start();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl ?? `http://${config.host}:${port}`;
  const demoPresent =
    (await database.pool.query('SELECT 1 FROM users WHERE email = $1', [DEMO_ADMIN_EMAIL])).rowCount === 1;
  console.log(
    signInHelp(
      url,
      first ?? (demoPresent ? { adminEmail: '', generatedPassword: null, demo: true } : null),
      config.adminEmail ?? DEFAULT_ADMIN_EMAIL,
    ),
  );
}
