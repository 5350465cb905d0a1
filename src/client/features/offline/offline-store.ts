// The device's offline memory (IndexedDB "sd6-offline"): the queue of changes not yet saved, the last summary seen
// per user and day, the last create defaults per user and task, and the client ids of creates already saved.
// Kept thin: the rules live in queue-logic.ts.
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { SlipSummary } from '../../../shared/schemas/slip';
import type { SlipLoad } from '../slips/slip-api';
import type { Plan, QueuedOp } from './queue-logic';

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

/** Applies a plan in one transaction; returns the ops put, with the seq of new ones. */
export async function applyPlan(plan: Plan & { resolved?: [string, number] }): Promise<QueuedOp[]> {
  const d = await db();
  const tx = d.transaction(['queue', 'resolved'], 'readwrite');
  const queue = tx.objectStore('queue');
  for (const seq of plan.remove) await queue.delete(seq);
  const put: QueuedOp[] = [];
  for (const op of plan.put) {
    const { seq, ...rest } = op;
    const key = seq === undefined ? await queue.add(rest as QueuedOp) : await queue.put(op);
    put.push({ ...op, seq: key });
  }
  if (plan.resolved) await tx.objectStore('resolved').put(plan.resolved[1], plan.resolved[0]);
  await tx.done;
  return put;
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
