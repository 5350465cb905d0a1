// Bulk writes of the demo data: a block of real ids reserved from a table's own sequence (so rows built in memory can
// refer to each other before they are written), then one INSERT ... SELECT FROM unnest(...) per chunk of rows.
import type pg from 'pg';

export type BulkRow = Record<string, string | number | boolean | Date | Buffer | null>;

/** `n` consecutive ids of `table`'s identity column; the lock keeps the block contiguous. */
export async function reserveIds(db: pg.PoolClient, table: string, n: number): Promise<number[]> {
  if (n === 0) return [];
  await db.query(`LOCK TABLE ${table} IN EXCLUSIVE MODE`);
  const { rows } = await db.query<{ last: number }>(
    `SELECT setval(s, nextval(s) + $2 - 1)::int AS last FROM pg_get_serial_sequence($1, 'id') AS s`,
    [table, n],
  );
  const first = rows[0]!.last - n + 1;
  return Array.from({ length: n }, (_, i) => first + i);
}

const CHUNK = 20_000;

/**
 * Inserts `rows` (the union of their keys as columns, a missing key as NULL); `types` gives each column's SQL type
 * (text when absent). Rows carrying `id` keep it (ids from reserveIds).
 */
export async function insertRows(
  db: pg.PoolClient,
  table: string,
  rows: BulkRow[],
  types: Record<string, string>,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const select = columns.map((name, i) => `$${i + 1}::${types[name] ?? 'text'}[]`);
  for (let from = 0; from < rows.length; from += CHUNK) {
    const chunk = rows.slice(from, from + CHUNK);
    await db.query(
      `INSERT INTO ${table} (${columns.join(', ')}) ${columns.includes('id') ? 'OVERRIDING SYSTEM VALUE' : ''}
       SELECT * FROM unnest(${select.join(', ')})`,
      columns.map((name) => chunk.map((row) => row[name] ?? null)),
    );
  }
}
