// The current user (SPEC §3 "Current user profile"): fetched once, then cached for the session.
import type { QueryClient } from '@tanstack/react-query';
import type { Profile } from '../../shared/schemas/user';
import { apiPost, type RequestOptions } from './http';

export const PROFILE_KEY = ['profile'] as const;

export async function fetchProfile(options?: RequestOptions): Promise<Profile> {
  const response = await apiPost<{ user: Profile }>('/api/user/profile', undefined, options);
  return response.user;
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
