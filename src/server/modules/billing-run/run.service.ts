// A billing run: one row per month (billing_runs), drafted by a background job a batch of clients at a time, each
// batch in its own transaction with the run's progress. A run is started again by the same call (its unposted
// invoices are drafted anew); two runs never draft at once (a unique index of the table holds it).
import type pg from 'pg';
import {
  type BillingRun,
  periodLabel,
  periodPosted,
  RUN_STATUSES,
  type RunStatus,
  runInProgress,
} from '../../../shared/schemas/billing-run.js';
import { codeLabel } from '../../../shared/schemas/fields.js';
import type { Database } from '../../db/client.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { Queryable } from '../../platform/records.js';
import { withTransaction } from '../../platform/transaction.js';
import { loadDefaultRate, refreshWipDays } from '../report/index.js';
import { loadVirtualDevices } from '../rmm-settings/index.js';
import { draftInvoices, type SkippedCase } from './draft-lines.js';
import { monthDays } from './terms.js';
import { writeDrafts } from './write-drafts.js';

export const RUN_JOB = 'billing-run';
export type RunJobData = { runId: number; actorId: number };
/**
 * Clients drafted per transaction (and per step of the progress bar): the first batch's size, then each batch sized
 * from the last one's time towards BATCH_TARGET_MS (on the embedded database other users' calls wait between them).
 */
export const RUN_BATCH = 25;
const MAX_BATCH = 250;
const BATCH_TARGET_MS = 400;
/** Runs listed on the screen. */
const RUNS_SHOWN = 24;
/** One start at a time across the app's processes (pg_advisory_xact_lock key: "bill" in ASCII). */
const START_LOCK = 0x62696c6c;

type RunRow = {
  id: number;
  period: string;
  status: RunStatus;
  job_id: string | null;
  clients: number;
  done: number;
  skipped: SkippedCase[];
  error: string | null;
  started_at: Date | null;
  created_at: Date;
  created_by: number | null;
  created_by_name: string | null;
  finished_at: Date | null;
  version: number;
  draft: number;
  approved: number;
  posted: number;
  void: number;
  warnings: number;
  total: string;
};

const RUN_SELECT = `
  SELECT r.id, to_char(r.period, 'YYYY-MM') AS period, r.status, r.job_id::text AS job_id, r.clients, r.done, r.skipped,
         r.error, r.started_at, r.created_at, r.updated_by AS created_by,
         u.first_name || ' ' || u.last_name AS created_by_name, r.finished_at, r.version,
         COALESCE(i.draft, 0) AS draft, COALESCE(i.approved, 0) AS approved, COALESCE(i.posted, 0) AS posted,
         COALESCE(i.void, 0) AS void, COALESCE(i.warnings, 0) AS warnings, COALESCE(i.total, '0.00') AS total
    FROM billing_runs r
    LEFT JOIN users u ON u.id = r.updated_by
    LEFT JOIN LATERAL (
      SELECT count(*) FILTER (WHERE v.status = 'DRAFT')::int AS draft,
             count(*) FILTER (WHERE v.status = 'APPROVED')::int AS approved,
             count(*) FILTER (WHERE v.status = 'POSTED')::int AS posted,
             count(*) FILTER (WHERE v.status = 'VOID')::int AS void,
             count(*) FILTER (WHERE v.warned AND v.status <> 'VOID')::int AS warnings,
             (COALESCE(sum(v.cents) FILTER (WHERE v.status <> 'VOID'), 0) / 100.0)::numeric(16,2)::text AS total
        FROM (SELECT x.status,
                     x.contact_id IS NULL OR EXISTS (SELECT 1 FROM invoice_lines w
                                                      WHERE w.invoice_id = x.id AND w.warning IS NOT NULL) AS warned,
                     (SELECT COALESCE(sum(l.amount_cents), 0) FROM invoice_lines l WHERE l.invoice_id = x.id) AS cents
                FROM invoices x WHERE x.run_id = r.id AND x.kind = 'INVOICE') v) i ON true`;

