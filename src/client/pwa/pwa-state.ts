// Client state of the installable app (SPEC §4): the pending-update and remounting flags, the update banner's 24-hour
// suppression (SPEC §9) and the install banner's deferred prompt, shown once ever. One external store for the page:
// the service worker's events arrive outside React, and the banners read it with useSyncExternalStore.
import { useSyncExternalStore } from 'react';

/** SPEC §9: the update banner stays hidden this long after Cancel or dismiss. */
export const UPDATE_SUPPRESS_MS = 24 * 60 * 60 * 1000;
export const UPDATE_DISMISSED_KEY = 'sd6.updateDismissedAt';
export const INSTALL_SHOWN_KEY = 'sd6.installBannerShown';
/** A new worker that has not taken control by then is passed over: the page loads anyway (it waits again). */
const ACTIVATION_TIMEOUT_MS = 5000;

/** The browser's deferred install prompt (Chromium's BeforeInstallPromptEvent; not in the DOM typings). */
export type InstallPromptEvent = Event & {
  prompt: () => Promise<unknown>;
  userChoice?: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

export type PwaState = {
  /** A new service worker waits (SPEC §4 "update pending"). */
  updatePending: boolean;
  /** A full page load under the new worker is under way (SPEC §4 "remounting"). */
  remounting: boolean;
  /** When the update banner was last dismissed (epoch ms), from this browser's storage. */
  updateDismissedAt: number | null;
  /** The install prompt the banner offers, while it may show. */
  installPrompt: InstallPromptEvent | null;
};

type Listener = () => void;

function readNumber(key: string): number | null {
  try {
    const value = Number(window.localStorage.getItem(key));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    // Storage blocked: nothing remembered, the banner behaves as on a first visit.
    return null;
  }
}

function writeItem(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
}

let state: PwaState = {
  updatePending: false,
  remounting: false,
  updateDismissedAt: readNumber(UPDATE_DISMISSED_KEY),
  installPrompt: null,
};
const listeners = new Set<Listener>();
/** Sends the waiting worker the skip-waiting message (set by the registration). */
let activateWaiting: (() => Promise<void>) | null = null;
/** Where the page goes once the new worker controls it: null reloads the current URL. */
let loadTarget: string | null = null;
let loading = false;
let fallbackTimer: number | undefined;
const browserLoad = (target: string | null) => {
  if (target && target !== window.location.href) window.location.assign(target);
  else window.location.reload();
};
let loadPage = browserLoad;

function set(patch: Partial<PwaState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export function getPwaState(): PwaState {
  return state;
}

export function subscribePwa(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePwaState(): PwaState {
  return useSyncExternalStore(subscribePwa, getPwaState, getPwaState);
}

/** Whether a dismissal at `dismissedAt` still hides the update banner at `now` (SPEC §9: 24 hours). */
export function updateSuppressed(dismissedAt: number | null, now: number): boolean {
  return dismissedAt !== null && now - dismissedAt < UPDATE_SUPPRESS_MS;
}

/** The update banner shows while an update waits, no remount is under way and no recent dismissal hides it. */
export function updateBannerVisible(s: PwaState, now: number): boolean {
  return s.updatePending && !s.remounting && !updateSuppressed(s.updateDismissedAt, now);
}

/** A new worker waits; `activate` tells it to take over (skip waiting). */
export function updateWaiting(activate: () => Promise<void>): void {
  activateWaiting = activate;
  set({ updatePending: true });
}

/** Cancel or dismiss: hidden, and the time kept so the banner stays away for 24 hours, across page loads too. */
export function dismissUpdate(now: number = Date.now()): void {
  writeItem(UPDATE_DISMISSED_KEY, String(now));
  set({ updateDismissedAt: now });
}

function load(): void {
  if (loading) return;
  loading = true;
  window.clearTimeout(fallbackTimer);
  loadPage(loadTarget);
}

/** The new worker controls the page: load it (the current URL, or the remount's target). */
export function newWorkerControls(): void {
  load();
}

/** Activates the waiting worker, then loads `target` (or the current URL) once it controls the page. */
async function activateAndLoad(target: string | null): Promise<void> {
  loadTarget = target;
  const activate = activateWaiting;
  // Without a reply from the worker the page still loads: it never stays stuck on the old version.
  fallbackTimer = window.setTimeout(load, ACTIVATION_TIMEOUT_MS);
  if (!activate) return load();
  try {
    await activate();
  } catch (error) {
    console.warn('Service worker update failed', error);
    load();
  }
}

/** Refresh Page: clears the flag, activates the new worker and reloads once it controls the page. */
export function refreshPage(): Promise<void> {
  set({ updatePending: false });
  return activateAndLoad(null);
}

/** Remount (SPEC §4): a full page load of `href` under the new worker. */
export function remountTo(href: string): Promise<void> {
  set({ remounting: true });
  return activateAndLoad(href);
}

function standalone(): boolean {
  const nav = window.navigator as Navigator & { standalone?: boolean };
  return nav.standalone === true || !!window.matchMedia?.('(display-mode: standalone)').matches;
}

function installShownBefore(): boolean {
  try {
    return window.localStorage.getItem(INSTALL_SHOWN_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * The browser offers install (beforeinstallprompt). In a normal tab, and when the banner never showed in this
 * browser, it is kept for the banner and the browser's own prompt held back; otherwise the browser keeps it.
 */
export function installOffered(event: InstallPromptEvent): void {
  if (standalone() || state.installPrompt) return;
  if (installShownBefore()) return;
  event.preventDefault();
  set({ installPrompt: event });
}

/** The install banner has been seen: never again in this browser (SPEC §9 "Install prompt shown once"). */
export function installBannerShown(now: number = Date.now()): void {
  if (!installShownBefore()) writeItem(INSTALL_SHOWN_KEY, String(now));
}

/** Install: the browser's prompt, then the banner hides whatever the answer. */
export async function installApp(): Promise<void> {
  const prompt = state.installPrompt;
  set({ installPrompt: null });
  if (!prompt) return;
  try {
    await prompt.prompt();
    await prompt.userChoice;
  } catch (error) {
    console.warn('Install prompt failed', error);
  }
}

/** Cancel, or the app got installed: the banner hides. */
export function hideInstall(): void {
  if (state.installPrompt) set({ installPrompt: null });
}

/** Listens for the browser's install offer and for the app being installed. */
export function listenForInstall(target: Window = window): () => void {
  const offered = (event: Event) => installOffered(event as InstallPromptEvent);
  target.addEventListener('beforeinstallprompt', offered);
  target.addEventListener('appinstalled', hideInstall);
  return () => {
    target.removeEventListener('beforeinstallprompt', offered);
    target.removeEventListener('appinstalled', hideInstall);
  };
}

/** Tests only: a fresh page's state (storage read again); `load` stands in for the browser's page load. */
export function resetPwaStateForTests(load: (target: string | null) => void = browserLoad): void {
  window.clearTimeout(fallbackTimer);
  loadPage = load;
  activateWaiting = null;
  loadTarget = null;
  loading = false;
  state = {
    updatePending: false,
    remounting: false,
    updateDismissedAt: readNumber(UPDATE_DISMISSED_KEY),
    installPrompt: null,
  };
  for (const listener of listeners) listener();
}
