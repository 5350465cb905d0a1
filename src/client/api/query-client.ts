// TanStack Query setup: server state lives here; client errors are not retried. Offline (issue 30): a load that
// finds no network fails at once with the offline message (a page keeps what it already shows), and every query
// that failed loads again by itself when the network is back.
import { onlineManager, type Query, QueryClient } from '@tanstack/react-query';
import { type ApiError, isApiError, isNetworkFailure } from './http';

/** The browser's own word: the query library otherwise assumes online until it sees an `offline` event. */
function followBrowser(): void {
  if (typeof navigator !== 'undefined' && typeof navigator.onLine === 'boolean') {
    onlineManager.setOnline(navigator.onLine);
  }
}

/** A failed query is asked again on reconnect even while its last data is fresh; others when stale. */
export const refetchOnReconnect = (query: Query): boolean | 'always' =>
  query.state.status === 'error' ? 'always' : true;

export function retryQuery(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  if (isNetworkFailure(error)) {
    // A page opened with no network learns it at once; the reconnect refetch brings the data.
    followBrowser();
    if (!onlineManager.isOnline()) return false;
  }
  return failureCount < 1;
}

/**
 * What stops a load, to show: its error, or the network failure behind a load that waits for the network. A load
 * that failed while the browser still said online is tried again; if the browser has gone offline by then, the
 * query library pauses that retry instead of failing it, and the page would show nothing but a spinner.
 */
export function loadProblem(query: {
  error: unknown;
  fetchStatus: string;
  failureReason: unknown;
}): Error | ApiError | null {
  if (query.error) return query.error as Error;
  if (query.fetchStatus === 'paused' && isNetworkFailure(query.failureReason)) return query.failureReason;
  return null;
}

export function createQueryClient(): QueryClient {
  followBrowser();
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Try once even offline (a kept copy may answer), so the page can say it is offline instead of waiting.
        networkMode: 'offlineFirst',
        refetchOnReconnect,
        retry: retryQuery,
      },
      mutations: { retry: false },
    },
  });
}
