// Opens the database: a real PostgreSQL server (DATABASE_URL) or the embedded PGlite child, both through `pg`.
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type EmbeddedDatabase, startEmbeddedDatabase } from './embedded.js';
import { prioritize } from './priority.js';
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
  // The connection is kept while idle: its prepared statements live in that one session (db/prepared.ts). Checkouts
  // pass a priority gate: interactive calls go before bulk work (reports) between its statements (priority.ts).
  const pool = new pg.Pool({ connectionString: embedded.url, max: 1, idleTimeoutMillis: 0 });
  sessionScopedNames(pool);
  prioritize(pool);
  return wrapPool(pool, 'embedded', embedded.stop);
}

/**
 * Every connection to the embedded database is the same session, so a statement one connection prepared is there
 * when the next asks to prepare it under its name ("already exists"): each connection's names carry its own number.
 */
export function sessionScopedNames(pool: pg.Pool): void {
  let connections = 0;
  pool.on('connect', (client) => {
    const tag = ++connections;
    // The class's query, looked up on each call (a wrapper put on the class later, as the benches' capture, applies).
    const query = (...args: unknown[]) =>
      (Object.getPrototypeOf(client) as { query: (...a: unknown[]) => unknown }).query.apply(client, args);
    const scoped = (config: unknown, ...rest: unknown[]) => {
      const named = config as { name?: string; submit?: unknown } | null;
      if (named && typeof named === 'object' && named.name && typeof named.submit !== 'function')
        return query({ ...named, name: `${named.name}_${tag}` }, ...rest);
      return query(config, ...rest);
    };
    Object.assign(client, { query: scoped });
  });
}
