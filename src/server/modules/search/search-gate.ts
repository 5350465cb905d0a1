// One global search at a time per process, after the queries already waiting for a connection: searches queue
// behind each other instead of ahead of everybody's time entry (the embedded database runs one query at a time,
// and on PostgreSQL one search keeps a core, not all of them). A queued search whose caller has gone is skipped.
import type pg from 'pg';

/** The longest a search waits for other callers' queries to go first (it then takes its turn anyway). */
const YIELD_MS = 250;

// A millisecond, not setImmediate: waiting must not keep a core busy.
const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

/** Resolves once no query of another request waits for a connection (or after YIELD_MS, to take a turn anyway). */
export async function afterWaitingQueries(pool: Pick<pg.Pool, 'waitingCount'>): Promise<void> {
  const until = performance.now() + YIELD_MS;
  while (pool.waitingCount > 0 && performance.now() < until) await nextTurn();
}

export class SearchGate {
  private tail: Promise<unknown> = Promise.resolve();

  /** Runs `work` when it is this search's turn; null when the caller left while it waited. */
  run<T>(
    pool: Pick<pg.Pool, 'waitingCount'>,
    gone: () => boolean,
    work: () => Promise<T>,
  ): Promise<T | null> {
    const turn = this.tail.then(async () => {
      if (gone()) return null;
      await afterWaitingQueries(pool);
      return gone() ? null : work();
    });
    // The next search waits for this one, whether it succeeds or fails.
    this.tail = turn.catch(() => {});
    return turn;
  }
}

export const searchGate = new SearchGate();
