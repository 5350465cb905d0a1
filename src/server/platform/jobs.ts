// Background jobs (RMM imports, report packs): a PostgreSQL-backed queue (pg-boss) on the app's own connection
// pool, so it runs on the embedded database and on a server alike, survives restarts (jobs are rows) and runs each
// job once however many app processes poll.

import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';

export type JobHandler<T> = (data: T, job: { id: string }) => Promise<void>;

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
  /** A job's state (created, retry, active, completed, cancelled, failed), or null when there is no such job. */
  state: (name: string, id: string) => Promise<string | null>;
  /** Starts polling (the server does at start-up, so jobs queued before a restart run). */
  start: () => Promise<void>;
  stop: () => Promise<void>;
};

type Logger = { error: (obj: unknown, msg?: string) => void };

export function createJobs(database: Database, log: Logger, options: { pollSeconds?: number } = {}): Jobs {
  const handlers = new Map<string, JobHandler<unknown>>();
  let started: Promise<PgBoss> | null = null;
  let boss: PgBoss | null = null;

  const start = () => {
    started ??= (async () => {
      const instance = new PgBoss({
        // The app's pool: one connection on the embedded database, which serialises every query anyway.
        db: {
          executeSql: (text: string, values?: unknown[]) => database.pool.query(text, values as never[]),
        },
        schema: 'pgboss',
      });
      instance.on('error', (error) => log.error({ err: error }, 'background job queue error'));
      await instance.start();
      for (const [name, handler] of handlers) {
        await instance.createQueue(name);
        await instance.work(name, { pollingIntervalSeconds: options.pollSeconds ?? 1 }, async (jobs) => {
          for (const job of jobs) await handler(job.data, { id: job.id });
        });
      }
      boss = instance;
      return instance;
    })();
    return started;
  };

  return {
    register: (name, handler) => {
      if (started) throw new Error(`job ${name} registered after the queue started`);
      handlers.set(name, handler as JobHandler<unknown>);
    },
    send: async (name, data, sendOptions = {}) => {
      const instance = await start();
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
      return id;
    },
    state: async (name, id) => {
      const instance = await start();
      const job = await instance.getJobById(name, id, { includeArchive: true });
      return job?.state ?? null;
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
