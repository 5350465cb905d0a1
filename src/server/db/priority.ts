// The embedded database runs one statement at a time for everyone. Work nobody is waiting on a screen for in the
// next moment (a report's rows, an export) is marked `bulk`: its checkouts of the connection wait while interactive
// ones (a slip save, a daily summary) are queued, and for a moment after one ends, because a request's next statement
// follows its last within a millisecond or two. A report cut into short statements (report-cut.ts) then delays
// another user's call by one of those statements at most. Bulk work waiting longer than `maxWaitMs` goes next anyway:
// it is slowed under load, never starved.
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

const bulkWork = new AsyncLocalStorage<boolean>();

/** Runs `work` with every checkout it makes (its own and its callees') at bulk priority. */
export const asBulk = <T>(work: () => Promise<T>): Promise<T> => bulkWork.run(true, work);

/** Whether the caller runs at bulk priority (asBulk). */
export const isBulk = () => bulkWork.getStore() === true;

export type PriorityOptions = {
  /** How long after an interactive checkout ends bulk work still waits for that request's next statement. */
  anticipateMs: number;
  /** The longest bulk work waits while interactive work keeps coming. */
  maxWaitMs: number;
};

export const DEFAULT_PRIORITY: PriorityOptions = { anticipateMs: 4, maxWaitMs: 15 };

type Waiter = { grant: () => void; since: number };
type Connect = (
  callback?: (err: Error | undefined, client?: pg.PoolClient, done?: () => void) => void,
) => unknown;

/**
 * Puts the pool's checkouts (pool.query checks out too) through one gate, interactive first. For a pool of ONE
 * connection: the gate hands out one checkout at a time.
 */
export function prioritize(pool: pg.Pool, options: PriorityOptions = DEFAULT_PRIORITY): void {
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const interactive: Waiter[] = [];
  const bulk: Waiter[] = [];
  let held = false;
  let lastInteractive = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | null = null;

  const grant = (queue: Waiter[]) => {
    if (timer) clearTimeout(timer);
    timer = null;
    held = true;
    queue.shift()!.grant();
  };
  const next = () => {
    if (held) return;
    const now = performance.now();
    const overdue = bulk.length > 0 && now - bulk[0]!.since >= options.maxWaitMs;
    if (interactive.length && !overdue) return grant(interactive);
    if (!bulk.length) return;
    const wait = lastInteractive + options.anticipateMs - now;
    if (wait <= 0 || overdue) return grant(bulk);
    if (!timer) {
      timer = setTimeout(() => {
        timer = null;
        next();
      }, wait);
      timer.unref();
    }
  };
  const acquire = (asBulkWork: boolean) =>
    new Promise<() => void>((resolve) => {
      let freed = false;
      const free = () => {
        if (freed) return;
        freed = true;
        held = false;
        if (!asBulkWork) lastInteractive = performance.now();
        next();
      };
      (asBulkWork ? bulk : interactive).push({ grant: () => resolve(free), since: performance.now() });
      next();
    });

  const checkout = async (): Promise<pg.PoolClient> => {
    const free = await acquire(isBulk());
    let client: pg.PoolClient;
    try {
      client = await connect();
    } catch (err) {
      free();
      throw err;
    }
    // pg-pool sets `release` on each checkout: this one also opens the gate, once.
    const release = client.release;
    client.release = (err?: Error | boolean) => {
      try {
        return release(err);
      } finally {
        free();
      }
    };
    return client;
  };

  (pool as unknown as { connect: Connect }).connect = (callback) => {
    const out = checkout();
    if (!callback) return out;
    // pool.query checks out with a callback.
    out.then(
      (client) => callback(undefined, client, client.release),
      (err: Error) => callback(err),
    );
    return undefined;
  };
}
