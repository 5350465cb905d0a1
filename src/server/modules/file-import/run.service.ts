// Import runs: kept with their preview, re-previewed after sites or columns are mapped, confirmed into a queued
// job, and applied by that job in one transaction (a failed, cancelled or killed import changes nothing). A run
// whose process died (its heartbeat stale) is queued again once, then failed with its reason; an administrator
// can cancel a run; previews left for a day leave the recent list and are deleted with their file.
import { z } from 'zod';
import {
  type ColumnMapping,
  IMPORT_NEEDS_DATE_ORDER,
  IMPORT_NEEDS_MAPPING,
  IMPORT_NOT_CANCELLABLE,
  IMPORT_NOT_PREVIEW,
  type ImportKind,
  type ImportPreview,
  type ImportRun,
  type RunStatus,
} from '../../../shared/schemas/file-import.js';
import type { Database } from '../../db/client.js';
import { decodeCursor, encodeCursor } from '../../platform/cursor.js';
import { conflict, notFound } from '../../platform/errors.js';
import { deleteFile } from '../../platform/files.js';
import type { Queryable } from '../../platform/records.js';
import { withTransaction } from '../../platform/transaction.js';
import type { Outbox } from '../../platform/webhooks/outbox.js';
import { runEngine } from './engine.js';
import { ImportRefused, withTempCopy } from './file-store.js';
import { builtInPreset } from './presets.js';
import { previewOf, type StoredMapping, undecidedDates } from './preview.js';
import { openTable } from './table-reader.js';

export const IMPORT_JOB = 'rmm-import';

export type RunRow = {
  id: number;
  file_id: number;
  file_name: string;
  file_size: number | null;
  content_type: string;
  preset: string;
  preset_label: string | null;
  kind: ImportKind;
  mapping: Partial<StoredMapping>;
  status: RunStatus;
  total_rows: number;
  processed_rows: number;
  created_rows: number;
  updated_rows: number;
  unchanged_rows: number;
  rejected_rows: number;
  preview: ImportPreview | null;
  error: string | null;
  job_id: string | null;
  attempts: number;
  created_at: Date;
  created_by: number | null;
  created_by_name: string | null;
  started_at: Date | null;
  finished_at: Date | null;
};

const RUN_SELECT = `
  SELECT r.*, f.size AS file_size, f.content_type, p.name AS preset_label,
         u.first_name || ' ' || u.last_name AS created_by_name
    FROM import_runs r
    JOIN files f ON f.id = r.file_id
    LEFT JOIN import_presets p ON r.preset = 'saved:' || p.id
    LEFT JOIN users u ON u.id = r.created_by`;

export const storedMapping = (row: RunRow): StoredMapping => ({
  columns: row.mapping.columns ?? {},
  dateOrder: row.mapping.dateOrder ?? 'MDY',
  dateOrders: row.mapping.dateOrders ?? {},
  dateChoices: row.mapping.dateChoices ?? {},
});

export function presentRun(row: RunRow, labelOf: (key: string) => string | undefined): ImportRun {
  return {
    id: row.id,
    fileName: row.file_name,
    fileSize: row.file_size,
    preset: row.preset,
    presetLabel: row.preset_label ?? labelOf(row.preset) ?? 'Custom mapping',
    kind: row.kind,
    mapping: storedMapping(row).columns as ColumnMapping,
    status: row.status,
    totalRows: row.total_rows,
    processedRows: row.processed_rows,
    counts: {
      create: row.created_rows,
      update: row.updated_rows,
      unchanged: row.unchanged_rows,
      rejected: row.rejected_rows,
    },
    preview: row.preview,
    error: row.error,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by_name,
    startedAt: row.started_at?.toISOString() ?? null,
    finishedAt: row.finished_at?.toISOString() ?? null,
  };
}

export async function loadRun(db: Queryable, id: number): Promise<RunRow> {
  const { rows } = await db.query<RunRow>(`${RUN_SELECT} WHERE r.id = $1`, [id]);
  if (!rows[0]) throw notFound();
  return rows[0];
}

const countsOf = (p: ImportPreview) => [
  p.counts.total,
  p.counts.create,
  p.counts.update,
  p.counts.unchanged,
  p.counts.rejected,
];

export async function createRun(
  db: Queryable,
  run: {
    fileId: number;
    fileName: string;
    preset: string;
    kind: ImportKind;
    mapping: StoredMapping;
    preview: ImportPreview;
    actorId: number;
  },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO import_runs (file_id, file_name, preset, kind, mapping, preview, created_by,
                              total_rows, created_rows, updated_rows, unchanged_rows, rejected_rows)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
    [
      run.fileId,
      run.fileName,
      run.preset,
      run.kind,
      run.mapping,
      run.preview,
      run.actorId,
      ...countsOf(run.preview),
    ],
  );
  return rows[0]!.id;
}

