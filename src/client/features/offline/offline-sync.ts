// The one way the daily panel writes (issue 16): online a change is sent at once with an Idempotency-Key; on a
// network failure it is queued on this device and sent later, in order, by the sync engine, for the user who made it.
import type { Bucket, Slip } from '../../../shared/schemas/slip';
import { toPayload } from '../../api/entity';
import { apiDelete, apiPost, isApiError, networkFailure, type RequestOptions } from '../../api/http';
import type { SlipValues } from '../slips/slip-logic';
import { offlineCapable } from './offline-reads';
import * as store from './offline-store';
import {
  type BucketTarget,
  type BucketValues,
  type Change,
  chainOfTarget,
  type Decision,
  decide,
  nextSendable,
  type Plan,
  planEnqueue,
  planSuccesses,
  type QueuedOp,
  type Resolved,
  resolveTarget,
  type SlipTarget,
  sendableRun,
} from './queue-logic';
import { publish, queueSnapshot, savedListeners } from './queue-state';

export { defaultsOrLocal, summaryOrRemembered } from './offline-reads';
export { subscribeSaved } from './queue-state';

let loading: Promise<void> | null = null;
/** Reads the queue once per page; a browser without IndexedDB just has an empty queue. */
export function ensureLoaded(): Promise<void> {
  loading ??= offlineCapable()
    ? store
        .readQueue()
        .then(({ ops, resolved }) => publish({ ops, resolved, loaded: true }))
        .catch((error: unknown) => {
          console.error(error);
          publish({ loaded: true });
        })
    : Promise.resolve(publish({ loaded: true }));
  return loading;
}

// Every change of the queue runs one after the other, so a send never races an edit coalescing into the same op.
let lock: Promise<unknown> = Promise.resolve();
function serial<T>(fn: () => Promise<T>): Promise<T> {
  const run = lock.then(fn);
  lock = run.catch(() => undefined);
  return run;
}

// Other tabs of the app share the queue: each change is announced, and a tab hearing one reads the queue again.
const tabs = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('sd6-offline');

/** The revision of the queue this tab's copy shows (-1: none read yet). */
let rev = -1;

async function refresh(): Promise<void> {
  if (!offlineCapable()) return;
  const read = await store.readQueue();
  rev = read.rev;
  publish({ ops: read.ops, resolved: read.resolved });
}
if (tabs) tabs.onmessage = () => void serial(refresh).catch((e: unknown) => console.error(e));

/** Changes the queue on the device (planned on its current state there) and shows the result; the ops put. */
async function mutate(plan: (state: store.QueueState) => Plan & { resolved?: Resolved }) {
  const { ops, resolved } = queueSnapshot();
  const done = await store.transact(plan, { rev, state: { ops: [...ops], resolved: { ...resolved } } });
  const changed = done.rev !== rev;
  rev = done.rev;
  publish({ ops: done.ops, resolved: done.resolved });
  if (changed) tabs?.postMessage('changed');
  return done.put;
}

const bySeq = (ops: readonly QueuedOp[], seq: number | undefined) => ops.find((op) => op.seq === seq);

/** A client id: crypto.randomUUID where the page is a secure context, else 122 random bits in the same form. */
export function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const slipUrl = (target: SlipTarget) => {
  if (typeof target !== 'number') throw new Error('The slip this change belongs to was never saved.');
  return `/api/manage/slip/${target}`;
};

