// Several app processes started at the same moment on one empty PostgreSQL database, as an operator scaling out
// would: every one becomes ready, and what start-up creates (schema, job queue, administrator, demo data) exists once.
import { type ChildProcess, spawn } from 'node:child_process';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase, testDbKind } from '../../../test/support/test-db.js';
import { DEFAULT_ADMIN_EMAIL, DEMO_ADMIN_EMAIL } from '../../seed/index.js';
import { withStartupLock } from './startup-lock.js';

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function start(databaseUrl: string): Started {
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      SD6_DEMO: 'on',
      LOG_LEVEL: 'warn',
      SD6_ADMIN_EMAIL: '',
      SD6_ADMIN_PASSWORD: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** The address a process prints once it listens; fails with its output when it exits first. */
async function listening(started: Started, ms: number): Promise<string> {
  const until = Date.now() + ms;
  let exitCode: number | null | undefined;
  void started.exited.then((code) => (exitCode = code));
  for (;;) {
    const url = /SD6 is running at (http:\/\/\S+)/.exec(started.output())?.[1];
    if (url) return url;
    if (exitCode !== undefined) throw new Error(`exited with ${exitCode}:\n${started.output()}`);
    if (Date.now() > until) throw new Error(`not listening after ${ms} ms:\n${started.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const running: Started[] = [];
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const p of running) {
    if (p.child.exitCode === null) p.child.kill('SIGTERM');
    await p.exited;
  }
  for (const drop of drops) await drop();
});

describe.runIf(testDbKind() === 'postgres')('several processes starting on one empty database', () => {
  it('all three become ready, with one administrator and one copy of the demo data', async () => {
    const empty = await createEmptyPostgresDatabase();
    drops.push(empty.drop);
    running.push(start(empty.url), start(empty.url), start(empty.url));

    const urls = await Promise.all(running.map((p) => listening(p, 240_000)));
    for (const url of urls) {
      const ready = await fetch(`${url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready' });
    }
    // One of them printed the first-start password; the others found the administrator there.
    const firsts = running.filter((p) => /First start: sign in as/.test(p.output()));
    expect(firsts).toHaveLength(1);

    const client = new pg.Client({ connectionString: empty.url });
    await client.connect();
    try {
      const { rows } = await client.query<Record<string, number>>(
        `SELECT (SELECT count(*) FROM users WHERE short_code = 'ADMIN')::int AS administrators,
                (SELECT count(*) FROM users WHERE email = $1)::int AS bootstrap_admin,
                (SELECT count(*) FROM users WHERE email = $2)::int AS demo_admin,
                (SELECT count(*) FROM organizations)::int AS organizations,
                (SELECT count(*) FROM outages)::int AS outages,
                (SELECT count(*) FROM schema_migrations)::int AS migrations,
                (SELECT count(DISTINCT tag) FROM schema_migrations)::int AS distinct_migrations,
                (SELECT count(*) FROM pgboss.version)::int AS queue_versions`,
        [DEFAULT_ADMIN_EMAIL, DEMO_ADMIN_EMAIL],
      );
      // The demo data set holds 300 organizations and 40 outages (seed/inventory.api.test.ts).
      expect(rows[0]).toMatchObject({
        administrators: 1,
        bootstrap_admin: 1,
        demo_admin: 1,
        organizations: 300,
        outages: 40,
        queue_versions: 1,
      });
      expect(rows[0]?.migrations).toBe(rows[0]?.distinct_migrations);
    } finally {
      await client.end();
    }
  }, 300_000);
});

describe.runIf(testDbKind() === 'postgres')('the start-up lock', () => {
  it('makes a second start-up wait, saying so, and is released when a step fails', async () => {
    const empty = await createEmptyPostgresDatabase();
    drops.push(empty.drop);
    const order: string[] = [];
    const said: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = withStartupLock(empty.url, async () => {
      order.push('first in');
      await held;
      order.push('first out');
      throw new Error('a step failed');
    });
    while (order.length === 0) await new Promise((r) => setTimeout(r, 20));
    const second = withStartupLock(
      empty.url,
      async () => {
        order.push('second');
        return 'done';
      },
      (line) => said.push(line),
    );
    while (said.length === 0) await new Promise((r) => setTimeout(r, 20));
    expect(said).toEqual(['Another SD6 process is preparing the database; waiting for it to finish.']);
    expect(order).toEqual(['first in']);
    release();
    await expect(first).rejects.toThrow('a step failed');
    expect(await second).toBe('done');
    expect(order).toEqual(['first in', 'first out', 'second']);
  });
});
