// The sync engine and its IndexedDB code, loaded after the first screen. Kept apart from queue-state, which the
// engine itself imports, so the lazy import makes no cycle.
export const loadSync = () => import('./offline-sync');
