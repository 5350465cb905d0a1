// The device's offline memory (IndexedDB "sd6-offline"): the queue of changes not yet saved, the last summary seen
// per user and day, the last create defaults per user and task, and the client ids of creates already saved.
// Kept thin: the rules live in queue-logic.ts.
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { SlipSummary } from '../../../shared/schemas/slip';
import type { SlipLoad } from '../slips/slip-api';
import { type Plan, type QueuedOp, withPlan } from './queue-logic';

interface OfflineDb extends DBSchema {
  queue: { key: number; value: QueuedOp };
  /** `${userId}:${MMddyyyy}` → the summary. */
  days: { key: string; value: SlipSummary };
  /** `${userId}:${taskId}` → the create defaults. */
  defaults: { key: string; value: SlipLoad };
  /** Client id of a saved create → its server id. */
  resolved: { key: string; value: number };
}

let opened: Promise<IDBPDatabase<OfflineDb>> | null = null;

function db(): Promise<IDBPDatabase<OfflineDb>> {
  opened ??= openDB<OfflineDb>('sd6-offline', 1, {
    upgrade(database) {
      database.createObjectStore('queue', { keyPath: 'seq', autoIncrement: true });
      database.createObjectStore('days');
      database.createObjectStore('defaults');
      database.createObjectStore('resolved');
    },
  });
  return opened;
}

export async function readQueue(): Promise<{ ops: QueuedOp[]; resolved: Record<string, number> }> {
  const d = await db();
  const tx = d.transaction(['queue', 'resolved']);
  const ops = await tx.objectStore('queue').getAll();
  const keys = await tx.objectStore('resolved').getAllKeys();
  const ids = await tx.objectStore('resolved').getAll();
  await tx.done;
  return { ops, resolved: Object.fromEntries(keys.map((k, i) => [k, ids[i]!])) };
}

export type QueueState = { ops: QueuedOp[]; resolved: Record<string, number> };

/**
 * Reads the queue, plans a change of it with `plan` (synchronous) and writes that plan, all in one transaction: other
 * tabs of the app change the same queue, and their transactions wait for this one, so a plan never works on a
 * stale queue. Returns the queue after it, and the ops put (new ones with their seq).
 */
export async function transact(
  plan: (state: QueueState) => Plan & { resolved?: [string, number] },
): Promise<QueueState & { put: QueuedOp[] }> {
  const d = await db();
  const tx = d.transaction(['queue', 'resolved'], 'readwrite');
  const queue = tx.objectStore('queue');
  const [ops, keys, ids] = await Promise.all([
    queue.getAll(),
    tx.objectStore('resolved').getAllKeys(),
    tx.objectStore('resolved').getAll(),
  ]);
  const before: QueueState = { ops, resolved: Object.fromEntries(keys.map((k, i) => [k, ids[i]!])) };
  const change = plan(before);
  for (const seq of change.remove) await queue.delete(seq);
  const put: QueuedOp[] = [];
  for (const op of change.put) {
    const { seq, ...rest } = op;
    const key = seq === undefined ? await queue.add(rest as QueuedOp) : await queue.put(op);
    put.push({ ...op, seq: key });
  }
  if (change.resolved) await tx.objectStore('resolved').put(change.resolved[1], change.resolved[0]);
  await tx.done;
  const after = withPlan(before, { ...change, put });
  return { ops: after.ops, resolved: { ...after.resolved }, put };
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
