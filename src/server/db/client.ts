// Opens the database: a real PostgreSQL server (DATABASE_URL) or the embedded PGlite child, both through `pg`.
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type EmbeddedDatabase, startEmbeddedDatabase } from './embedded.js';
import * as schema from './schema/index.js';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle: same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export type Database = {
  kind: 'postgres' | 'embedded';
  pool: pg.Pool;
  db: Db;
  /** Answers when the database does (readiness). */
  ping: () => Promise<boolean>;
  close: () => Promise<void>;
};

// Keep bigint ids and counts as JS numbers (ids stay far below 2^53), timestamps as Date.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export function wrapPool(pool: pg.Pool, kind: Database['kind'], onClose: () => Promise<void>): Database {
  pool.on('error', () => {
    // An idle client lost its connection: the pool drops it and reconnects on demand.
  });
  let closed: Promise<void> | null = null;
  return {
    kind,
    pool,
    db: drizzle(pool, { schema }),
    ping: async () => {
      try {
        await pool.query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => {
      closed ??= pool.end().then(onClose);
      return closed;
    },
  };
}

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  poolSize: number;
  /** The embedded database when the caller has started it already. */
  embedded?: Promise<EmbeddedDatabase>;
}): Promise<Database> {
  if (options.databaseUrl) {
    // JIT compilation pays off for long analytic scans, not for this app's statements: a report that reads 200,000
    // slips spent 1.4 s compiling and 1.5 s running (bench billing). The session never JIT-compiles.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize,
      options: '-c jit=off',
    });
    return wrapPool(pool, 'postgres', async () => {});
  }
  const embedded = await (options.embedded ?? startEmbeddedDatabase(options.dataDir));
  // One connection: PGlite is a single session, and its socket server queues the protocol messages of all
  // connections one by one, pinning one only inside a transaction; concurrent extended-protocol batches can
  // interleave (electric-sql/pglite#1046). Requests queue here instead; PGlite runs one query at a time anyway.
  const pool = new pg.Pool({ connectionString: embedded.url, max: 1 });
  return wrapPool(pool, 'embedded', embedded.stop);
}
