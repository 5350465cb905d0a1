// SPEC §8 chunk load failures (a deploy removed the chunks this page was built with): one full page load fetches the
// new ones. A marker in sessionStorage (URL and time) turns a second failure of the same page soon after into the
// error page with its Reload button: never a blank screen, never a reload loop.
import { isOffline } from '../shell/when-online';

export const CHUNK_RELOAD_KEY = 'sd6.chunkReload';
/** A failure this soon after the reload for the same URL is not retried by itself. */
export const CHUNK_RELOAD_WINDOW_MS = 60_000;

type Marker = { url: string; at: number };

function readMarker(): Marker | null {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 'null');
    if (parsed && typeof parsed === 'object') {
      const { url, at } = parsed as Partial<Marker>;
      if (typeof url === 'string' && typeof at === 'number') return { url, at };
    }
  } catch {
    // Garbled or blocked storage: as if no reload happened yet (see writeMarker).
  }
  return null;
}

function writeMarker(marker: Marker): boolean {
  try {
    window.sessionStorage.setItem(CHUNK_RELOAD_KEY, JSON.stringify(marker));
    return true;
  } catch {
    return false;
  }
}

/** This page has asked for the reload already (several failures of one page reload it once). */
let reloading = false;

/**
 * A chunk of `url` (the page being shown or navigated to) failed to load. Returns 'reloading' when a full load of
 * `url` is under way (the first failure), 'failed' when the error should show (a second failure within the window,
 * or storage that cannot keep the marker, where a reload could loop), 'offline' when the browser has no network: a
 * reload would replace the app with the browser's offline page, and the load itself waits for the network and tries
 * again (lazy-chunk.tsx).
 */
export function recoverFromChunkError(
  url: string = window.location.href,
  now: number = Date.now(),
  go: (url: string) => void = (target) =>
    target === window.location.href ? window.location.reload() : window.location.assign(target),
): 'reloading' | 'failed' | 'offline' {
  if (reloading) return 'reloading';
  if (isOffline()) return 'offline';
  const marker = readMarker();
  if (marker && marker.url === url && now - marker.at < CHUNK_RELOAD_WINDOW_MS) return 'failed';
  if (!writeMarker({ url, at: now })) return 'failed';
  reloading = true;
  go(url);
  return 'reloading';
}

/**
 * The router settled on `url` without a failed load. Another page than the reloaded one: the marker goes, so a failure
 * there may reload again. The reloaded page itself keeps it until the window passes: its screen may still fail to
 * render (a lazily loaded component), and that second failure must show the error, not reload again.
 */
export function chunkPageSettled(url: string): void {
  const marker = readMarker();
  if (marker && marker.url !== url) clearChunkReloadMarker();
}

/** Forgets the reload: a later failure of any page reloads once again. */
export function clearChunkReloadMarker(): void {
  try {
    window.sessionStorage.removeItem(CHUNK_RELOAD_KEY);
  } catch {
    // Nothing kept, nothing to clear.
  }
}

/** Tests only: a fresh page. */
export function resetChunkRecoveryForTests(): void {
  reloading = false;
}
