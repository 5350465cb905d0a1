// An import whose process died while applying it (a run left RUNNING with a stale heartbeat, as a killed process
// leaves it: its transaction rolled back, so nothing of it was written) is queued again by the job queue's sweep and
// applied, or, stopped a second time, failed with its reason; an administrator cancels a run; abandoned previews
// leave the recent list and are deleted with their file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import { makeAdmin, makeOrganization, makeUser, TEST_PASSWORD } from '../../../../test/support/factories.js';
import {
  NINJA_HEADER,
  ninjaLine,
  uploadExport,
  waitForRun,
} from '../../../../test/support/import-factories.js';
import {
  IMPORT_NOT_CANCELLABLE,
  IMPORT_NOT_PREVIEW,
  type ImportRun,
} from '../../../shared/schemas/file-import.js';
import { IMPORT_SWEEP_JOB } from './file-import.routes.js';
import { IMPORT_INTERRUPTED, IMPORT_JOB, MAX_ATTEMPTS } from './run.service.js';

type Caller = Awaited<ReturnType<ApiHarness['signIn']>>;
let api: ApiHarness;
let admin: Caller;
const BASE = '/api/admin/file-import';

beforeAll(async () => {
  api = await setupApi();
  const a = await makeAdmin(api.db.pool, { firstName: 'Ada', lastName: 'Admin' });
  admin = await api.signIn(a.email, TEST_PASSWORD);
});
afterAll(async () => {
  await api?.close();
});

