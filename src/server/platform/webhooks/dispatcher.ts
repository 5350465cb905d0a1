// The sender of each process: woken after a commit that wrote deliveries (at most every wakeMs, so a burst of saves is
// sent in batches), and looking by itself every pollMs for retries that came due and for what other processes wrote.
// One batch at a time per process; across processes the claim's SKIP LOCKED keeps each delivery to one sender.
import { claimBatch, type DeliverDeps, sendClaimed } from './deliver.js';

export type Dispatcher = { wake: () => void; start: () => void; stop: () => Promise<void> };

export function createDispatcher(
  deps: DeliverDeps,
  options: { batch: number; wakeMs: number; pollMs: number },
): Dispatcher {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = true;
  let poll: NodeJS.Timeout | null = null;
  let wakeTimer: NodeJS.Timeout | null = null;
  let lastRun = 0;

  const loop = async () => {
    while (!stopped) {
      again = false;
      lastRun = Date.now();
      const claimed = await claimBatch(deps, options.batch);
      if (claimed.length > 0) await sendClaimed(deps, claimed);
      // A full batch has more behind it: go on. Otherwise stop, and let the next wake (no sooner than wakeMs after
      // this run) or poll take what came meanwhile in one batch; sent ones may have freed the next of their entity.
      if (claimed.length < options.batch) {
        if (claimed.length > 0 || again) setImmediate(wake);
        break;
      }
    }
  };
  function wake() {
    const wait = lastRun + options.wakeMs - Date.now();
    if (wait <= 0) run();
    else
      wakeTimer ??= setTimeout(() => {
        wakeTimer = null;
        run();
      }, wait).unref();
  }
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = loop()
      .catch((error) => deps.log.error({ err: error }, 'webhook dispatch failed'))
      .finally(() => {
        running = null;
      });
  };
  return {
    wake,
    start: () => {
      if (!stopped) return;
      stopped = false;
      poll = setInterval(run, options.pollMs).unref();
      run();
    },
    stop: async () => {
      stopped = true;
      if (poll) clearInterval(poll);
      if (wakeTimer) clearTimeout(wakeTimer);
      await running;
    },
  };
}
