// The jobs screen's API (developers only) over pg-boss, and the queue itself: jobs listed newest first with filters
// and keyset pages, failed jobs' errors, Retry and Cancel, a job queued before a restart runs after it, a job runs
// once with two app processes on one database, a job starts when sent (not at the next poll), and the hourly session
// clean-up's effect.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import { makeAdmin, makeUser, TEST_PASSWORD } from '../../../../test/support/factories.js';
import { buildApp } from '../../../server/app.js';
import { type Database, openDatabase } from '../../../server/db/client.js';
import { createJobs } from '../../../server/platform/jobs.js';
import { withTransaction } from '../../../server/platform/transaction.js';
import { CLEANUP_JOB } from '../../platform/session-cleanup.js';

const API = '/api/admin/jobs';
let api: ApiHarness;
let dev: Awaited<ReturnType<typeof api.signIn>>;
let admin: Awaited<ReturnType<typeof api.signIn>>;
let tech: Awaited<ReturnType<typeof api.signIn>>;
const ran: string[] = [];

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const end = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const stateOf = (queue: string, id: string) => () => api.app.jobs.state(queue, id);

beforeAll(async () => {
  api = await setupApi();
  // Queues of this test only; registered before anything starts the queue.
  api.app.jobs.register('test.fail', async () => {
    throw new Error('The printer is on fire');
  });
  api.app.jobs.register<{ n: number }>('test.ok', async (data) => {
    ran.push(`ok:${data.n}`);
    return { rows: data.n };
  });
  dev = await api.signIn(
    (await makeUser(api.db.pool, { roles: ['ROLE_USER', 'ROLE_PRIMARY_DEVELOPER'] })).email,
    TEST_PASSWORD,
  );
  admin = await api.signIn((await makeAdmin(api.db.pool)).email, TEST_PASSWORD);
  tech = await api.signIn((await makeUser(api.db.pool)).email, TEST_PASSWORD);
}, 60_000);
afterAll(() => api?.close());

