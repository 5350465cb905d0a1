// The short notice of the timer ("Slip saved …", or why the server refused): a tiny store the shell shows, kept free
// of imports so the shell stays small.
import { useSyncExternalStore } from 'react';

export type TimerNotice = { text: string; variant: 'success' | 'danger' } | null;

let notice: TimerNotice = null;
const listeners = new Set<() => void>();

export function showTimerNotice(next: TimerNotice): void {
  notice = next;
  for (const l of listeners) l();
}

export function useTimerNotice(): TimerNotice {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => notice,
    () => null,
  );
}
