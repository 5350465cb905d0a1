// Process entry: config, database, migrations, first-start seeding, listen, graceful shutdown.
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { EmbeddedStartError } from './db/embedded.js';
import { migrate } from './db/migrate.js';
import { bootstrapDatabase, DEFAULT_ADMIN_EMAIL, signInHelp } from './db/seed/index.js';

const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

function clientDir(): string {
  // Built: dist/server/main.js beside dist/client. From source: the repository's dist/client.
  const built = import.meta.url.endsWith('.js');
  return fileURLToPath(new URL(built ? '../client/' : '../../dist/client/', import.meta.url));
}

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    return fail(error instanceof ConfigError ? error.message : String(error));
  }
  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.dbPoolSize,
    });
  } catch (error) {
    if (error instanceof EmbeddedStartError) return fail(error.message);
    return fail(`Could not connect to the database: ${(error as Error).message}`);
  }
  await migrate(database.pool);
  const first = await bootstrapDatabase(database, {
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
    demo: config.demo,
  });
  const app = await buildApp({ config, database, clientDir: clientDir() });

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
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl ?? `http://${config.host}:${port}`;
  const demoPresent =
    (await database.pool.query(`SELECT 1 FROM users WHERE email = 'tech01@sd6.local'`)).rowCount === 1;
  console.log(
    signInHelp(
      url,
      first ?? (demoPresent ? { adminEmail: '', generatedPassword: null, demo: true } : null),
      config.adminEmail ?? DEFAULT_ADMIN_EMAIL,
    ),
  );
}

main().catch((error: unknown) =>
  fail(`SD6 could not start: ${error instanceof Error ? error.stack : String(error)}`),
);
