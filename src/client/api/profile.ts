// The current user (SPEC §3 "Current user profile"): fetched once, then cached for the session.
import type { QueryClient } from '@tanstack/react-query';
import type { Profile } from '../../shared/schemas/user';
import { apiPost, isApiError, type RequestOptions } from './http';

export const PROFILE_KEY = ['profile'] as const;

const REMEMBERED_PROFILE = 'sd6.profile';

/** The last profile fetched on this device (offline time entry needs to know who is signed in). */
export function rememberedProfile(): Profile | null {
  try {
    const text = window.localStorage.getItem(REMEMBERED_PROFILE);
    return text ? (JSON.parse(text) as Profile) : null;
  } catch {
    return null;
  }
}

export async function fetchProfile(options?: RequestOptions): Promise<Profile> {
  try {
    const response = await apiPost<{ user: Profile }>('/api/user/profile', undefined, options);
    try {
      window.localStorage.setItem(REMEMBERED_PROFILE, JSON.stringify(response.user));
    } catch {
      // Storage full or disabled: the app still works online.
    }
    return response.user;
  } catch (error) {
    // Only a network failure falls back; an expired session (401) must still go to the login page.
    const remembered = isApiError(error) && error.status === 0 ? rememberedProfile() : null;
    if (remembered) return remembered;
    throw error;
  }
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