const presentRun = (r: RunRow): BillingRun => ({
  id: r.id,
  period: r.period,
  periodLabel: periodLabel(r.period),
  status: { value: r.status, label: codeLabel(RUN_STATUSES, r.status) ?? r.status },
  clients: r.clients,
  done: r.done,
  skipped: r.skipped,
  error: r.error,
  invoices: { draft: r.draft, approved: r.approved, posted: r.posted, void: r.void, warnings: r.warnings },
  total: r.total,
  started: {
    at: (r.started_at ?? r.created_at).toISOString(),
    by: r.created_by === null ? null : { value: r.created_by, label: r.created_by_name ?? '' },
  },
  finishedAt: r.finished_at?.toISOString() ?? null,
  version: r.version,
});

export type JobState = (id: string) => Promise<string | null>;

/**
 * A run whose job ended without finishing it (its process stopped, the job was cancelled) is marked failed when read,
 * so it never blocks the next run.
 */
async function settle(db: Queryable, row: RunRow, jobState: JobState): Promise<RunRow> {
  if (row.status !== 'QUEUED' && row.status !== 'RUNNING') return row;
  const state = row.job_id ? await jobState(row.job_id) : null;
  if (state && !['completed', 'failed', 'cancelled'].includes(state)) return row;
  await db.query(
    `UPDATE billing_runs SET status = 'FAILED', error = $2, finished_at = now()
      WHERE id = $1 AND status IN ('QUEUED', 'RUNNING')`,
    [row.id, 'The run stopped before it finished. Draft the invoices again.'],
  );
  return (await readRun(db, row.id))!;
}

async function readRun(db: Queryable, id: number): Promise<RunRow | null> {
  const { rows } = await db.query<RunRow>(`${RUN_SELECT} WHERE r.id = $1`, [id]);
  return rows[0] ?? null;
}

export async function loadRun(db: Queryable, id: number, jobState: JobState): Promise<BillingRun> {
  const row = await readRun(db, id);
  if (!row) throw notFound();
  return presentRun(await settle(db, row, jobState));
}

export async function listRuns(db: Queryable, jobState: JobState): Promise<BillingRun[]> {
  const { rows } = await db.query<RunRow>(`${RUN_SELECT} ORDER BY r.period DESC LIMIT ${RUNS_SHOWN}`);
  const settled: RunRow[] = [];
  for (const r of rows) settled.push(await settle(db, r, jobState));
  return settled.map(presentRun);
}

/**
 * Queues the drafting of a month: a new run, or the month's run drafted again. Refused while a run drafts, and when
 * the month's run has nothing left to draft (every invoice posted, none void without a newer one).
 */
export async function startRun(
  database: Database,
  period: string,
  actorId: number,
  send: (tx: pg.PoolClient, data: RunJobData) => Promise<string>,
): Promise<number> {
  return withTransaction(database, async ({ client }) => {
    await client.query(`SELECT pg_advisory_xact_lock(${START_LOCK})`);
    const { rows: busy } = await client.query<{ period: string }>(
      `SELECT to_char(period, 'YYYY-MM') AS period FROM billing_runs WHERE status IN ('QUEUED', 'RUNNING')`,
    );
    if (busy[0]) throw badRequest({}, [runInProgress(periodLabel(busy[0].period))]);
    const { rows: done } = await client.query<{ finished: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM invoices i WHERE i.run_id = r.id AND i.status = 'POSTED')
              AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.run_id = r.id AND i.kind = 'INVOICE'
                                AND (i.status IN ('DRAFT', 'APPROVED')
                                     OR (i.status = 'VOID' AND NOT EXISTS (
                                           SELECT 1 FROM invoices n WHERE n.run_id = r.id AND n.kind = 'INVOICE'
                                              AND n.organization_id = i.organization_id AND n.status <> 'VOID'))))
              AS finished
         FROM billing_runs r WHERE r.period = $1::date`,
      [`${period}-01`],
    );
    if (done[0]?.finished) throw badRequest({}, [periodPosted(periodLabel(period))]);
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO billing_runs (period, status, created_by, updated_by) VALUES ($1::date, 'QUEUED', $2, $2)
       ON CONFLICT (period) DO UPDATE
         SET status = 'QUEUED', clients = 0, done = 0, skipped = '[]', error = NULL, started_at = NULL,
             finished_at = NULL, updated_at = now(), updated_by = $2, version = billing_runs.version + 1
       RETURNING id`,
      [`${period}-01`, actorId],
    );
    const id = rows[0]!.id;
    const jobId = await send(client, { runId: id, actorId });
    await client.query('UPDATE billing_runs SET job_id = $2 WHERE id = $1', [id, jobId]);
    return id;
  });
}

