// One global search at a time per caller: a caller's searches (one per keystroke, or a script's) queue behind each
// other, so no one's searches take more than one connection and everybody else's requests keep theirs; different
// people search side by side. Each statement then takes its turn in the pool's queue like any other query (on the
// embedded database, one query at a time). A queued search whose caller has gone is skipped.

export class SearchGate {
  private readonly tails = new Map<string | number, Promise<unknown>>();

  /** Runs `work` when it is this caller's turn; null when the caller left while it waited. */
  run<T>(caller: string | number, gone: () => boolean, work: () => Promise<T>): Promise<T | null> {
    const turn = (this.tails.get(caller) ?? Promise.resolve()).then(() => (gone() ? null : work()));
    // The caller's next search waits for this one, whether it succeeds or fails; the last one forgets the caller.
    const tail = turn.catch(() => {});
    this.tails.set(caller, tail);
    void tail.then(() => {
      if (this.tails.get(caller) === tail) this.tails.delete(caller);
    });
    return turn;
  }

  /** Callers with a search queued or running (a test reads it: the gate forgets who is done). */
  get callers(): number {
    return this.tails.size;
  }
}

export const searchGate = new SearchGate();
