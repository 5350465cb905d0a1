// Every write runs in one transaction: the change, its history and its version bump commit together.
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Database, Db } from '../db/client.js';
import * as schema from '../db/schema/index.js';

export type TxContext = { client: pg.PoolClient; db: Db };

export async function withTransaction<T>(
  database: Database,
  work: (tx: TxContext) => Promise<T>,
): Promise<T> {
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work({ client, db: drizzle(client, { schema }) as unknown as Db });
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
