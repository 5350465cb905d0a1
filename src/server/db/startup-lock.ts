// One start-up at a time on a shared PostgreSQL: the steps that create something (migrations and the extensions
// they add, the job queue's schema, the first administrator, the demo data) run in the first process under a
// session advisory lock; the others wait for it, then find the work done and skip it.
import pg from 'pg';

/** The lock's key (migrate.ts keeps its own, 6042026, for callers that migrate outside start-up). */
export const STARTUP_LOCK = 604_2028;

type Say = (line: string) => void;

/**
 * Runs `steps` holding the start-up lock on a connection of its own (not the pool's, which the steps use), and
 * releases it after, also when a step fails. A process that dies holding it releases it with its connection.
 */
export async function withStartupLock<T>(
  databaseUrl: string,
  steps: () => Promise<T>,
  say: Say = (line) => console.log(line),
): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // A connection lost while the steps run (the database restarted) frees the lock early: say so rather than end the
  // process; a step that then collides with another process fails start-up with its own error.
  client.on('error', (error) => say(`The start-up lock's database connection failed: ${error.message}`));
  await client.connect();
  try {
    const { rows } = await client.query<{ got: boolean }>('SELECT pg_try_advisory_lock($1) AS got', [
      STARTUP_LOCK,
    ]);
    if (!rows[0]?.got) {
      say('Another SD6 process is preparing the database; waiting for it to finish.');
      await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
    }
    try {
      return await steps();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => {});
    }
  } finally {
    await client.end().catch(() => {});
  }
}
