// The device's offline memory (IndexedDB "sd6-offline"): the queue of changes not yet saved, the last summary seen
// per user and day, the last create defaults per user and task, the client ids of creates already saved, and the
// user's recent tasks (for the one-line entry with no network).
// Kept thin: the rules live in queue-logic.ts.
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { QuickCandidate } from '../../../shared/quick-entry';
import type { SlipSummary } from '../../../shared/schemas/slip';
import type { SlipLoad } from '../slips/slip-api';
import { type Plan, type QueuedOp, type Resolved, resolvedPairs, withPlan } from './queue-logic';

interface OfflineDb extends DBSchema {
  queue: { key: number; value: QueuedOp };
  /** `${userId}:${MMddyyyy}` → the summary. */
  days: { key: string; value: SlipSummary };
  /** `${userId}:${taskId}` → the create defaults. */
  defaults: { key: string; value: SlipLoad };
  /** Client id of a saved create → its server id. */
  resolved: { key: string; value: number };
  /** 'rev': how many times the queue changed (a tab whose copy has the same count need not read it again). */
  meta: { key: string; value: number };
  /** `${userId}` → the user's recent open tasks, as the server last listed them. */
  tasks: { key: string; value: QuickCandidate[] };
}

let opened: Promise<IDBPDatabase<OfflineDb>> | null = null;

function db(): Promise<IDBPDatabase<OfflineDb>> {
  opened ??= openDB<OfflineDb>('sd6-offline', 3, {
    upgrade(database) {
      const has = (name: string) => database.objectStoreNames.contains(name as 'queue');
      if (!has('queue')) database.createObjectStore('queue', { keyPath: 'seq', autoIncrement: true });
      if (!has('days')) database.createObjectStore('days');
      if (!has('defaults')) database.createObjectStore('defaults');
      if (!has('resolved')) database.createObjectStore('resolved');
      if (!has('meta')) database.createObjectStore('meta');
      if (!has('tasks')) database.createObjectStore('tasks');
    },
    // A newer version of the app (another tab) needs the database: let go of it, and open the new one on next use.
    blocking() {
      const closing = opened;
      opened = null;
      void closing?.then((d) => d.close());
    },
  });
  return opened;
}

export type QueueState = { ops: QueuedOp[]; resolved: Record<string, number> };

export async function readQueue(): Promise<QueueState & { rev: number }> {
  const d = await db();
  const tx = d.transaction(['queue', 'resolved', 'meta']);
  const [ops, keys, ids, rev] = await Promise.all([
    tx.objectStore('queue').getAll(),
    tx.objectStore('resolved').getAllKeys(),
    tx.objectStore('resolved').getAll(),
    tx.objectStore('meta').get('rev'),
  ]);
  await tx.done;
  return { ops, resolved: Object.fromEntries(keys.map((k, i) => [k, ids[i]!])), rev: rev ?? 0 };
}

/**
 * Reads the queue, plans a change of it with `plan` (synchronous) and writes that plan, all in one transaction: other
 * tabs of the app change the same queue, and their transactions wait for this one, so a plan never works on a
 * stale queue. `known` is the caller's copy at revision `rev`: when nothing changed since, it is not read again.
 * Returns the queue after it, its revision, and the ops put (new ones with their seq).
 */
export async function transact(
  plan: (state: QueueState) => Plan & { resolved?: Resolved },
  known?: { rev: number; state: QueueState },
): Promise<QueueState & { put: QueuedOp[]; rev: number }> {
  const d = await db();
  const tx = d.transaction(['queue', 'resolved', 'meta'], 'readwrite');
  const queue = tx.objectStore('queue');
  const rev = (await tx.objectStore('meta').get('rev')) ?? 0;
  let before: QueueState;
  if (known && known.rev === rev) before = known.state;
  else {
    const [ops, keys, ids] = await Promise.all([
      queue.getAll(),
      tx.objectStore('resolved').getAllKeys(),
      tx.objectStore('resolved').getAll(),
    ]);
    before = { ops, resolved: Object.fromEntries(keys.map((k, i) => [k, ids[i]!])) };
  }
  const change = plan(before);
  for (const seq of change.remove) await queue.delete(seq);
  const put: QueuedOp[] = [];
  for (const op of change.put) {
    const { seq, ...rest } = op;
    const key = seq === undefined ? await queue.add(rest as QueuedOp) : await queue.put(op);
    put.push({ ...op, seq: key });
  }
  const pairs = resolvedPairs(change.resolved);
  for (const [clientId, serverId] of pairs) await tx.objectStore('resolved').put(serverId, clientId);
  const changed = change.put.length > 0 || change.remove.length > 0 || pairs.length > 0;
  if (changed) await tx.objectStore('meta').put(rev + 1, 'rev');
  await tx.done;
  const after = withPlan(before, { ...change, put });
  return { ops: after.ops, resolved: { ...after.resolved }, put, rev: changed ? rev + 1 : rev };
}

export async function rememberDay(userId: number, pathDate: string, summary: SlipSummary): Promise<void> {
  await (await db()).put('days', summary, `${userId}:${pathDate}`);
}

export async function rememberedDay(userId: number, pathDate: string): Promise<SlipSummary | undefined> {
  return (await db()).get('days', `${userId}:${pathDate}`);
}

/** Every remembered day of the user (for a new slip's defaults with no network). */
export async function rememberedDays(userId: number): Promise<SlipSummary[]> {
  const prefix = `${userId}:`;
  return (await db()).getAll('days', IDBKeyRange.bound(prefix, `${prefix}\uffff`));
}

export async function rememberDefaults(userId: number, taskId: number, load: SlipLoad): Promise<void> {
  await (await db()).put('defaults', load, `${userId}:${taskId}`);
}

export async function rememberedDefaults(userId: number, taskId: number): Promise<SlipLoad | undefined> {
  return (await db()).get('defaults', `${userId}:${taskId}`);
}

export async function rememberTasks(userId: number, tasks: QuickCandidate[]): Promise<void> {
  await (await db()).put('tasks', tasks, String(userId));
}

export async function rememberedTasks(userId: number): Promise<QuickCandidate[]> {
  return (await (await db()).get('tasks', String(userId))) ?? [];
}
