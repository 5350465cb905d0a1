// The queue as the page knows it, and who listens: no dependencies, so the top navigation can show the count
// without loading the sync engine and IndexedDB code before the first screen.
import type { Bucket, Slip } from '../../../shared/schemas/slip';
import type { QueuedOp } from './queue-logic';

export type QueueSnapshot = {
  ops: readonly QueuedOp[];
  resolved: Readonly<Record<string, number>>;
  loaded: boolean;
};

let snapshot: QueueSnapshot = { ops: [], resolved: {}, loaded: false };
const listeners = new Set<() => void>();
export const savedListeners = new Set<(op: QueuedOp, answer: Slip | Bucket | null) => void>();

export function subscribeQueue(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const queueSnapshot = () => snapshot;

export function publish(next: Partial<QueueSnapshot>): void {
  snapshot = { ...snapshot, ...next };
  for (const l of listeners) l();
}

/** Called when a queued change is saved (with the server's slip or bucket; null for a delete) or taken back. */
export function subscribeSaved(listener: (op: QueuedOp, answer: Slip | Bucket | null) => void): () => void {
  savedListeners.add(listener);
  return () => savedListeners.delete(listener);
}

/** The signed-in user's queue as the header counts it. */
export function queueCounts(
  ops: readonly Pick<QueuedOp, 'userId' | 'state'>[],
  userId: number | null,
): { total: number; failed: number } {
  const mine = userId === null ? [] : ops.filter((op) => op.userId === userId);
  return { total: mine.length, failed: mine.filter((op) => op.state === 'failed').length };
}

/** "1 change not yet saved", "3 changes not yet saved" (the header badge and the sign-out warning). */
export const changesNotSaved = (n: number) => `${n} ${n === 1 ? 'change' : 'changes'} not yet saved`;