/** One request of an op, with its key; the answer's slip or bucket (null for a delete). */
async function sendOp(
  op: Pick<QueuedOp, 'kind' | 'key' | 'target' | 'body'>,
  resolved: Readonly<Record<string, number>>,
): Promise<Slip | Bucket | null> {
  const options: RequestOptions = { headers: { 'Idempotency-Key': op.key }, redirectOnLogin: false };
  switch (op.kind) {
    case 'slip-create':
      return (await apiPost<{ slip: Slip }>('/api/manage/slip/create', toPayload(op.body), options)).slip;
    case 'slip-update': {
      const url = slipUrl(resolveTarget(op.target as SlipTarget, resolved));
      return (await apiPost<{ slip: Slip }>(url, toPayload(op.body), options)).slip;
    }
    case 'slip-delete': {
      const url = slipUrl(resolveTarget(op.target as SlipTarget, resolved));
      await apiDelete(`${url}?version=${op.body.version}`, options);
      return null;
    }
    case 'bucket-save': {
      const t = op.target as BucketTarget;
      return (
        await apiPost<{ bucket: Bucket }>(`/api/manage/bucket/${t.categoryId}/${t.date}`, op.body, options)
      ).bucket;
    }
  }
}

export type WriteResult<T> = { queued: false; value: T } | { queued: true };

const OP_KIND = {
  'slip-save': 'slip-update',
  'slip-delete': 'slip-delete',
  'bucket-save': 'bucket-save',
} as const;

async function write<T extends Slip | Bucket | null>(
  userId: number,
  change: Change,
): Promise<WriteResult<T>> {
  await ensureLoaded();
  const isCreate = change.kind === 'slip-save' && change.target === null;
  // What another tab queued decides too whether this change may go at once. A new slip waits on nothing, so it
  // skips that read of the device's queue (and the render it causes) on the way to the server.
  if (!isCreate) await serial(refresh).catch((e: unknown) => console.error(e));
  const target = isCreate
    ? null
    : change.kind === 'bucket-save'
      ? change.target
      : resolveTarget(change.target as SlipTarget, queueSnapshot().resolved);
  const waiting =
    target !== null &&
    queueSnapshot().ops.some(
      (op) =>
        op.userId === userId &&
        chainOfTarget(op.kind === 'slip-create' ? op.id : op.target) === chainOfTarget(target),
    );
  if (navigator.onLine && !waiting) {
    const key = newId();
    const body = change.kind === 'slip-delete' ? { version: change.version } : change.values;
    const kind = change.kind === 'slip-save' && target === null ? 'slip-create' : OP_KIND[change.kind];
    try {
      const value = (await sendOp({ kind, key, target: target ?? key, body }, queueSnapshot().resolved)) as T;
      return { queued: false, value };
    } catch (error) {
      // Only a lost connection queues: the server may have applied it, so the op keeps the key it was sent with.
      if (!isApiError(error) || error.status !== 0 || !offlineCapable()) throw error;
      await serial(() =>
        mutate((state) =>
          planEnqueue(state.ops, change, {
            userId,
            id: key,
            now: Date.now(),
            resolved: state.resolved,
            attempted: true,
          }),
        ),
      );
      scheduleRetry();
      return { queued: true };
    }
  }
  if (!offlineCapable()) throw networkFailure();
  const id = newId();
  await serial(() =>
    mutate((state) =>
      planEnqueue(state.ops, change, { userId, id, now: Date.now(), resolved: state.resolved }),
    ),
  );
  kick();
  return { queued: true };
}

/** Saves a slip (target null: a new one), or queues it when there is no network. */
export function writeSlip(
  userId: number,
  target: SlipTarget | null,
  values: SlipValues,
  view: Slip,
  pathDate: string,
): Promise<WriteResult<Slip>> {
  return write<Slip>(userId, { kind: 'slip-save', target, values, view, day: pathDate });
}

export function removeSlip(
  userId: number,
  target: SlipTarget,
  version: number,
  view: Slip,
  pathDate: string,
): Promise<WriteResult<null>> {
  return write<null>(userId, { kind: 'slip-delete', target, version, view, day: pathDate });
}

export function writeBucket(
  userId: number,
  categoryId: number,
  pathDate: string,
  values: BucketValues,
  view: Bucket,
): Promise<WriteResult<Bucket>> {
  return write<Bucket>(userId, {
    kind: 'bucket-save',
    target: { categoryId, date: pathDate },
    values,
    view,
    day: pathDate,
  });
}