const csv = (...lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`);

/** A previewed NinjaOne export of `rows` devices for a new organization. */
async function previewed(name: string, rows = 3) {
  const org = await makeOrganization(api.db.pool, { name });
  const lines = Array.from({ length: rows }, (_, i) =>
    ninjaLine(name, i + 1, name.slice(0, 4).toUpperCase()),
  );
  const res = await uploadExport(api.app, admin.cookie, { name: 'n.csv', data: csv(NINJA_HEADER, ...lines) });
  expect(res.statusCode, res.body).toBe(200);
  return { org, run: res.json().run as ImportRun };
}

/** What a killed process leaves: the run RUNNING, started `attempts` times, its heartbeat ten minutes old. */
const leaveRunning = (runId: number, attempts: number) =>
  api.db.pool.query(
    `UPDATE import_runs SET status = 'RUNNING', attempts = $2, started_at = now() - interval '10 minutes',
                            heartbeat_at = now() - interval '10 minutes'
      WHERE id = $1`,
    [runId, attempts],
  );

const deviceCount = async (organizationId: number) =>
  Number(
    (await api.db.pool.query('SELECT count(*) FROM equipment WHERE organization_id = $1', [organizationId]))
      .rows[0].count,
  );

/** Waits for a job to complete. */
async function completed(queue: string, id: string) {
  const until = Date.now() + 60_000;
  for (;;) {
    const state = await api.app.jobs.state(queue, id);
    if (state === 'completed') return;
    if (state === 'failed' || Date.now() > until) throw new Error(`${queue} ${state}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Runs the sweep through the job queue, as its schedule does every minute, and waits for it. */
const sweep = async () => completed(IMPORT_SWEEP_JOB, await api.app.jobs.send(IMPORT_SWEEP_JOB, {}));

describe('an import whose process died while applying it', () => {
  it('is queued again by the sweep and applied, once', async () => {
    const { org, run } = await previewed('Crash Once Co');
    await leaveRunning(run.id, 1);
    expect((await admin.get(`${BASE}/${run.id}`)).json().run.status).toBe('RUNNING');
    await sweep();
    const done = await waitForRun(admin, run.id);
    expect(done.status).toBe('DONE');
    expect(done.counts.create).toBe(3);
    expect(await deviceCount(org.id)).toBe(3);
    const { rows } = await api.db.pool.query('SELECT attempts, job_id FROM import_runs WHERE id = $1', [
      run.id,
    ]);
    expect(rows[0].attempts).toBe(2);
    expect(rows[0].job_id).toBeTruthy();
  });

  it('is failed with its reason when it stopped on its last attempt, and nothing is applied', async () => {
    const { org, run } = await previewed('Crash Twice Co');
    await leaveRunning(run.id, MAX_ATTEMPTS);
    await sweep();
    const failed = (await admin.get(`${BASE}/${run.id}`)).json().run as ImportRun;
    expect(failed.status).toBe('FAILED');
    expect(failed.error).toBe(IMPORT_INTERRUPTED);
    expect(failed.finishedAt).not.toBeNull();
    expect(await deviceCount(org.id)).toBe(0);
  });

  it('on PostgreSQL, a run whose process still beats is left alone', async () => {
    if (api.db.kind !== 'postgres') return;
    const { run } = await previewed('Alive Co');
    await leaveRunning(run.id, 1);
    await api.db.pool.query('UPDATE import_runs SET heartbeat_at = now() WHERE id = $1', [run.id]);
    await sweep();
    expect((await admin.get(`${BASE}/${run.id}`)).json().run.status).toBe('RUNNING');
    await api.db.pool.query(`UPDATE import_runs SET status = 'FAILED' WHERE id = $1`, [run.id]);
  });
});

describe('a run queued without a job', () => {
  it('(its process stopped between queueing it and sending its job) gets a job from the sweep', async () => {
    const { org, run } = await previewed('Lost Job Co');
    await api.db.pool.query(
      `UPDATE import_runs SET status = 'QUEUED', job_id = NULL, heartbeat_at = now() - interval '10 minutes'
        WHERE id = $1`,
      [run.id],
    );
    await sweep();
    expect((await waitForRun(admin, run.id)).status).toBe('DONE');
    expect(await deviceCount(org.id)).toBe(3);
  });
});

describe('cancelling a run', () => {
  it('administrators only', async () => {
    const { run } = await previewed('Cancel Rights Co');
    const u = await makeUser(api.db.pool);
    const tech = await api.signIn(u.email, TEST_PASSWORD);
    expect((await tech.post(`${BASE}/${run.id}/cancel`)).statusCode).toBe(403);
    expect((await api.anonymous.post(`${BASE}/${run.id}/cancel`)).statusCode).toBe(401);
    expect((await admin.post(`${BASE}/99999999/cancel`)).statusCode).toBe(404);
  });

  it('a queued run: cancelled with who did it, its job does nothing, and it cannot be confirmed again', async () => {
    const { org, run } = await previewed('Cancel Queued Co');
    await api.db.pool.query(`UPDATE import_runs SET status = 'QUEUED' WHERE id = $1`, [run.id]);
    const res = await admin.post(`${BASE}/${run.id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().run).toMatchObject({
      status: 'CANCELLED',
      error: 'Cancelled by Ada Admin. Nothing was changed.',
    });
    // A job that still names it (sent before the cancel) finds nothing to do.
    await completed(IMPORT_JOB, await api.app.jobs.send(IMPORT_JOB, { runId: run.id }, { retryLimit: 0 }));
    expect((await admin.get(`${BASE}/${run.id}`)).json().run.status).toBe('CANCELLED');
    expect(await deviceCount(org.id)).toBe(0);
    expect((await admin.post(`${BASE}/${run.id}/confirm`)).json().message).toBe(IMPORT_NOT_PREVIEW);
  });

  it('a run left running by a dead process, and refuses a finished one', async () => {
    const { run } = await previewed('Cancel Stuck Co');
    await leaveRunning(run.id, 1);
    expect((await admin.post(`${BASE}/${run.id}/cancel`)).json().run.status).toBe('CANCELLED');
    // The sweep leaves a cancelled run cancelled.
    await sweep();
    expect((await admin.get(`${BASE}/${run.id}`)).json().run.status).toBe('CANCELLED');
    const again = await admin.post(`${BASE}/${run.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(IMPORT_NOT_CANCELLABLE);
  });
});

describe('abandoned previews', () => {
  it('leave Recent Imports after a day, and the sweep deletes them with their file', async () => {
    const { run } = await previewed('Abandoned Co');
    const listed = async () =>
      ((await admin.get(`${BASE}?limit=100`)).json().items as ImportRun[]).some((r) => r.id === run.id);
    expect(await listed()).toBe(true);
    const fileId = (await api.db.pool.query('SELECT file_id FROM import_runs WHERE id = $1', [run.id]))
      .rows[0].file_id;
    await api.db.pool.query(`UPDATE import_runs SET created_at = now() - interval '25 hours' WHERE id = $1`, [
      run.id,
    ]);
    expect(await listed()).toBe(false);
    await sweep();
    expect((await admin.get(`${BASE}/${run.id}`)).statusCode).toBe(404);
    expect((await api.db.pool.query('SELECT 1 FROM files WHERE id = $1', [fileId])).rowCount).toBe(0);
  });
});
