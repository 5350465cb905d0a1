// Pure rules of the offline queue (issue 16): what a change does to the queue (coalescing), which op goes next for
// which user, what an answer means, what a success changes in later ops, and the queue shown over a day.
import type { Bucket, Slip } from '../../../shared/schemas/slip';
import { type SlipValues, sortByStart } from '../slips/slip-logic';

export type OpKind = 'slip-create' | 'slip-update' | 'slip-delete' | 'bucket-save';
export type OpState = 'queued' | 'sending' | 'failed';
/** A slip's server id, or the client id of its create while that is still queued. */
export type SlipTarget = number | string;
export type BucketTarget = { categoryId: number; date: string };
export type BucketValues = { time: string; comment: string; version: number };
export type OpError = {
  status: number;
  message: string;
  fields: Record<string, string[]>;
  current: unknown;
};

export type QueuedOp = {
  /** Order of the queue (IndexedDB autoIncrement); absent until stored. */
  seq?: number;
  /** Client-generated; a create's id is also the client id its later edits target. */
  id: string;
  userId: number;
  kind: OpKind;
  /** The Idempotency-Key: the op's id, so every attempt of the op carries the same key. */
  key: string;
  target: SlipTarget | BucketTarget;
  body: SlipValues | { version: number } | BucketValues;
  baseVersion: number;
  createdAt: number;
  attempts: number;
  state: OpState;
  error?: OpError;
  /** The slip or bucket as typed, for its card while the change waits. */
  view: Slip | Bucket;
  /** The day it shows on (MMddyyyy). */
  day: string;
};

export type Change =
  | { kind: 'slip-save'; target: SlipTarget | null; values: SlipValues; view: Slip; day: string }
  | { kind: 'slip-delete'; target: SlipTarget; version: number; view: Slip; day: string }
  | { kind: 'bucket-save'; target: BucketTarget; values: BucketValues; view: Bucket; day: string };

export type Plan = { put: QueuedOp[]; remove: number[] };

export type EnqueueContext = {
  userId: number;
  /** The new op's id (and key). */
  id: string;
  now: number;
  resolved: Readonly<Record<string, number>>;
  /** The change was already sent once with key `id` and its answer was lost. */
  attempted?: boolean;
};

export const isBucketTarget = (t: QueuedOp['target']): t is BucketTarget => typeof t === 'object';

/** A client id whose create has been saved reads as the server id. */
export function resolveTarget(target: SlipTarget, resolved: Readonly<Record<string, number>>): SlipTarget {
  return typeof target === 'string' && resolved[target] !== undefined ? resolved[target] : target;
}

/** Ops of one chain touch one slip (or one bucket day) and are sent strictly in order. */
export function chainOf(op: Pick<QueuedOp, 'kind' | 'target' | 'id'>): string {
  if (op.kind === 'slip-create') return `c:${op.id}`;
  return chainOfTarget(op.target);
}

export function chainOfTarget(target: QueuedOp['target']): string {
  if (isBucketTarget(target)) return `b:${target.categoryId}:${target.date}`;
  return typeof target === 'string' ? `c:${target}` : `s:${target}`;
}

const bySeq = (a: QueuedOp, b: QueuedOp) =>
  (a.seq ?? Number.POSITIVE_INFINITY) - (b.seq ?? Number.POSITIVE_INFINITY);

/** Ops not yet on the server and never tried, or refused: their body may still change. */
const open = (op: QueuedOp) => op.state === 'failed' || (op.state === 'queued' && op.attempts === 0);