export type Choice = 'mine' | 'theirs' | 'discard';

/**
 * The user's answer to a refused change. Keep mine: send again (a 409 re-based on the server's version); take
 * theirs: drop it and show the server's; discard: drop it (a create with every later change of its slip).
 */
export async function choose(opId: string, choice: Choice): Promise<void> {
  let dropped: QueuedOp | null = null;
  await serial(() =>
    mutate(({ ops }) => {
      const op = ops.find((o) => o.id === opId);
      // Only a refused change is the user's to decide (another tab may have settled it already).
      if (!op || op.seq === undefined || op.state !== 'failed') return { put: [], remove: [] };
      if (choice === 'mine') {
        const version = (op.error?.current as { version?: number } | undefined)?.version;
        const body = op.error?.status === 409 && version !== undefined ? { ...op.body, version } : op.body;
        return {
          put: [{ ...op, body, baseVersion: body.version, state: 'queued', attempts: 0, error: undefined }],
          remove: [],
        };
      }
      dropped = op;
      const remove =
        op.kind === 'slip-create'
          ? ops.filter((o) => o.id === op.id || o.target === op.id).map((o) => o.seq!)
          : [op.seq];
      return { put: [], remove };
    }),
  );
  const gone = dropped as QueuedOp | null;
  if (gone) {
    const theirs = choice === 'theirs' ? ((gone.error?.current as Slip | Bucket | undefined) ?? null) : null;
    for (const l of savedListeners) l(gone, theirs);
  }
  if (choice === 'mine') kick();
  else engine.onDrained?.();
}

// The sync engine: one op at a time, the signed-in user's only, on `online`, at start and after a backoff.
const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000, 60_000];
const engine = {
  userId: null as number | null,
  onDrained: null as (() => void) | null,
  running: false,
  again: false,
  paused: false,
  backoff: 0,
  timer: null as ReturnType<typeof setTimeout> | null,
};

function scheduleRetry() {
  if (engine.timer !== null || engine.userId === null) return;
  const delay = BACKOFF_MS[Math.min(engine.backoff, BACKOFF_MS.length - 1)]!;
  engine.backoff += 1;
  engine.timer = setTimeout(() => {
    engine.timer = null;
    kick();
  }, delay);
}

/** Sends what can be sent now (no-op while a drain runs: that drain goes round once more). */
export function kick(): void {
  void drain();
}

async function drain(): Promise<void> {
  if (engine.running) {
    engine.again = true;
    return;
  }
  engine.running = true;
  let sent = 0;
  try {
    await ensureLoaded();
    do {
      engine.again = false;
      sent += await drainOnce();
    } while (engine.again);
  } catch (error) {
    console.error(error);
  } finally {
    engine.running = false;
  }
  if (
    sent > 0 &&
    engine.userId !== null &&
    !nextSendable(queueSnapshot().ops, engine.userId, queueSnapshot().resolved)
  ) {
    engine.onDrained?.();
  }
}

/**
 * Marks the user's run of ops that may go without waiting (queue-logic sendableRun) as being sent, in one
 * transaction: every attempt is on the device before its request leaves. Returns the run as stored and as it was.
 */
async function takeRun(userId: number): Promise<{ run: QueuedOp[]; before: QueuedOp[] }> {
  let before: QueuedOp[] = [];
  const stored = await mutate((state) => {
    const go = engine.userId === userId && !engine.paused && navigator.onLine;
    before = go ? sendableRun(state.ops, userId, state.resolved) : [];
    return {
      put: before.map((op) => ({ ...op, state: 'sending' as const, attempts: op.attempts + 1 })),
      remove: [],
    };
  });
  const taken = before;
  return { run: taken.map((op) => stored.find((o) => o.seq === op.seq) ?? op), before: taken };
}