/** Stores a new preview (and mapping) on a run still in preview; refused once it was confirmed. */
export async function savePreview(
  db: Queryable,
  runId: number,
  change: { preset?: string; kind?: ImportKind; mapping?: StoredMapping; preview: ImportPreview },
): Promise<void> {
  const { rowCount } = await db.query(
    `UPDATE import_runs
        SET preview = $2, total_rows = $3, created_rows = $4, updated_rows = $5, unchanged_rows = $6,
            rejected_rows = $7, preset = COALESCE($8, preset), kind = COALESCE($9, kind),
            mapping = COALESCE($10, mapping)
      WHERE id = $1 AND status = 'PREVIEW'`,
    [
      runId,
      change.preview,
      ...countsOf(change.preview),
      change.preset ?? null,
      change.kind ?? null,
      change.mapping ?? null,
    ],
  );
  if (rowCount === 0) throw conflict(IMPORT_NOT_PREVIEW, null);
}

/** PREVIEW -> QUEUED, once: a second confirm (a double click, another tab) is refused. */
export async function queueRun(db: Queryable, run: RunRow, send: () => Promise<string>): Promise<void> {
  if (run.status !== 'PREVIEW') throw conflict(IMPORT_NOT_PREVIEW, null);
  if (!run.preview || run.preview.needsMapping) throw conflict(IMPORT_NEEDS_MAPPING, null);
  if (undecidedDates(run.preview).length) throw conflict(IMPORT_NEEDS_DATE_ORDER, null);
  const { rowCount } = await db.query(
    `UPDATE import_runs SET status = 'QUEUED', processed_rows = 0, heartbeat_at = now()
      WHERE id = $1 AND status = 'PREVIEW'`,
    [run.id],
  );
  if (rowCount === 0) throw conflict(IMPORT_NOT_PREVIEW, null);
  const jobId = await send();
  await db.query('UPDATE import_runs SET job_id = $2 WHERE id = $1', [run.id, jobId]);
}

export const IMPORT_FAILED =
  'The import failed and changed nothing. Try again; if it fails again, tell support.';
export const IMPORT_INTERRUPTED =
  'The import stopped when the server applying it stopped, and changed nothing. It was tried again and stopped again: upload the file again, or tell support if it keeps happening.';

/** How many times a run is started before a stop of its process fails it. */
export const MAX_ATTEMPTS = 2;
/** How often an applying process says it is alive (PostgreSQL), and how long a silence means it died. */
export const HEARTBEAT_MS = 10_000;
export const STALE_SECONDS = 90;
/** A preview untouched this long is abandoned: it leaves the recent list, and the sweep deletes it. */
export const PREVIEW_HOURS = 24;

/** The runs this process is applying now (never stale, whatever their heartbeat says). */
const applying = new Set<number>();

/** The run was cancelled (or taken over) while it was applied: its transaction rolls back. */
class RunStopped extends Error {}

/**
 * The job: claims the queued run (once, whatever number of jobs name it), reads the stored file again and applies
 * every row in ONE transaction, batch by batch. Progress and the heartbeat go out in short statements of their own
 * on PostgreSQL; the embedded database has one connection, which the transaction holds, so there the run shows its
 * progress only when done (and one process owns the database: a run it is not applying is dead).
 */
