// Registers the service worker (/service-worker.js, SPEC §1) in production builds, when loaded: the entry loads it
// once the page is idle. A new version waits until the user picks Refresh Page (or a remount); failures are only
// logged (SPEC §8). Registering on load (not an exported call) keeps the module its own chunk: the build merges a
// chunk that does nothing when loaded into the entry, and this one belongs after the first screen.
import { registerSW } from 'virtual:pwa-register';
import { newWorkerControls, updateWaiting } from './pwa-state';

/** A tab open for days still learns of a new version: the browser itself checks only on page loads. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

function startServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const activate = registerSW({
    onNeedRefresh: () => updateWaiting(() => activate()),
    onNeedReload: newWorkerControls,
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      window.setInterval(() => {
        if (navigator.onLine)
          registration.update().catch((error) => console.warn('Service worker update check failed', error));
      }, UPDATE_CHECK_MS);
    },
    onRegisterError: (error) => console.warn('Service worker registration failed', error),
  });
}

startServiceWorker();