describe('authorization', () => {
  it('refuses administrators and technicians who are not developers, before anything is read', async () => {
    const id = '00000000-0000-0000-0000-000000000000';
    for (const caller of [admin, tech]) {
      for (const res of [
        await caller.get(`${API}?state=nonsense`),
        await caller.post(`${API}/test.ok/${id}/retry`),
        await caller.post(`${API}/test.ok/not-a-uuid/cancel`),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('Access Denied.');
      }
    }
    expect((await api.anonymous.get(API)).statusCode).toBe(401);
  });
});

describe('the list', () => {
  it('lists jobs newest first with state, attempts, output and error; filters; keyset pages', async () => {
    const ids: string[] = [];
    for (const n of [1, 2, 3]) ids.push(await api.app.jobs.send('test.ok', { n }));
    for (const id of ids) await until(stateOf('test.ok', id), (s) => s === 'completed', 'test.ok');
    const failed = await api.app.jobs.send('test.fail', {}, { retryLimit: 0 });
    await until(stateOf('test.fail', failed), (s) => s === 'failed', 'the failure');

    const all = (await dev.get(API)).json();
    expect(all.items.map((j: { id: string }) => j.id).slice(0, 4)).toEqual([
      failed,
      ...ids.slice().reverse(),
    ]);
    expect(all.items[0]).toMatchObject({
      queue: 'test.fail',
      state: 'failed',
      stateLabel: 'Failed',
      retryCount: 0,
      retryLimit: 0,
      error: 'The printer is on fire',
      canRetry: true,
      canCancel: false,
    });
    expect(all.items[1]).toMatchObject({
      queue: 'test.ok',
      state: 'completed',
      result: 'Rows: 3',
      error: null,
    });
    expect(all.items[1].started).not.toBeNull();
    expect(all.queues).toEqual(
      expect.arrayContaining([
        { value: 'test.ok', label: 'test.ok' },
        { value: CLEANUP_JOB, label: 'Session Clean-Up' },
      ]),
    );

    const byQueue = (await dev.get(`${API}?queue=test.ok&limit=2`)).json();
    expect(byQueue.items.map((j: { id: string }) => j.id)).toEqual([ids[2], ids[1]]);
    const page2 = (await dev.get(`${API}?queue=test.ok&limit=2&after=${byQueue.next}`)).json();
    expect(page2.items.map((j: { id: string }) => j.id)).toEqual([ids[0]]);
    expect(page2.next).toBeNull();
    const failures = (await dev.get(`${API}?state=failed`)).json();
    expect(failures.items.map((j: { id: string }) => j.id)).toEqual([failed]);
  });

  it.each([
    ['?state=broken', 'state', 'Choose a state from the list.'],
    ['?queue=a%20b', 'queue', 'Choose a queue from the list.'],
    ['?after=garbage', 'after', 'This page link is no longer valid. Reload the list.'],
  ])('refuses %s with a field message', async (query, field, message) => {
    const res = await dev.get(`${API}${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().form.fields[field]).toEqual([message]);
  });
});

describe('retry and cancel', () => {
  it('retries a failed job through pg-boss: it runs again and counts the attempt', async () => {
    const id = await api.app.jobs.send('test.fail', {}, { retryLimit: 0 });
    await until(stateOf('test.fail', id), (s) => s === 'failed', 'the failure');
    const res = await dev.post(`${API}/test.fail/${id}/retry`);
    expect(res.statusCode).toBe(200);
    expect(['retry', 'active', 'failed']).toContain(res.json().job.state);
    const job = await until(
      () => api.app.jobs.get('test.fail', id),
      (j) => j?.state === 'failed' && j.retryCount === 1,
      'the second failure',
    );
    expect(job?.retryLimit).toBe(1);
  });

  it('cancels a queued job, refuses cancelling it twice, and retries (resumes) a cancelled one', async () => {
    // No process works this queue: the job waits.
    const id = await api.app.jobs.send('test.waiting', { n: 1 });
    expect(await api.app.jobs.state('test.waiting', id)).toBe('created');
    const early = await dev.post(`${API}/test.waiting/${id}/retry`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Only a failed or cancelled job can be retried. Reload the list.');

    const cancelled = await dev.post(`${API}/test.waiting/${id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().job).toMatchObject({ state: 'cancelled', canRetry: true, canCancel: false });
    const again = await dev.post(`${API}/test.waiting/${id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This job has already finished. Reload the list.');
    expect(again.json().current.state).toBe('cancelled');

    const resumed = await dev.post(`${API}/test.waiting/${id}/retry`);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().job.state).toBe('created');
    expect(
      (await dev.post(`${API}/test.waiting/00000000-0000-4000-8000-000000000000/cancel`)).statusCode,
    ).toBe(404);
  });
});

describe('starting at once', () => {
  it('a job sent by the process that works its queue starts then, not at the next poll; sent in a transaction, once it commits', async () => {
    // A queue polled every 60 s: only the wake can start its jobs within the test's time.
    const jobs = createJobs(api.db, { error: () => undefined }, { pollSeconds: 60 });
    const started: number[] = [];
    jobs.register<{ n: number }>('test.wake', async (data) => {
      started.push(data.n);
    });
    await jobs.start();
    try {
      const first = await jobs.send('test.wake', { n: 1 });
      await until(
        () => jobs.state('test.wake', first),
        (s) => s === 'completed',
        'the woken job',
      );
      let inside = '';
      const second = await withTransaction(api.db, async ({ client }) => {
        const id = await jobs.send('test.wake', { n: 2 }, { db: client });
        // Not before the commit: the worker cannot see it yet, and is not woken to look for it.
        await new Promise((r) => setTimeout(r, 300));
        inside = started.join();
        return id;
      });
      expect(inside).toBe('1');
      await until(
        () => jobs.state('test.wake', second),
        (s) => s === 'completed',
        'the job sent in a transaction',
      );
      expect(started).toEqual([1, 2]);
    } finally {
      await jobs.stop();
    }
  });
});

describe('the session clean-up', () => {
  it('deletes expired and idle sessions, old used or expired reset links, expired SSO requests, old rate windows', async () => {
    const pool = api.db.pool;
    const user = await makeUser(pool);
    const idle = api.config.sessionIdleMinutes;
    await pool.query(
      `INSERT INTO sessions (token_hash, user_id, expires_at, last_seen_at) VALUES
         ('keep-live', $1, now() + interval '1 hour', now()),
         ('gone-expired', $1, now() - interval '1 minute', now()),
         ('gone-idle', $1, now() + interval '1 hour', now() - make_interval(mins => $2 + 1))`,
      [user.id, idle],
    );
    await pool.query(
      `INSERT INTO password_resets (user_id, token_hash, created_at, expires_at, used_at) VALUES
         ($1, 'keep-fresh', now(), now() + interval '30 minutes', NULL),
         ($1, 'keep-recent-used', now() - interval '2 hours', now() - interval '90 minutes', now() - interval '2 hours'),
         ($1, 'gone-old-used', now() - interval '2 days', now() - interval '2 days', now() - interval '2 days'),
         ($1, 'gone-old-expired', now() - interval '3 days', now() - interval '3 days', NULL)`,
      [user.id],
    );
    await pool.query(
      `INSERT INTO sso_requests (state_hash, code_verifier, nonce, expires_at) VALUES
         ('keep', 'v', 'n', now() + interval '5 minutes'), ('gone', 'v', 'n', now() - interval '1 second')`,
    );
    await pool.query(
      `INSERT INTO rate_limits (key, window_start, count) VALUES
         ('keep', now() - interval '1 hour', 1), ('gone', now() - interval '25 hours', 9)`,
    );
    const id = await api.app.jobs.send(CLEANUP_JOB, {});
    await until(stateOf(CLEANUP_JOB, id), (s) => s === 'completed', 'the clean-up');
    const left = async (sql: string) => (await pool.query<{ k: string }>(sql)).rows.map((r) => r.k).sort();
    expect(
      await left(
        `SELECT token_hash AS k FROM sessions WHERE token_hash LIKE 'keep%' OR token_hash LIKE 'gone%'`,
      ),
    ).toEqual(['keep-live']);
    expect(await left('SELECT token_hash AS k FROM password_resets')).toEqual([
      'keep-fresh',
      'keep-recent-used',
    ]);
    expect(await left('SELECT state_hash AS k FROM sso_requests')).toEqual(['keep']);
    expect(await left('SELECT key AS k FROM rate_limits')).toEqual(['keep']);
    const listed = (await dev.get(`${API}?queue=${CLEANUP_JOB}`)).json().items[0];
    expect(listed).toMatchObject({ id, queueLabel: 'Session Clean-Up', state: 'completed' });
    // The clean-up's counts, in the order PostgreSQL keeps a jsonb's keys.
    expect(listed.result?.split(', ').sort()).toEqual([
      'Idempotent Requests: 0',
      'Password Resets: 2',
      'Rate Limits: 1',
      'SSO Requests: 1',
      'Sessions: 2',
    ]);
  });

  it('is kept as an hourly pg-boss schedule', async () => {
    const { rows } = await api.db.pool.query('SELECT name, cron FROM pgboss.schedule WHERE name = $1', [
      CLEANUP_JOB,
    ]);
    expect(rows).toEqual([{ name: CLEANUP_JOB, cron: '0 * * * *' }]);
  });
});

describe('two processes and a restart', () => {
  it('runs each job once with two app processes on one database', async () => {
    const seen: string[] = [];
    // A second process: its own pool on PostgreSQL; the embedded database has one connection to share.
    const database: Database =
      api.testDb.kind === 'postgres'
        ? await openDatabase({ databaseUrl: api.testDb.location, dataDir: '', poolSize: 2 })
        : api.db;
    const second: FastifyInstance = await buildApp({ config: api.config, database, logger: false });
    second.jobs.register<{ n: number }>('test.once', async (data) => {
      seen.push(`second:${data.n}`);
    });
    const first = api.app;
    // The first app's queue already runs: a third "process" on the harness's database does its share.
    const third = await buildApp({ config: api.config, database: api.db, logger: false });
    third.jobs.register<{ n: number }>('test.once', async (data) => {
      seen.push(`third:${data.n}`);
    });
    try {
      await Promise.all([second.jobs.start(), third.jobs.start()]);
      const ids = await Promise.all(
        Array.from({ length: 12 }, (_, n) => first.jobs.send('test.once', { n })),
      );
      for (const id of ids)
        await until(
          () => first.jobs.state('test.once', id),
          (s) => s === 'completed',
          'test.once',
        );
      const runs = seen.map((s) => Number(s.split(':')[1])).sort((a, b) => a - b);
      expect(runs).toEqual(Array.from({ length: 12 }, (_, n) => n));
    } finally {
      await second.close();
      await third.close();
      if (database !== api.db) await database.close();
    }
  });

  it('two processes starting at once with the same new queues both start (no deadlock ends one)', async () => {
    // On the embedded database one connection serialises everything; the race needs two pools on PostgreSQL.
    if (api.testDb.kind !== 'postgres') return;
    const pools = await Promise.all(
      [1, 2].map(() => openDatabase({ databaseUrl: api.testDb.location, dataDir: '', poolSize: 2 })),
    );
    const quiet = { error: () => {} } as unknown as Parameters<typeof createJobs>[1];
    const both = pools.map((database) => createJobs(database, quiet));
    try {
      for (const jobs of both)
        for (let n = 0; n < 8; n++) jobs.register(`test.race.${n}`, async () => undefined);
      await Promise.all(both.map((jobs) => jobs.start()));
      const { rows } = await api.db.pool.query(
        "SELECT count(*)::int AS n FROM pgboss.queue WHERE name LIKE 'test.race.%'",
      );
      expect(rows[0].n).toBe(8);
    } finally {
      for (const jobs of both) await jobs.stop();
      for (const database of pools) await database.close();
    }
  });

  it('runs a job queued before a restart once the app is back', async () => {
    // Nothing works this queue before the restart: the job waits in the database.
    const id = await api.app.jobs.send('test.later', { n: 42 });
    expect(await api.app.jobs.state('test.later', id)).toBe('created');
    await api.restart();
    const after: number[] = [];
    api.app.jobs.register<{ n: number }>('test.later', async (data) => {
      after.push(data.n);
    });
    await api.app.jobs.start();
    await until(stateOf('test.later', id), (s) => s === 'completed', 'the job after the restart');
    expect(after).toEqual([42]);
  });
});