export async function applyRun(
  database: Database,
  runId: number,
  timeZone: string,
  log: { error: (obj: unknown, msg?: string) => void },
  webhooks: Outbox,
): Promise<void> {
  // Marked before the claim: a sweep running meanwhile must not take the run for a dead one.
  applying.add(runId);
  let attempt: number;
  let run: RunRow;
  try {
    const { rows: claimed } = await database.pool.query<{ attempts: number }>(
      `UPDATE import_runs
          SET status = 'RUNNING', started_at = now(), heartbeat_at = now(), attempts = attempts + 1,
              processed_rows = 0, error = NULL
        WHERE id = $1 AND status = 'QUEUED' RETURNING attempts`,
      [runId],
    );
    if (!claimed[0]) {
      applying.delete(runId);
      return;
    }
    attempt = claimed[0].attempts;
    run = await loadRun(database.pool, runId);
  } catch (error) {
    // Not claimed, or claimed and not readable: the sweep finds it like any stopped run.
    applying.delete(runId);
    throw error;
  }
  const beat =
    database.kind === 'postgres'
      ? setInterval(() => {
          database.pool
            .query(`UPDATE import_runs SET heartbeat_at = now() WHERE id = $1 AND status = 'RUNNING'`, [
              runId,
            ])
            .catch((error) => log.error({ err: error, runId }, 'RMM import heartbeat failed'));
        }, HEARTBEAT_MS)
      : null;
  beat?.unref();
  const mapping = storedMapping(run);
  const progress = async (rows: number) => {
    if (database.kind !== 'postgres') return;
    const { rows: now } = await database.pool.query<{ status: string; attempts: number }>(
      `UPDATE import_runs SET processed_rows = $2, heartbeat_at = now() WHERE id = $1 RETURNING status, attempts`,
      [runId, rows],
    );
    // Cancelled meanwhile (or taken over after a stall): stop here, the transaction rolls back.
    if (now[0]?.status !== 'RUNNING' || now[0].attempts !== attempt) throw new RunStopped();
  };
  try {
    await withTempCopy(database, run.file_id, (path) =>
      withTransaction(database, async ({ client }) => {
        // The devices this import creates are matched against as it goes, but the table's statistics still say
        // what it held before (often nearly nothing): the planner would scan it whole for every row. Every lookup
        // here has its index.
        await client.query('SET LOCAL enable_seqscan = off');
        const table = await openTable(path, run.content_type);
        const result = await runEngine(table, {
          db: client,
          mapping: mapping.columns,
          kind: run.kind,
          timeZone,
          dateOrder: mapping.dateOrder,
          dateOrders: mapping.dateOrders ?? {},
          apply: {
            runId,
            actorId: run.created_by,
            importText: `${run.file_name} (#${runId})`,
            progress,
          },
        });
        const organizations = [...result.organizations.keys()];
        if (organizations.length)
          await client.query(
            `INSERT INTO import_uploads (organization_id, month, kind, run_id)
             SELECT o, date_trunc('month', now() AT TIME ZONE $3)::date, $2, $4 FROM unnest($1::int[]) AS o
             ON CONFLICT (organization_id, month, kind)
             DO UPDATE SET run_id = EXCLUDED.run_id, uploaded_at = now()`,
            [organizations, run.kind, timeZone, runId],
          );
        const preview = previewOf(table.headers, table.notices, result);
        preview.dateColumns = run.preview?.dateColumns ?? [];
        const { rowCount } = await client.query(
          `UPDATE import_runs
              SET status = 'DONE', finished_at = now(), processed_rows = $2, total_rows = $2, created_rows = $3,
                  updated_rows = $4, unchanged_rows = $5, rejected_rows = $6, preview = $7
            WHERE id = $1 AND status = 'RUNNING' AND attempts = $8`,
          [
            runId,
            result.counts.total,
            result.counts.create,
            result.counts.update,
            result.counts.unchanged,
            result.counts.rejected,
            preview,
            attempt,
          ],
        );
        // Cancelled (or taken over) before the end: nothing of this attempt is kept.
        if (rowCount === 0) throw new RunStopped();
        // One summary event per import, however many rows it touched: the run as GET /api/admin/file-import/{id}.
        await webhooks.emit(client, {
          type: 'import.finished',
          entity: `import:${runId}`,
          data: async () => presentRun(await loadRun(client, runId), (key) => builtInPreset(key)?.label),
        });
      }),
    );
  } catch (error) {
    if (error instanceof RunStopped) return;
    if (!(error instanceof ImportRefused)) log.error({ err: error, runId }, 'RMM import failed');
    const message = error instanceof ImportRefused ? `${error.message} Nothing was changed.` : IMPORT_FAILED;
    await database.pool.query(
      `UPDATE import_runs SET status = 'FAILED', finished_at = now(), error = $2
        WHERE id = $1 AND status = 'RUNNING' AND attempts = $3`,
      [runId, message, attempt],
    );
  } finally {
    if (beat) clearInterval(beat);
    applying.delete(runId);
  }
}

/** A job still to run or running (pg-boss states). */
const PENDING_JOB = ['created', 'retry', 'active'];

/**
 * Runs whose process died: RUNNING, not applied here, and (on PostgreSQL, where other processes apply too) silent
 * for STALE_SECONDS. Each is queued again while it has attempts left, else failed with its reason. A run QUEUED for
 * as long whose job is gone (never sent: the process stopped between the two; or ended without claiming it) gets a
 * new job. Abandoned previews are deleted with their files. Answers the ids re-queued and failed.
 */
