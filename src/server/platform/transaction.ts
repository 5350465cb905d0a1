// Every write runs in one transaction: the change, its history and its version bump commit together.
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Database, Db } from '../db/client.js';
import * as schema from '../db/schema/index.js';

export type TxContext = { client: pg.PoolClient; db: Db };

// Work to do once the transaction commits (wake the webhook sender): kept per client while withTransaction holds it.
const commitHooks = new WeakMap<object, (() => void)[]>();

/**
 * Runs `hook` after the transaction on `client` commits (never when it rolls back). Outside withTransaction the
 * statement has already committed: the hook runs on the next turn of the event loop.
 */
export function afterCommit(client: object, hook: () => void): void {
  const hooks = commitHooks.get(client);
  if (hooks) hooks.push(hook);
  else setImmediate(hook);
}

export async function withTransaction<T>(
  database: Database,
  work: (tx: TxContext) => Promise<T>,
): Promise<T> {
  const client = await database.pool.connect();
  const hooks: (() => void)[] = [];
  commitHooks.set(client, hooks);
  try {
    await client.query('BEGIN');
    const result = await work({ client, db: drizzle(client, { schema }) as unknown as Db });
    await client.query('COMMIT');
    commitHooks.delete(client);
    for (const hook of hooks) hook();
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    commitHooks.delete(client);
    client.release();
  }
}
