// Process entry. The embedded database starts first and the rest of the server loads while it does: PGlite's
// start and the loading of the server's modules overlap (the server is its own chunk, imported afterwards).
import { ConfigError, loadConfig } from './config.js';
import { startEmbeddedDatabase } from './db/embedded.js';
import { fail } from './fail.js';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    return fail(error instanceof ConfigError ? error.message : String(error));
  }
  const embedded = config.databaseUrl ? undefined : startEmbeddedDatabase(config.dataDir);
  // Its failure is reported by serve(), which awaits it; until then it must not count as unhandled.
  embedded?.catch(() => {});
  const { serve } = await import('./serve.js');
  await serve(config, embedded);
}

main().catch((error: unknown) =>
  fail(`SD6 could not start: ${error instanceof Error ? error.stack : String(error)}`),
);
