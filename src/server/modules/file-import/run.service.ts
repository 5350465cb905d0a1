// Import runs: kept with their preview, re-previewed after sites or columns are mapped, confirmed into a queued
// job, and applied by that job in one transaction (a failed import changes nothing), with the month's upload status.
import { z } from 'zod';
import {
  type ColumnMapping,
  IMPORT_NEEDS_MAPPING,
  IMPORT_NOT_PREVIEW,
  type ImportKind,
  type ImportPreview,
  type ImportRun,
  type RunStatus,
} from '../../../shared/schemas/file-import.js';
import type { Database } from '../../db/client.js';
import { decodeCursor, encodeCursor } from '../../platform/cursor.js';
import { conflict, notFound } from '../../platform/errors.js';
import type { Queryable } from '../../platform/records.js';
import { withTransaction } from '../../platform/transaction.js';
import { runEngine } from './engine.js';
import { ImportRefused, withTempCopy } from './file-store.js';
import { previewOf, type StoredMapping } from './preview.js';
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
  const { rowCount } = await db.query(
    `UPDATE import_runs SET status = 'QUEUED', processed_rows = 0 WHERE id = $1 AND status = 'PREVIEW'`,
    [run.id],
  );
  if (rowCount === 0) throw conflict(IMPORT_NOT_PREVIEW, null);
  const jobId = await send();
  await db.query('UPDATE import_runs SET job_id = $2 WHERE id = $1', [run.id, jobId]);
}

export const IMPORT_FAILED =
  'The import failed and changed nothing. Try again; if it fails again, tell support.';

/**
 * The job: reads the stored file again and applies every row in ONE transaction, batch by batch. Progress goes out
 * in short statements of their own on PostgreSQL; the embedded database has one connection, which the transaction
 * holds, so there the run shows its progress only when done.
 */
export async function applyRun(
  database: Database,
  runId: number,
  timeZone: string,
  log: { error: (obj: unknown, msg?: string) => void },
): Promise<void> {
  const run = await loadRun(database.pool, runId);
  if (run.status !== 'QUEUED') return;
  await database.pool.query(
    `UPDATE import_runs SET status = 'RUNNING', started_at = now(), processed_rows = 0, error = NULL WHERE id = $1`,
    [runId],
  );
  const mapping = storedMapping(run);
  const progress = async (rows: number) => {
    if (database.kind === 'postgres')
      await database.pool.query('UPDATE import_runs SET processed_rows = $2 WHERE id = $1', [runId, rows]);
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
        await client.query(
          `UPDATE import_runs
              SET status = 'DONE', finished_at = now(), processed_rows = $2, total_rows = $2, created_rows = $3,
                  updated_rows = $4, unchanged_rows = $5, rejected_rows = $6, preview = $7
            WHERE id = $1`,
          [
            runId,
            result.counts.total,
            result.counts.create,
            result.counts.update,
            result.counts.unchanged,
            result.counts.rejected,
            preview,
          ],
        );
      }),
    );
  } catch (error) {
    if (!(error instanceof ImportRefused)) log.error({ err: error, runId }, 'RMM import failed');
    const message = error instanceof ImportRefused ? `${error.message} Nothing was changed.` : IMPORT_FAILED;
    await database.pool.query(
      `UPDATE import_runs SET status = 'FAILED', finished_at = now(), error = $2 WHERE id = $1`,
      [runId, message],
    );
  }
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
      ORDER BY r.created_at DESC, r.id DESC LIMIT $3`,
    [cursor?.[0] ?? null, cursor?.[1] ?? null, query.limit + 1],
  );
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    // The list leaves out each run's preview: the run's own screen reads it.
    items: page.map((r) => ({ ...presentRun(r, labelOf), preview: null })),
    next: rows.length > query.limit && last ? encodeCursor([last.created_at.toISOString(), last.id]) : null,
  };
}
