// Background jobs (RMM imports, report packs, mail delivery, the session clean-up): a PostgreSQL-backed queue (pg-boss)
// on the app's own connection pool, so it runs on the embedded database and on a server alike, survives restarts
// (jobs are rows) and runs each job once however many app processes poll. The only module that reads pg-boss's
// own tables (pgboss.job and pgboss.archive), for the jobs screen.

import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import { afterCommit } from './transaction.js';

/** What a handler returns is kept as the job's output (shown on the jobs screen). */
export type JobHandler<T> = (data: T, job: { id: string }) => Promise<unknown>;

export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** One job as the jobs screen reads it: from the live table or, once pg-boss archived it, from the archive. */
export type JobRecord = {
  id: string;
  name: string;
  state: JobState;
  data: unknown;
  output: unknown;
  retryCount: number;
  retryLimit: number;
  createdOn: Date;
  /** createdOn to the microsecond, as the keyset of the list needs it. */
  createdKey: string;
  startedOn: Date | null;
  completedOn: Date | null;
  archived: boolean;
};

export type JobListFilter = {
  name?: string | undefined;
  state?: JobState | undefined;
  /** Keyset: jobs created before this one (created, id), newest first. */
  before?: { createdKey: string; id: string } | undefined;
  limit: number;
};

/** Retry: failed (pg-boss `retry`) or cancelled (pg-boss `resume`). Cancel: not yet finished. */
export const RETRYABLE: readonly JobState[] = ['failed', 'cancelled'];
export const CANCELLABLE: readonly JobState[] = ['created', 'retry', 'active'];

export type Jobs = {
  /**
   * Queues a job and answers its id; the queue starts on first use. With `db` (a transaction's client) the job is
   * written in that transaction: it exists only if the transaction commits. The queue must have started before (the
   * embedded database has one connection, which the transaction holds).
   */
  send: <T extends object>(
    name: string,
    data: T,
    options?: { retryLimit?: number; db?: Pick<pg.PoolClient, 'query'> },
  ) => Promise<string>;
  /** The handler of one queue; call while building the app (before `start`). */
  register: <T>(name: string, handler: JobHandler<T>) => void;
  /** A recurring job (cron, in UTC), kept by pg-boss: sent once per due time however many processes run. */
  schedule: (name: string, cron: string, data?: object) => void;
  /** A job's state (created, retry, active, completed, cancelled, failed), or null when there is no such job. */
  state: (name: string, id: string) => Promise<string | null>;
  /** Jobs newest first (live and archived), filtered by queue and state. */
  list: (filter: JobListFilter) => Promise<JobRecord[]>;
  /** One job, live or archived, or null. */
  get: (name: string, id: string) => Promise<JobRecord | null>;
  /** The queues that exist. */
  queues: () => Promise<string[]>;
  /** Runs a failed or cancelled job again; false when it is in neither state (or archived). */
  retry: (name: string, id: string) => Promise<boolean>;
  /** Cancels a job not yet finished; false when it has finished (or is archived). */
  cancel: (name: string, id: string) => Promise<boolean>;
  /**
   * Creates what the queue needs in the database (pg-boss's schema, the registered queues, the schedules) without
   * running any job. The server calls it under its start-up lock, so processes starting together create them once.
   */
  prepare: () => Promise<void>;
  /** Starts polling (the server does at start-up, so jobs queued before a restart run). */
  start: () => Promise<void>;
  stop: () => Promise<void>;
};

type Logger = { error: (obj: unknown, msg?: string) => void };

type JobRow = {
  id: string;
  name: string;
  state: JobState;
  data: unknown;
  output: unknown;
  retry_count: number;
  retry_limit: number;
  created_on: Date;
  created_key: string;
  started_on: Date | null;
  completed_on: Date | null;
  archived: boolean;
};

const COLUMNS = `id::text AS id, name, state::text AS state, data, output, retry_count, retry_limit,
                 created_on, started_on, completed_on,
                 to_char(created_on AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_key`;
// The live table and the archive (pg-boss moves finished jobs there after a while) read as one.
const ALL_JOBS = `(SELECT ${COLUMNS}, false AS archived FROM pgboss.job
                   UNION ALL
                   SELECT ${COLUMNS}, true AS archived FROM pgboss.archive) j`;

const toRecord = (r: JobRow): JobRecord => ({
  id: r.id,
  name: r.name,
  state: r.state,
  data: r.data,
  output: r.output,
  retryCount: r.retry_count,
  retryLimit: r.retry_limit,
  createdOn: r.created_on,
  createdKey: r.created_key,
  startedOn: r.started_on,
  completedOn: r.completed_on,
  archived: r.archived,
});

/** PostgreSQL's deadlock_detected. */
const DEADLOCK = '40P01';

/**
 * `workers: false`: this process queues jobs and keeps the schedules but runs none (a process that only answers
 * requests while others work; tests that run each job themselves).
 */