/** What a change from the daily panel does to the queue. */
export function planEnqueue(existing: readonly QueuedOp[], change: Change, ctx: EnqueueContext): Plan {
  const fresh = (kind: OpKind, target: QueuedOp['target'], body: QueuedOp['body']): QueuedOp => ({
    id: ctx.id,
    userId: ctx.userId,
    kind,
    key: ctx.id,
    target: kind === 'slip-create' ? ctx.id : target,
    body,
    baseVersion: body.version,
    createdAt: ctx.now,
    attempts: ctx.attempted ? 1 : 0,
    state: 'queued',
    view: change.view,
    day: change.day,
  });
  if (change.kind === 'slip-save' && change.target === null) {
    return { put: [fresh('slip-create', ctx.id, { ...change.values, version: 0 })], remove: [] };
  }
  const target =
    change.kind === 'bucket-save' ? change.target : resolveTarget(change.target as SlipTarget, ctx.resolved);
  const chain = chainOfTarget(target);
  const mine = existing
    .filter((op) => op.userId === ctx.userId && op.seq !== undefined && chainOf(op) === chain)
    .sort(bySeq);
  const last = mine.at(-1);
  // A change already attempted must stay as it was sent (same key, same body), so nothing coalesces into it.
  const into = !ctx.attempted && last && open(last) ? last : null;
  const reopened = (op: QueuedOp, patch: Partial<QueuedOp>): QueuedOp => ({
    ...op,
    ...patch,
    state: 'queued',
    error: undefined,
    // A refused change stored nothing on the server, so it goes again as if never tried.
    attempts: op.state === 'failed' ? 0 : op.attempts,
    view: change.view,
    day: change.day,
  });

  if (change.kind === 'bucket-save') {
    if (into) {
      return {
        put: [reopened(into, { body: { ...change.values, version: into.body.version } })],
        remove: [],
      };
    }
    return { put: [fresh('bucket-save', target, change.values)], remove: [] };
  }
  if (change.kind === 'slip-save') {
    if (into && into.kind !== 'slip-delete') {
      // Several edits before sending: one op that keeps the first base version.
      return {
        put: [reopened(into, { body: { ...change.values, version: into.body.version } })],
        remove: [],
      };
    }
    return { put: [fresh('slip-update', target, change.values)], remove: [] };
  }
  // Delete.
  const create = mine.find((op) => op.kind === 'slip-create');
  if (create && open(create)) {
    // The server never had it: the whole chain disappears.
    return { put: [], remove: mine.map((op) => op.seq!) };
  }
  if (into && into.kind === 'slip-update') {
    return {
      put: [reopened(into, { kind: 'slip-delete', body: { version: into.body.version } })],
      remove: [],
    };
  }
  if (into && into.kind === 'slip-delete') return { put: [], remove: [] };
  return { put: [fresh('slip-delete', target, { version: change.version })], remove: [] };
}

/**
 * The next op to send for the signed-in user: the first queued op (a 'sending' one left by a closed page counts as
 * queued) whose chain has no refused op before it. Other users' ops are never sendable.
 */
export function nextSendable(
  ops: readonly QueuedOp[],
  userId: number,
  resolved: Readonly<Record<string, number>> = {},
): QueuedOp | null {
  return sendableRun(ops, userId, resolved)[0] ?? null;
}

/**
 * The ops that may go out one after the other without waiting for each answer to be stored: from the next sendable
 * op on, each the first op of its slip or bucket day. A later op of a chain waits (it may take the earlier answer's
 * server id or version), and so does everything after it, so the queue still leaves in order. The first op of the run
 * is the one nextSendable answers.
 */
export function sendableRun(
  ops: readonly QueuedOp[],
  userId: number,
  resolved: Readonly<Record<string, number>> = {},
): QueuedOp[] {
  const run: QueuedOp[] = [];
  const blocked = new Set<string>();
  const seen = new Set<string>();
  const creates = new Set(ops.filter((op) => op.kind === 'slip-create').map((op) => op.id));
  for (const op of [...ops].sort(bySeq)) {
    if (op.userId !== userId) continue;
    const chain = chainOf(op);
    if (blocked.has(chain)) continue;
    if (op.state === 'failed') {
      blocked.add(chain);
      continue;
    }
    if (op.kind !== 'slip-create' && typeof op.target === 'string') {
      if (resolved[op.target] === undefined && !creates.has(op.target)) continue;
    }
    if (seen.has(chain)) break;
    seen.add(chain);
    run.push(op);
  }
  return run;
}

export type Outcome = { ok: true } | { ok: false; status: number; reason?: 'LOGIN' | undefined };
export type Decision = 'done' | 'retry' | 'pause' | 'failed';

/** What an answer means for the op: saved, try again later, stop until signed in again, or refused. */
export function decide(outcome: Outcome): Decision {
  if (outcome.ok) return 'done';
  const { status } = outcome;
  if (status === 401 || outcome.reason === 'LOGIN') return 'pause';
  if (status === 0 || status === 408 || status === 429 || status >= 500) return 'retry';
  if (status >= 400) return 'failed';
  return 'retry';
}

/**
 * After an op succeeded: it leaves the queue; a create's later ops target its server id; the next ops of the
 * chain were typed on top of it, so they take the version the server answered.
 */
export function planSuccess(
  ops: readonly QueuedOp[],
  done: QueuedOp,
  answer: { id?: number; version?: number } | null,
): Plan & { resolved?: [string, number] } {
  const put: QueuedOp[] = [];
  const serverId = done.kind === 'slip-create' ? answer?.id : undefined;
  const chain = chainOf(done);
  for (const op of [...ops].sort(bySeq)) {
    if (op.seq === done.seq || op.userId !== done.userId || chainOf(op) !== chain) continue;
    let next = op;
    if (serverId !== undefined && op.target === done.id) next = { ...next, target: serverId };
    if (answer?.version !== undefined && next.attempts === 0 && next.state !== 'sending') {
      next = { ...next, body: { ...next.body, version: answer.version }, baseVersion: answer.version };
    }
    if (next !== op) put.push(next);
  }
  return {
    put,
    remove: done.seq === undefined ? [] : [done.seq],
    resolved: serverId === undefined ? undefined : [done.id, serverId],
  };
}