async function drainOnce(): Promise<number> {
  const userId = engine.userId;
  if (userId === null) return 0;
  let sent = 0;
  for (;;) {
    const { run, before } = await serial(() => takeRun(userId));
    if (run.length === 0) return sent;
    // Each success is stored while the next request is on its way (in order, through the queue's lock): the run's
    // ops do not depend on each other's answers, and a page closed meanwhile sends the unstored ones again with
    // their keys, which the server answers without applying them twice.
    const waiting: { op: QueuedOp; answer: Slip | Bucket | null }[] = [];
    let stored: Promise<unknown> | null = null;
    // Successes that come while one transaction is running are stored together by the next.
    const storeWaiting = (): void => {
      if (stored) return;
      stored = serial(async () => {
        while (waiting.length) {
          const done = waiting.splice(0);
          await mutate((state) => planSuccesses(state, done));
        }
      }).finally(() => {
        stored = null;
        // A success that came as the loop ended is stored by a new round (awaited below before the run ends).
        if (waiting.length) storeWaiting();
      });
    };
    let stop: { at: number; decision: Exclude<Decision, 'done'>; error: unknown } | null = null;
    for (let at = 0; at < run.length; at++) {
      const sending = run[at]!;
      let answer: Slip | Bucket | null = null;
      let error: unknown = null;
      try {
        answer = await sendOp(sending, queueSnapshot().resolved);
      } catch (e) {
        error = e;
      }
      const decision = error
        ? isApiError(error)
          ? decide({ ok: false, status: error.status, reason: error.reason })
          : 'failed'
        : decide({ ok: true });
      if (decision !== 'done') {
        stop = { at, decision, error };
        break;
      }
      waiting.push({ op: sending, answer });
      storeWaiting();
      for (const l of savedListeners) l(sending, answer);
      engine.backoff = 0;
      sent += 1;
    }
    while (stored) await stored;
    if (!stop) continue;
    const { at, decision, error } = stop;
    const sending = run[at]!;
    // The run's ops after the stop never left: they go back as they were (open to coalescing again).
    const unsent = before.slice(at + 1);
    const e = isApiError(error) ? error : null;
    const refusal = {
      status: e?.status ?? 0,
      message: e ? e.message : error instanceof Error ? error.message : String(error),
      fields: e?.fields ?? {},
      current: e?.current ?? null,
    };
    await serial(() =>
      mutate((state) => {
        const now = bySeq(state.ops, sending.seq);
        const put: QueuedOp[] = now
          ? [
              decision === 'failed'
                ? { ...now, state: 'failed', error: refusal }
                : { ...now, state: 'queued' },
            ]
          : [];
        for (const op of unsent) {
          const current = bySeq(state.ops, op.seq);
          if (current) put.push({ ...current, state: op.state, attempts: op.attempts });
        }
        return { put, remove: [] };
      }),
    );
    // A refused change waits for the user; other slips' changes go on.
    if (decision === 'failed') continue;
    // An expired session waits for the next sign-in (no redirect from here: the page does that on its own calls).
    if (decision === 'pause') engine.paused = true;
    else scheduleRetry();
    return sent;
  }
}

/** Starts sending the user's queue; `onDrained` runs when changes were saved and nothing is left to send. */
export function startSync(userId: number, onDrained: () => void): () => void {
  engine.userId = userId;
  engine.onDrained = onDrained;
  engine.paused = false;
  const online = () => {
    engine.backoff = 0;
    if (engine.timer !== null) clearTimeout(engine.timer);
    engine.timer = null;
    kick();
  };
  window.addEventListener('online', online);
  kick();
  return () => {
    window.removeEventListener('online', online);
    if (engine.userId === userId) {
      engine.userId = null;
      engine.onDrained = null;
    }
    if (engine.timer !== null) clearTimeout(engine.timer);
    engine.timer = null;
  };
}
