// One global search at a time per process: searches queue behind each other instead of ahead of everybody's time
// entry, so one user's searches (or a crafted term) never take more than one connection. Each statement of a search
// then takes its turn in the pool's queue like any other query: the queries already waiting go first (on the
// embedded database, one query at a time). A queued search whose caller has gone is skipped.

export class SearchGate {
  private tail: Promise<unknown> = Promise.resolve();

  /** Runs `work` when it is this search's turn; null when the caller left while it waited. */
  run<T>(gone: () => boolean, work: () => Promise<T>): Promise<T | null> {
    const turn = this.tail.then(() => (gone() ? null : work()));
    // The next search waits for this one, whether it succeeds or fails.
    this.tail = turn.catch(() => {});
    return turn;
  }
}

export const searchGate = new SearchGate();
