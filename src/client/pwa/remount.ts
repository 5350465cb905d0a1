// SPEC §4 remounting: with an update pending, the next navigation that leaves or enters an authenticated route is a
// full page load under the new service worker. The daily slips panel keeps its showing flag across it; the rest of
// the shell's state (the daily slips, the weekly summary) starts afresh.
import { type DataRouter, type Location, matchRoutes, type RouteObject } from 'react-router';
import type { RouteDef } from '../../shared/routes';
import { chunkPageSettled } from './chunk-recovery';
import { getPwaState, remountTo } from './pwa-state';

export const DAILY_SHOWING_KEY = 'sd6.remount.dailyShowing';

/** SPEC §4: remount when an update is pending and either route is authenticated. */
export function shouldRemount(updatePending: boolean, fromPublic: boolean, toPublic: boolean): boolean {
  return updatePending && !(fromPublic && toPublic);
}

/** Whether `location` is a public (login-type) route of `routes`: the matched screen's route table entry says so. */
export function isPublicLocation(
  routes: readonly RouteObject[],
  location: Pick<Location, 'pathname'>,
): boolean {
  const matches = matchRoutes([...routes], location) ?? [];
  const leaf = matches[matches.length - 1];
  const route = (leaf?.route.handle as { route?: RouteDef } | undefined)?.route;
  return route?.public === true;
}

let dailyShowing = false;

/** The shell's daily panel reports whether it shows, so a remount can keep it. */
export function noteDailyShowing(showing: boolean): void {
  dailyShowing = showing;
}

/** Before the remount's page load: keep the daily panel's showing flag for the new page. */
export function saveDailyShowing(): void {
  try {
    window.sessionStorage.setItem(DAILY_SHOWING_KEY, dailyShowing ? '1' : '0');
  } catch {
    // Storage blocked: the panel starts closed, as on any page load.
  }
}

/** After a remount: whether the daily panel showed before it (false on any other page load). */
export function restoredDailyShowing(): boolean {
  try {
    return window.sessionStorage.getItem(DAILY_SHOWING_KEY) === '1';
  } catch {
    return false;
  }
}

/** The restored flag has been used: a later ordinary reload starts with the panel closed. */
export function forgetDailyShowing(): void {
  try {
    window.sessionStorage.removeItem(DAILY_SHOWING_KEY);
  } catch {
    // See saveDailyShowing.
  }
}

let watched: DataRouter | null = null;

/** The URL the page is showing or navigating to (a chunk failure mid-navigation reloads the target). */
export function currentTargetUrl(): string {
  const router = watched;
  if (!router) return window.location.href;
  const location = router.state.navigation.location ?? router.state.location;
  return new URL(router.createHref(location), window.location.href).href;
}

/**
 * Watches the router's navigations: remounts when SPEC §4 says so, and lets the chunk recovery know when a page
 * has loaded without a failure.
 */
export function watchNavigations(router: DataRouter): () => void {
  watched = router;
  let shown: Location = router.state.location;
  const settled = () => {
    const { state } = router;
    if (state.initialized && state.navigation.state === 'idle' && !state.errors) {
      chunkPageSettled(new URL(router.createHref(state.location), window.location.href).href);
    }
  };
  settled();
  return router.subscribe((state) => {
    settled();
    const from = shown;
    // A navigation under way (loaders, lazy screens) or one that completed at once.
    const to = state.navigation.location ?? state.location;
    if (state.navigation.state === 'idle') shown = state.location;
    // Query-string changes (filters, tabs kept in the URL) are the same screen, not a navigation between screens.
    if (to.pathname === from.pathname) return;
    const pwa = getPwaState();
    if (pwa.remounting) return;
    const go = shouldRemount(
      pwa.updatePending,
      isPublicLocation(router.routes, from),
      isPublicLocation(router.routes, to),
    );
    if (!go) return;
    saveDailyShowing();
    void remountTo(new URL(router.createHref(to), window.location.href).href);
  });
}
