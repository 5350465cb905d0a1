// The embedded mode: exclusive folder lock, stale-lock recovery after kill -9, clean shutdown with checkpoint.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { LOCK_FILE } from './data-dir-lock.js';
import { EmbeddedStartError, startEmbeddedDatabase } from './embedded.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sd6-embedded-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const query = async (url: string, sql: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
};

describe('embedded database', () => {
  it('refuses a second process on the same folder with a clear message and touches nothing', async () => {
    const dir = tempDir();
    const first = await startEmbeddedDatabase(dir);
    try {
      await query(first.url, 'CREATE TABLE kept (v int); INSERT INTO kept VALUES (42)');
      const second = startEmbeddedDatabase(dir);
      await expect(second).rejects.toBeInstanceOf(EmbeddedStartError);
      await expect(second).rejects.toThrow(/is in use by another SD6 process \(pid \d+/);
      expect(await query(first.url, 'SELECT v FROM kept')).toEqual([{ v: 42 }]);
    } finally {
      await first.stop();
    }
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('keeps data across a clean stop and start (checkpointed on shutdown)', async () => {
    const dir = tempDir();
    const a = await startEmbeddedDatabase(dir);
    await query(a.url, 'CREATE TABLE t (v text); INSERT INTO t VALUES ($$saved$$)'.replaceAll('$$', "'"));
    await a.stop();
    const b = await startEmbeddedDatabase(dir);
    expect(await query(b.url, 'SELECT v FROM t')).toEqual([{ v: 'saved' }]);
    await b.stop();
  });

  it('starts over a stale lock and postmaster.pid left by a killed process', async () => {
    const dir = tempDir();
    const a = await startEmbeddedDatabase(dir);
    await query(a.url, 'CREATE TABLE t (v int); INSERT INTO t VALUES (7)');
    await a.stop();
    // what kill -9 leaves: a lock naming a dead process, and PostgreSQL's pid file
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => dead.on('exit', r));
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: dead.pid, host: hostname(), startedAt: 'earlier' }),
    );
    mkdirSync(join(dir, 'pgdata'), { recursive: true });
    writeFileSync(join(dir, 'pgdata', 'postmaster.pid'), `${dead.pid}\n/tmp/pgdata\n`);
    const b = await startEmbeddedDatabase(dir);
    expect(await query(b.url, 'SELECT v FROM t')).toEqual([{ v: 7 }]);
    await b.stop();
  });

  it('answers many concurrent parameterized queries each with its own statement and values', async () => {
    // Guards the one-connection pool: concurrent extended-protocol batches of several connections can interleave
    // in the socket server (electric-sql/pglite#1046), running one request's statement with another's values.
    const database = await openDatabase({ dataDir: tempDir(), poolSize: 10 });
    try {
      const calls = Array.from({ length: 200 }, (_, i) =>
        i % 2 === 0
          ? database.pool
              .query<{ n: number }>('SELECT $1::int * 2 AS n', [i])
              .then((r) => r.rows[0]!.n === i * 2)
          : database.pool
              .query<{ s: string }>("SELECT 'x' || $1::text || $2::text AS s", [i, 'y'])
              .then((r) => r.rows[0]!.s === `x${i}y`),
      );
      expect((await Promise.all(calls)).every(Boolean)).toBe(true);
    } finally {
      await database.close();
    }
  });
});
