// What the benchmarks share: number formats, percentiles, a database of their own, the SQL an endpoint sends, and
// the built server started on a fresh embedded database.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../src/server/db/client.js';

export const ms = (n: number) => n.toFixed(n < 10 ? 2 : 1);
export const count = (n: number) => n.toLocaleString('en-US');
export const seconds = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1);
export const HEADERS = { 'x-requested-with': 'XMLHttpRequest' };

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
};

/** A database of its own: a temporary folder (embedded) or a fresh database on the server at `url`. */
export async function benchDatabase(
  url: string | undefined,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!url) {
    const dir = mkdtempSync(join(tmpdir(), 'sd6-bench-lists-'));
    const database = await openDatabase({ dataDir: dir, poolSize: 10 });
    return { database, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `sd6_bench_${randomBytes(5).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`CREATE DATABASE ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: own.toString(), dataDir: '', poolSize: 10 });
  return { database, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export type Statement = [string, unknown[]];

/** Every statement any connection sends while `run` runs (pool queries and transactions alike). */
export async function capture(run: () => Promise<unknown>): Promise<Statement[]> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const seen: Statement[] = [];
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args as [unknown, unknown];
    if (typeof first === 'string') seen.push([first, Array.isArray(second) ? second : []]);
    else if (first && typeof first === 'object' && 'text' in first) {
      const q = first as { text: string; values?: unknown[] };
      seen.push([q.text, q.values ?? []]);
    }
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    proto.query = original;
  }
  return seen;
}

/**
 * The built app (built first when missing) on a fresh embedded database with one administrator, ready to answer;
 * `stop` ends it and removes the database.
 */
export async function startBuiltServer(
  admin: { email: string; password: string },
  port: number,
): Promise<{ base: string; stop: () => Promise<void> }> {
  if (!existsSync('dist/server/main.js'))
    spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  const dataDir = mkdtempSync(join(tmpdir(), 'sd6-bench-app-'));
  const child: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SD6_ENV: 'dev',
      SD6_DEMO: 'off',
      SD6_ADMIN_EMAIL: admin.email,
      SD6_ADMIN_PASSWORD: admin.password,
    },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  for (;;) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - t0 > 60_000) throw new Error('the server did not get ready in 60 s');
    await new Promise((r) => setTimeout(r, 20));
  }
  const stop = async () => {
    await new Promise((resolve) => {
      child.on('exit', resolve);
      child.kill('SIGTERM');
    });
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { base, stop };
}

/**
 * A bulk load as an import would run it: the tables' secondary indexes (and, with `keys`, their foreign keys) are
 * dropped; the returned function rebuilds them and runs ANALYZE.
 */
export async function dropForLoad(
  db: pg.PoolClient,
  tables: string[],
  options: { keys: boolean },
): Promise<() => Promise<void>> {
  const { rows: indexes } = await db.query<{ name: string; def: string }>(
    `SELECT indexname AS name, indexdef AS def FROM pg_indexes
      WHERE schemaname = 'public' AND tablename = ANY($1)
        AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE contype IN ('p', 'u'))`,
    [tables],
  );
  const { rows: keys } = options.keys
    ? await db.query<{ name: string; table: string; def: string }>(
        `SELECT conname AS name, conrelid::regclass::text AS table, pg_get_constraintdef(oid) AS def
           FROM pg_constraint WHERE contype = 'f' AND conrelid::regclass::text = ANY($1)`,
        [tables],
      )
    : { rows: [] };
  for (const k of keys) await db.query(`ALTER TABLE ${k.table} DROP CONSTRAINT ${k.name}`);
  for (const i of indexes) await db.query(`DROP INDEX ${i.name}`);
  return async () => {
    await db.query(`SET maintenance_work_mem = '256MB'`);
    for (const i of indexes) await db.query(i.def);
    for (const k of keys) await db.query(`ALTER TABLE ${k.table} ADD CONSTRAINT ${k.name} ${k.def}`);
    await db.query('ANALYZE');
  };
}