export async function sweepRuns(
  database: Database,
  requeue: (runId: number) => Promise<string>,
  jobState: (jobId: string) => Promise<string | null>,
  log: { warn: (obj: unknown, msg?: string) => void },
): Promise<{ requeued: number[]; failed: number[] }> {
  const { rows: waiting } = await database.pool.query<{ id: number; job_id: string | null }>(
    `SELECT id, job_id FROM import_runs
      WHERE status = 'QUEUED' AND (heartbeat_at IS NULL OR heartbeat_at < now() - make_interval(secs => $1))`,
    [STALE_SECONDS],
  );
  const resent: number[] = [];
  for (const run of waiting) {
    if (run.job_id && PENDING_JOB.includes((await jobState(run.job_id)) ?? '')) continue;
    const { rowCount } = await database.pool.query(
      `UPDATE import_runs SET heartbeat_at = now() WHERE id = $1 AND status = 'QUEUED' AND job_id IS NOT DISTINCT FROM $2`,
      [run.id, run.job_id],
    );
    if (!rowCount) continue;
    const jobId = await requeue(run.id);
    await database.pool.query('UPDATE import_runs SET job_id = $2 WHERE id = $1', [run.id, jobId]);
    log.warn({ runId: run.id }, 'RMM import: queued without a job; sent again');
    resent.push(run.id);
  }
  const shared = database.kind === 'postgres';
  const { rows } = await database.pool.query<{ id: number; attempts: number }>(
    `SELECT id, attempts FROM import_runs
      WHERE status = 'RUNNING' AND NOT (id = ANY($1::int[]))
        AND ($2::boolean IS FALSE OR heartbeat_at IS NULL OR heartbeat_at < now() - make_interval(secs => $3))`,
    [[...applying], shared, STALE_SECONDS],
  );
  const requeued: number[] = [];
  const failed: number[] = [];
  for (const run of rows) {
    // Each change checks the run is still as it was seen: another process's sweep may have taken it.
    const still = `id = $1 AND status = 'RUNNING' AND attempts = $2`;
    if (run.attempts < MAX_ATTEMPTS) {
      const { rowCount } = await database.pool.query(
        `UPDATE import_runs SET status = 'QUEUED', heartbeat_at = NULL WHERE ${still}`,
        [run.id, run.attempts],
      );
      if (!rowCount) continue;
      const jobId = await requeue(run.id);
      await database.pool.query('UPDATE import_runs SET job_id = $2 WHERE id = $1', [run.id, jobId]);
      log.warn({ runId: run.id, attempt: run.attempts }, 'RMM import: its process stopped; queued again');
      requeued.push(run.id);
    } else {
      const { rowCount } = await database.pool.query(
        `UPDATE import_runs SET status = 'FAILED', finished_at = now(), error = $3 WHERE ${still}`,
        [run.id, run.attempts, IMPORT_INTERRUPTED],
      );
      if (rowCount) failed.push(run.id);
    }
  }
  const { rows: abandoned } = await database.pool.query<{ id: number; file_id: number }>(
    `DELETE FROM import_runs
      WHERE status = 'PREVIEW' AND created_at < now() - make_interval(hours => $1)
      RETURNING id, file_id`,
    [PREVIEW_HOURS],
  );
  for (const r of abandoned) await deleteFile(database.pool, r.file_id).catch(() => undefined);
  return { requeued: [...resent, ...requeued], failed };
}

/**
 * Cancels a run not yet finished (a preview, queued, or running: a run being applied stops at its next batch and
 * rolls back; on the embedded database the cancel waits for the run's transaction, which holds the connection).
 */
export async function cancelRun(
  db: Queryable,
  runId: number,
  by: string,
  cancelJob: (jobId: string) => Promise<unknown>,
): Promise<void> {
  const { rows } = await db.query<{ job_id: string | null }>(
    `UPDATE import_runs SET status = 'CANCELLED', finished_at = now(), error = $2
      WHERE id = $1 AND status IN ('PREVIEW', 'QUEUED', 'RUNNING') RETURNING job_id`,
    [runId, `Cancelled by ${by}. Nothing was changed.`],
  );
  if (!rows[0]) {
    await loadRun(db, runId);
    throw conflict(IMPORT_NOT_CANCELLABLE, null);
  }
  if (rows[0].job_id) await cancelJob(rows[0].job_id).catch(() => undefined);
}

const runCursor = z.tuple([z.string(), z.number().int()]);

/** Recent runs, newest first, a keyset page at a time. */
export async function listRuns(
  db: Queryable,
  query: { limit: number; after?: string },
  labelOf: (key: string) => string | undefined,
): Promise<{ items: ImportRun[]; next: string | null }> {
  const cursor = query.after ? decodeCursor(query.after, runCursor) : null;
  const { rows } = await db.query<RunRow>(
    `${RUN_SELECT}
      WHERE ($1::timestamptz IS NULL OR (r.created_at, r.id) < ($1::timestamptz, $2::int))
        -- An abandoned preview is no recent import.
        AND (r.status <> 'PREVIEW' OR r.created_at >= now() - make_interval(hours => $4))
      ORDER BY r.created_at DESC, r.id DESC LIMIT $3`,
    [cursor?.[0] ?? null, cursor?.[1] ?? null, query.limit + 1, PREVIEW_HOURS],
  );
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    // The list leaves out each run's preview: the run's own screen reads it.
    items: page.map((r) => ({ ...presentRun(r, labelOf), preview: null })),
    next: rows.length > query.limit && last ? encodeCursor([last.created_at.toISOString(), last.id]) : null,
  };
}
