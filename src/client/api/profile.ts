// The current user (SPEC §3 "Current user profile"): fetched once, then cached for the session. The last profile
// fetched is remembered in this browser, so the installed app still opens its shell with no network.
import type { QueryClient } from '@tanstack/react-query';
import { PAGE_PROFILE_ID } from '../../shared/page-profile';
import type { Profile } from '../../shared/schemas/user';
import { apiPost, isApiError, type RequestOptions } from './http';

export const PROFILE_KEY = ['profile'] as const;
export const REMEMBERED_PROFILE_KEY = 'sd6.profile';

type Remembered = { userId: number; profile: Profile; savedAt: number };

/** The last profile fetched in this browser (signed in, not signed out since), or null. */
export function rememberedProfile(): Profile | null {
  try {
    const parsed = JSON.parse(
      window.localStorage.getItem(REMEMBERED_PROFILE_KEY) ?? 'null',
    ) as Remembered | null;
    if (parsed && typeof parsed === 'object' && parsed.profile?.id === parsed.userId) return parsed.profile;
  } catch {
    // Garbled or blocked storage: nothing remembered.
  }
  return null;
}

export function rememberProfile(profile: Profile): void {
  try {
    const entry: Remembered = { userId: profile.id, profile, savedAt: Date.now() };
    window.localStorage.setItem(REMEMBERED_PROFILE_KEY, JSON.stringify(entry));
  } catch {
    // Storage blocked: the app needs the network to open.
  }
}

/** Signed out, or the session is gone: the profile is no longer this browser's to show. */
export function forgetProfile(): void {
  try {
    window.localStorage.removeItem(REMEMBERED_PROFILE_KEY);
  } catch {
    // Nothing kept.
  }
}

export async function fetchProfile(options?: RequestOptions): Promise<Profile> {
  try {
    const response = await apiPost<{ user: Profile }>('/api/user/profile', undefined, options);
    rememberProfile(response.user);
    return response.user;
  } catch (error) {
    if (isApiError(error)) {
      // No network (status 0) only: the remembered profile opens the shell offline. Never for a missing session.
      const remembered = error.status === 0 ? rememberedProfile() : null;
      if (remembered) return remembered;
      if (error.status === 401 || error.reason === 'LOGIN') forgetProfile();
    }
    throw error;
  }
}

/** Keeps the remembered profile in step with the cached one (sign-in and a saved profile set it directly). */
export function rememberCachedProfile(queryClient: QueryClient): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const key = event.query.queryKey;
    if (key.length !== PROFILE_KEY.length || key[0] !== PROFILE_KEY[0]) return;
    const profile = event.query.state.data as Profile | undefined;
    if (profile && typeof profile.id === 'number') rememberProfile(profile);
  });
}

/**
 * The profile the page was served with (a signed-in session's page load, src/shared/page-profile.ts), cached as the
 * server's answer, so the first screen asks no one for it. Taken once: the element goes, later screens use the cache.
 */
export function takePageProfile(queryClient: QueryClient): Profile | null {
  const element = typeof document === 'undefined' ? null : document.getElementById(PAGE_PROFILE_ID);
  if (!element) return null;
  element.remove();
  try {
    const { user } = JSON.parse(element.textContent ?? '') as { user?: Profile };
    if (!user || typeof user.id !== 'number') return null;
    queryClient.setQueryData(PROFILE_KEY, user);
    rememberProfile(user);
    return user;
  } catch {
    // Not the page's JSON: the screen asks the server as it would without it.
    return null;
  }
}

/**
 * A page load in a browser that was signed in (the hint cookie) and remembers its profile: that profile at once, so
 * the shell and the screen paint without waiting for the server, which is asked beside them. Its answer replaces the
 * remembered profile; a failure (the session ended, a sign-in step waits) goes to `onFailure`, which leaves the page.
 * Null when the profile is cached already or nothing is remembered: the caller asks the server and waits.
 */
export function paintWithRemembered(
  queryClient: QueryClient,
  signedInHint: boolean,
  onFailure: (error: unknown) => void,
): Profile | null {
  if (!signedInHint || queryClient.getQueryData(PROFILE_KEY)) return null;
  const remembered = rememberedProfile();
  if (!remembered) return null;
  // Stale from the start (updated at 0), so nothing takes it for the server's word.
  queryClient.setQueryData(PROFILE_KEY, remembered, { updatedAt: 0 });
  fetchProfile({ redirectOnLogin: false }).then(
    (profile) => queryClient.setQueryData(PROFILE_KEY, profile),
    (error: unknown) => {
      queryClient.removeQueries({ queryKey: PROFILE_KEY });
      onFailure(error);
    },
  );
  return remembered;
}

/** The cached profile, fetched on first use; rejects (without redirecting) when there is no session. */
export function ensureProfile(queryClient: QueryClient): Promise<Profile> {
  return queryClient.ensureQueryData({
    queryKey: PROFILE_KEY,
    queryFn: ({ signal }) => fetchProfile({ signal, redirectOnLogin: false }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const profileQuery = {
  queryKey: PROFILE_KEY,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchProfile({ signal }),
  staleTime: Number.POSITIVE_INFINITY,
};
