// React access to the offline queue: the snapshot, the signed-in user's part of it, and the browser's online state.
import { QueryClientContext } from '@tanstack/react-query';
import { useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { Profile } from '../../../shared/schemas/user';
import { PROFILE_KEY } from '../../api/profile';
import { whenIdle } from '../../shell/when-idle';
import { loadSync } from './load-sync';
import type { QueuedOp } from './queue-logic';
import { queueSnapshot, subscribeQueue } from './queue-state';

export function useQueue() {
  const snapshot = useSyncExternalStore(subscribeQueue, queueSnapshot, queueSnapshot);
  // The stored queue is read once the page is idle: the engine's chunk stays off the first screen's path.
  useEffect(() => whenIdle(() => void loadSync().then((sync) => sync.ensureLoaded())), []);
  return snapshot;
}

/** The queued changes of one user (none without a user). */
export function useMyQueue(userId: number | null | undefined): readonly QueuedOp[] {
  const { ops } = useQueue();
  return useMemo(() => (userId == null ? [] : ops.filter((op) => op.userId === userId)), [ops, userId]);
}

/** The signed-in user's id from the profile the shell loaded before it rendered (null outside a query client). */
export function useSignedInUserId(): number | null {
  const client = useContext(QueryClientContext);
  return client?.getQueryData<Profile>(PROFILE_KEY)?.id ?? null;
}

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}