export type Pending = {
  opId: string;
  seq: number;
  kind: OpKind;
  state: OpState;
  error?: OpError;
  /** What a later change of this card targets. */
  target: SlipTarget;
};

export type MergedDay = {
  slips: Slip[];
  buckets: Bucket[];
  /** Display id (a queued create shows as -seq) → its waiting change. */
  pending: Map<number, Pending>;
  pendingBuckets: Map<number, Pending>;
};

/** The day as the user left it: queued changes of `userId` over the fetched (or remembered) day. */
export function mergeDay(
  base: { slips: readonly Slip[]; buckets: readonly Bucket[] },
  ops: readonly QueuedOp[],
  day: string,
  userId: number,
  resolved: Readonly<Record<string, number>> = {},
): MergedDay {
  const slips = new Map(base.slips.map((s) => [s.id, s]));
  const buckets = base.buckets.map((b) => ({ ...b }));
  const pending = new Map<number, Pending>();
  const pendingBuckets = new Map<number, Pending>();
  const localIds = new Map<string, number>();
  for (const op of [...ops].sort(bySeq)) {
    if (op.userId !== userId || op.seq === undefined) continue;
    const info = (target: SlipTarget): Pending => ({
      opId: op.id,
      seq: op.seq!,
      kind: op.kind,
      state: op.state,
      error: op.error,
      target,
    });
    if (op.kind === 'bucket-save') {
      const t = op.target as BucketTarget;
      if (t.date !== day) continue;
      const i = buckets.findIndex((b) => b.category.id === t.categoryId);
      if (i >= 0) {
        buckets[i] = { ...buckets[i]!, ...(op.view as Bucket), category: buckets[i]!.category };
        pendingBuckets.set(t.categoryId, info(t.categoryId));
      }
      continue;
    }
    if (op.kind === 'slip-create') {
      const id = -op.seq;
      localIds.set(op.id, id);
      if (op.day === day) {
        slips.set(id, { ...(op.view as Slip), id });
        pending.set(id, info(op.id));
      }
      continue;
    }
    const target = resolveTarget(op.target as SlipTarget, resolved);
    const id = typeof target === 'number' ? target : localIds.get(target);
    if (id === undefined) continue;
    const stays = op.kind === 'slip-update' || op.state === 'failed';
    if (stays && op.day === day) {
      slips.set(id, { ...(op.view as Slip), id });
      pending.set(id, info(target));
    } else {
      slips.delete(id);
      pending.delete(id);
    }
  }
  return { slips: sortByStart([...slips.values()]), buckets, pending, pendingBuckets };
}

/** The queue after a plan whose ops all carry their seq (what the store will hold once it is applied). */
/** A plan's new client id → server id pairs: one (a success) or several (successes stored together). */
export type Resolved = [string, number] | [string, number][];

export function resolvedPairs(resolved: Resolved | undefined): [string, number][] {
  if (!resolved) return [];
  return typeof resolved[0] === 'string' ? [resolved as [string, number]] : (resolved as [string, number][]);
}

export function withPlan(
  state: { ops: readonly QueuedOp[]; resolved: Readonly<Record<string, number>> },
  plan: Plan & { resolved?: Resolved },
): { ops: QueuedOp[]; resolved: Readonly<Record<string, number>> } {
  const gone = new Set([...plan.remove, ...plan.put.map((op) => op.seq)]);
  const ops = [...state.ops.filter((op) => !gone.has(op.seq)), ...plan.put].sort(bySeq);
  const pairs = resolvedPairs(plan.resolved);
  const resolved = pairs.length ? { ...state.resolved, ...Object.fromEntries(pairs) } : state.resolved;
  return { ops, resolved };
}

/** Several successes stored in one go, each planned on the queue the ones before it left (in the order sent). */
export function planSuccesses(
  state: { ops: readonly QueuedOp[]; resolved: Readonly<Record<string, number>> },
  done: readonly { op: QueuedOp; answer: { id?: number; version?: number } | null }[],
): Plan & { resolved: [string, number][] } {
  let current = state;
  const put = new Map<number, QueuedOp>();
  const remove = new Set<number>();
  const resolved: [string, number][] = [];
  for (const { op, answer } of done) {
    const plan = planSuccess(current.ops, op, answer);
    current = withPlan(current, plan);
    for (const next of plan.put) put.set(next.seq!, next);
    for (const seq of plan.remove) {
      remove.add(seq);
      put.delete(seq);
    }
    resolved.push(...resolvedPairs(plan.resolved));
  }
  return { put: [...put.values()], remove: [...remove], resolved };
}
