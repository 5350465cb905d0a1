// Code fetched after the first screen (the menus, the timer, the offline engine once the page is idle; a screen on its
// first visit) can be asked for with no network: the device went offline before it arrived. Such a load waits for the
// network and is tried again, instead of failing for good in this page.

/** Resolves once the browser says it is online (at once when it already does). */
export function whenOnline(): Promise<void> {
  if (typeof navigator === 'undefined' || navigator.onLine !== false) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}

/** The browser says it has no network (a failure now is the device's state, not a missing file). */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * `load()`; when it fails while the browser is offline, again once the network is back (as often as that happens).
 * A failure while online is the caller's, as before (SPEC §8 chunk load failure).
 */
export async function loadWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await load();
    } catch (error) {
      if (!isOffline()) throw error;
      await whenOnline();
    }
  }
}