/** The clients a month may bill: agreements that may bill in it, time not billed, the run's own unposted invoices. */
async function clientsOf(db: Queryable, runId: number, from: string, to: string): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT DISTINCT x.id FROM (
       SELECT a.organization_id AS id FROM agreements a JOIN agreement_services s ON s.agreement_id = a.id
        WHERE s.start_date <= $3::date AND (s.end_date IS NULL OR s.end_date >= $2::date OR s.billing_frequency = 'ONE_TIME')
          AND (s.billing_frequency <> 'ONE_TIME' OR s.start_date >= $2::date)
       UNION
       SELECT d.org_id FROM wip_days d WHERE d.work_date <= $3::date
       UNION
       SELECT i.organization_id FROM invoices i WHERE i.run_id = $1 AND i.status IN ('DRAFT', 'APPROVED')
       UNION
       -- A term posted in the year before may need adjusting (term-adjustments.ts).
       SELECT i.organization_id FROM invoices i
        WHERE i.kind = 'INVOICE' AND i.status = 'POSTED' AND i.period_from < $2::date
          AND i.period_from >= $2::date - interval '12 months') x
     WHERE NOT EXISTS (SELECT 1 FROM invoices p WHERE p.run_id = $1 AND p.organization_id = x.id AND p.status = 'POSTED')
     ORDER BY x.id`,
    [runId, from, to],
  );
  return rows.map((r) => r.id);
}

/** The job: drafts the run's invoices a batch of clients at a time; a failure is kept on the run, never half a batch. */
export async function draftRun(database: Database, data: RunJobData, timeZone: string): Promise<void> {
  const db = database.pool;
  const { rows } = await db.query<{ period: string }>(
    `UPDATE billing_runs SET status = 'RUNNING', started_at = now() WHERE id = $1 AND status = 'QUEUED'
     RETURNING to_char(period, 'YYYY-MM') AS period`,
    [data.runId],
  );
  if (!rows[0]) return;
  const period = rows[0].period;
  try {
    const { from, to } = monthDays(period);
    // Time is priced from the bill list's kept figures, brought up to date first.
    await refreshWipDays(db, await loadDefaultRate(db));
    const ctx = { period, timeZone, virtual: await loadVirtualDevices(db) };
    const clients = await clientsOf(db, data.runId, from, to);
    await db.query('UPDATE billing_runs SET clients = $2 WHERE id = $1', [data.runId, clients.length]);
    // A batch's lines are read on their own connection while the batch before is written (a pipeline: the reads
    // of a batch never depend on what another batch writes, since each client is in one batch). At read committed,
    // each statement sees what was committed when it started, inside the write's transaction or outside it alike.
    const read = (orgIds: number[]) => {
      const reading = draftInvoices(db, orgIds, ctx);
      reading.catch(() => undefined); // awaited below; a write failing first must not leave it unhandled
      return reading;
    };
    let size = RUN_BATCH;
    let batch = clients.slice(0, size);
    let reading = batch.length > 0 ? read(batch) : null;
    for (let start = 0; reading; ) {
      const t0 = performance.now();
      const drafted = await reading;
      const written = batch;
      start += written.length;
      batch = clients.slice(start, start + size);
      reading = batch.length > 0 ? read(batch) : null;
      await withTransaction(database, async ({ client }) => {
        await writeDrafts(
          client,
          { id: data.runId, from, to, actorId: data.actorId },
          written,
          drafted.invoices,
        );
        await client.query(
          `UPDATE billing_runs SET done = done + $2, skipped = skipped || $3::jsonb WHERE id = $1`,
          [data.runId, written.length, JSON.stringify(drafted.skipped)],
        );
      });
      const took = Math.max(1, performance.now() - t0);
      size = Math.max(1, Math.min(MAX_BATCH, Math.round((written.length * BATCH_TARGET_MS) / took)));
    }
    await db.query(`UPDATE billing_runs SET status = 'READY', finished_at = now() WHERE id = $1`, [
      data.runId,
    ]);
  } catch (error) {
    await db.query(
      `UPDATE billing_runs SET status = 'FAILED', error = $2, finished_at = now() WHERE id = $1`,
      [
        data.runId,
        'The run stopped with an error. Draft the invoices again; if it fails again, see the jobs screen.',
      ],
    );
    throw error;
  }
}
