// Which timer dialog shows: the Start Timer one or the running timer's. A tiny store, so the navigation widget, the
// shortcut and the buttons of any screen open the one dialog the shell mounts.
import { useSyncExternalStore } from 'react';

export type TimerDialog = 'start' | 'running' | null;

let current: TimerDialog = null;
const listeners = new Set<() => void>();

export function openTimerDialog(dialog: Exclude<TimerDialog, null>): void {
  current = dialog;
  for (const l of listeners) l();
}

export function closeTimerDialog(): void {
  current = null;
  for (const l of listeners) l();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useTimerDialog(): TimerDialog {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
