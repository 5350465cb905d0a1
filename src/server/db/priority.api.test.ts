// The priority gate (priority.ts) on a pool of one connection, as the embedded database's: interactive checkouts go
// before bulk ones queued earlier, bulk work still runs while interactive work keeps coming, and a failed statement
// or connection never leaves the gate shut.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../test/support/api.js';
import { asBulk, isBulk, prioritize } from './priority.js';

let api: ApiHarness;
let pool: pg.Pool;
const pools: pg.Pool[] = [];
/** A pool of one connection behind the gate, its connection already made (a first connect can take long). */
async function gated(maxWaitMs: number): Promise<pg.Pool> {
  const { connectionString } = api.db.pool.options as { connectionString: string };
  const gatedPool = new pg.Pool({ connectionString, max: 1 });
  pools.push(gatedPool);
  prioritize(gatedPool, { anticipateMs: 4, maxWaitMs });
  await gatedPool.query('SELECT 1');
  return gatedPool;
}
beforeAll(async () => {
  api = await setupApi();
  pool = await gated(400);
});
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
  await api?.close();
});

describe('the priority gate', () => {
  it('marks what runs in asBulk, and nothing else', async () => {
    expect(isBulk()).toBe(false);
    expect(await asBulk(async () => isBulk())).toBe(true);
    expect(isBulk()).toBe(false);
  });

  it('gives the connection to an interactive statement before bulk ones queued earlier', async () => {
    // Bulk work waits at most maxWaitMs: long here, so a loaded machine's slow statement cannot make it overdue.
    const patient = await gated(60_000);
    const done: string[] = [];
    const holder = asBulk(() => patient.query('SELECT pg_sleep(0.1)'));
    const bulk = asBulk(() => patient.query(`SELECT 'bulk'`)).then(() => done.push('bulk'));
    const bulkTwo = asBulk(() => patient.query(`SELECT 'bulk 2'`)).then(() => done.push('bulk 2'));
    const interactive = patient.query(`SELECT 'interactive'`).then(() => done.push('interactive'));
    await Promise.all([holder, bulk, bulkTwo, interactive]);
    expect(done).toEqual(['interactive', 'bulk', 'bulk 2']);
  });

  it('runs bulk work while interactive work keeps coming (never starved)', async () => {
    let stop = false;
    let interactive = 0;
    const stream = (async () => {
      while (!stop) {
        await pool.query('SELECT pg_sleep(0.005)');
        interactive++;
      }
    })();
    const t0 = performance.now();
    await asBulk(() => pool.query(`SELECT 'bulk'`));
    const waited = performance.now() - t0;
    stop = true;
    await stream;
    expect(interactive).toBeGreaterThan(0);
    expect(waited).toBeLessThan(1000);
  });

  it('a statement that fails, and a transaction, hand the connection on', async () => {
    await expect(pool.query('SELECT 1 / 0')).rejects.toThrow(/division by zero/);
    const client = await asBulk(() => pool.connect());
    await client.query('BEGIN');
    const waiting = pool.query(`SELECT 'after the transaction' AS x`);
    await client.query('COMMIT');
    client.release();
    expect((await waiting).rows[0].x).toBe('after the transaction');
  });

  it('a connection that cannot be made rejects each checkout; the gate stays open', async () => {
    const broken = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none', max: 1 });
    prioritize(broken);
    try {
      await expect(broken.query('SELECT 1')).rejects.toThrow();
      await expect(asBulk(() => broken.query('SELECT 1'))).rejects.toThrow();
      await expect(broken.query('SELECT 1')).rejects.toThrow();
    } finally {
      await broken.end();
    }
  });
});