export function createJobs(
  database: Database,
  log: Logger,
  options: { pollSeconds?: number; workers?: boolean } = {},
): Jobs {
  const handlers = new Map<string, JobHandler<unknown>>();
  const schedules = new Map<string, { cron: string; data: object }>();
  const queuesMade = new Set<string>();
  let started: Promise<PgBoss> | null = null;
  let boss: PgBoss | null = null;
  /** The worker of each queue this process works (pg-boss's id, to wake it). */
  const workers = new Map<string, string>();

  const ensureQueue = async (instance: PgBoss, name: string) => {
    if (queuesMade.has(name)) return;
    // Two processes starting at once may both create a new queue; pg-boss's create_queue then deadlocks (each holds
    // what the other's foreign key needs) and PostgreSQL ends one of them. The other made the queue: try again.
    for (let attempt = 1; ; attempt++) {
      try {
        await instance.createQueue(name);
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== DEADLOCK || attempt >= 3) throw error;
      }
    }
    queuesMade.add(name);
  };

  // The app's pool: one connection on the embedded database, which serialises every query anyway.
  const newBoss = (options: { supervise?: boolean; schedule?: boolean } = {}) =>
    new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => database.pool.query(text, values as never[]) },
      schema: 'pgboss',
      ...options,
    });

  const prepare = async () => {
    // An instance that only creates: no maintenance, no cron, no workers; stopping it leaves the app's pool open.
    const instance = newBoss({ supervise: false, schedule: false });
    instance.on('error', (error) => log.error({ err: error }, 'background job queue error'));
    await instance.start();
    try {
      for (const name of new Set([...handlers.keys(), ...schedules.keys()]))
        await ensureQueue(instance, name);
      for (const [name, { cron, data }] of schedules)
        await instance.schedule(name, cron, data, { tz: 'UTC' });
    } finally {
      await instance.stop({ graceful: false, close: false });
    }
  };

  const start = () => {
    started ??= (async () => {
      const instance = newBoss();
      instance.on('error', (error) => log.error({ err: error }, 'background job queue error'));
      await instance.start();
      for (const [name, handler] of handlers) {
        await ensureQueue(instance, name);
        if (options.workers === false) continue;
        const worker = await instance.work(
          name,
          { pollingIntervalSeconds: options.pollSeconds ?? 1 },
          async (jobs) => {
            let output: unknown;
            for (const job of jobs) output = await handler(job.data, { id: job.id });
            // One job a fetch (pg-boss's default batch): its handler's answer is the job's output.
            return jobs.length === 1 && output !== null && typeof output === 'object' ? output : undefined;
          },
        );
        workers.set(name, worker);
      }
      for (const [name, { cron, data }] of schedules) {
        await ensureQueue(instance, name);
        await instance.schedule(name, cron, data, { tz: 'UTC' });
      }
      boss = instance;
      return instance;
    })();
    return started;
  };

  const get = async (name: string, id: string): Promise<JobRecord | null> => {
    await start();
    const { rows } = await database.pool.query<JobRow>(
      `SELECT * FROM ${ALL_JOBS} WHERE name = $1 AND id = $2 ORDER BY archived LIMIT 1`,
      [name, id],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  };

  return {
    register: (name, handler) => {
      if (started) throw new Error(`job ${name} registered after the queue started`);
      handlers.set(name, handler as JobHandler<unknown>);
    },
    schedule: (name, cron, data = {}) => {
      if (started) throw new Error(`job ${name} scheduled after the queue started`);
      schedules.set(name, { cron, data });
    },
    send: async (name, data, sendOptions = {}) => {
      const instance = await start();
      await ensureQueue(instance, name);
      const client = sendOptions.db;
      const id = await instance.send(name, data, {
        retryLimit: sendOptions.retryLimit ?? 1,
        expireInSeconds: 60 * 60,
        ...(client
          ? {
              db: { executeSql: (text: string, values?: unknown[]) => client.query(text, values as never[]) },
            }
          : {}),
      });
      if (!id) throw new Error(`job ${name} was not queued`);
      // This process works the queue: its worker fetches the job now rather than at its next poll (up to a second
      // later), once the job's transaction has committed.
      const worker = workers.get(name);
      if (worker) afterCommit(client ?? instance, () => instance.notifyWorker(worker));
      return id;
    },
    state: async (name, id) => {
      const instance = await start();
      const job = await instance.getJobById(name, id, { includeArchive: true });
      return job?.state ?? null;
    },
    list: async ({ name, state, before, limit }) => {
      await start();
      const { rows } = await database.pool.query<JobRow>(
        `SELECT * FROM ${ALL_JOBS}
          WHERE ($1::text IS NULL OR name = $1) AND ($2::text IS NULL OR state = $2)
            AND ($3::timestamptz IS NULL OR (created_on, id) < ($3::timestamptz, $4::text))
          ORDER BY created_on DESC, id DESC LIMIT $5`,
        [name ?? null, state ?? null, before?.createdKey ?? null, before?.id ?? null, limit],
      );
      return rows.map(toRecord);
    },
    get,
    prepare,
    queues: async () => {
      const instance = await start();
      return (await instance.getQueues()).map((q) => q.name).sort();
    },
    retry: async (name, id) => {
      const instance = await start();
      const job = await get(name, id);
      if (!job || job.archived || !RETRYABLE.includes(job.state)) return false;
      if (job.state === 'failed') await instance.retry(name, id);
      else await instance.resume(name, id);
      // pg-boss's own statement checks the state again: a job that moved on meanwhile is left as it is.
      return (await get(name, id))?.state !== job.state;
    },
    cancel: async (name, id) => {
      const instance = await start();
      const job = await get(name, id);
      if (!job || job.archived || !CANCELLABLE.includes(job.state)) return false;
      await instance.cancel(name, id);
      return (await get(name, id))?.state === 'cancelled';
    },
    start: async () => {
      await start();
    },
    stop: async () => {
      if (!started) return;
      await started.catch(() => undefined);
      await boss?.stop({ graceful: true, wait: true, timeout: 15_000 });
    },
  };
}
