// The jobs screen's reading: pg-boss's jobs (through app.jobs, the one module reading its tables) presented with
// their progress, which lives with the work they do (an import run's rows, a security pack's reports).
import { z } from 'zod';
import { pathFor } from '../../../shared/routes/index.js';
import {
  JOB_STATE_LABELS,
  type JobItem,
  type JobList,
  type JobProgress,
  type jobListQuery,
  queueLabel,
} from '../../../shared/schemas/jobs.js';
import { decodeCursor, encodeCursor } from '../../platform/cursor.js';
import { CANCELLABLE, type JobRecord, type Jobs, RETRYABLE } from '../../platform/jobs.js';
import type { Queryable } from '../../platform/records.js';
import { IMPORT_JOB } from '../file-import/index.js';

const SECURITY_PACK_JOB = 'security-pack';
const cursorSchema = z.tuple([z.iso.datetime({ offset: true }), z.string().max(100)]);

const asObject = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

/** A failed job's message: pg-boss keeps the thrown error ({ message, stack }) or its own ({ value: { message } }). */
export function errorText(output: unknown): string | null {
  const out = asObject(output);
  if (!out) return typeof output === 'string' ? output : null;
  if (typeof out.message === 'string') return out.message;
  const value = out.value;
  if (typeof value === 'string') return value;
  const inner = asObject(value);
  if (inner && typeof inner.message === 'string') return inner.message;
  return null;
}

const words = (key: string) =>
  key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/^./, (c) => c.toUpperCase())
    .replace(/^Sso\b/, 'SSO');

/** A completed job's output as words ("Sessions: 3, Rate Limits: 0"); nothing for an empty one. */
export function resultText(output: unknown): string | null {
  const out = asObject(output);
  if (!out) return null;
  const parts = Object.entries(out)
    .filter(([, v]) => typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean')
    .map(([k, v]) => `${words(k)}: ${v}`);
  return parts.length ? parts.join(', ') : null;
}

type Extra = { progress: JobProgress | null; link: JobItem['link'] };

/** Progress and links of the listed jobs that belong to an import run or build a security pack: two queries. */
async function extras(db: Queryable, jobs: JobRecord[]): Promise<Map<string, Extra>> {
  const out = new Map<string, Extra>();
  const runIds = new Map<string, number>();
  for (const job of jobs) {
    const runId = asObject(job.data)?.runId;
    if (job.name === IMPORT_JOB && Number.isSafeInteger(runId)) runIds.set(job.id, runId as number);
  }
  if (runIds.size) {
    const { rows } = await db.query<{
      id: number;
      file_name: string;
      status: string;
      total_rows: number;
      processed_rows: number;
    }>(
      'SELECT id, file_name, status, total_rows, processed_rows FROM import_runs WHERE id = ANY($1::int[])',
      [[...new Set(runIds.values())]],
    );
    const runs = new Map(rows.map((r) => [r.id, r]));
    for (const [jobId, runId] of runIds) {
      const run = runs.get(runId);
      if (!run) continue;
      out.set(jobId, {
        progress: {
          done: run.processed_rows,
          total: run.total_rows,
          text: `${run.processed_rows.toLocaleString('en-US')} of ${run.total_rows.toLocaleString('en-US')} rows (${run.status.toLowerCase()})`,
        },
        link: { label: run.file_name, href: pathFor('file_import_run', { runId }) },
      });
    }
  }
  const packs = jobs.filter((j) => j.name === SECURITY_PACK_JOB);
  if (packs.length) {
    const { rows } = await db.query<{ pack: string; done: number }>(
      `SELECT filters->>'pack' AS pack, count(*)::int AS done FROM report_history
        WHERE report = 'security-pack' AND filters->>'pack' = ANY($1::text[]) GROUP BY 1`,
      [packs.map((j) => j.id)],
    );
    const done = new Map(rows.map((r) => [r.pack, r.done]));
    for (const job of packs) {
      const ids = asObject(job.data)?.organizationIds;
      const total = Array.isArray(ids) ? ids.length : 0;
      const count = done.get(job.id) ?? 0;
      out.set(job.id, {
        progress: total ? { done: count, total, text: `${count} of ${total} organizations` } : null,
        link: count ? { label: 'Report History', href: pathFor('report_history') } : null,
      });
    }
  }
  return out;
}

function present(job: JobRecord, extra: Extra | undefined): JobItem {
  return {
    id: job.id,
    queue: job.name,
    queueLabel: queueLabel(job.name),
    state: job.state,
    stateLabel: JOB_STATE_LABELS[job.state],
    created: job.createdOn.toISOString(),
    started: job.startedOn?.toISOString() ?? null,
    completed: job.completedOn?.toISOString() ?? null,
    retryCount: job.retryCount,
    retryLimit: job.retryLimit,
    progress: extra?.progress ?? null,
    error: job.state === 'failed' ? errorText(job.output) : null,
    result: job.state === 'completed' ? resultText(job.output) : null,
    link: extra?.link ?? null,
    archived: job.archived,
    canRetry: !job.archived && RETRYABLE.includes(job.state),
    canCancel: !job.archived && CANCELLABLE.includes(job.state),
  };
}

export async function listJobs(
  db: Queryable,
  jobs: Jobs,
  query: z.infer<typeof jobListQuery>,
): Promise<JobList> {
  const before = query.after ? decodeCursor(query.after, cursorSchema) : undefined;
  const found = await jobs.list({
    name: query.queue,
    state: query.state,
    before: before ? { createdKey: before[0], id: before[1] } : undefined,
    limit: query.limit + 1,
  });
  const page = found.slice(0, query.limit);
  const more = await extras(db, page);
  const last = page[page.length - 1];
  return {
    items: page.map((job) => present(job, more.get(job.id))),
    next: found.length > query.limit && last ? encodeCursor([last.createdKey, last.id]) : null,
    queues: (await jobs.queues()).map((name) => ({ value: name, label: queueLabel(name) })),
  };
}

export async function presentJob(db: Queryable, job: JobRecord): Promise<JobItem> {
  return present(job, (await extras(db, [job])).get(job.id));
}
