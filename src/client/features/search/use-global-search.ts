// GET /api/suggest/global-search/ for a typed term: debounced, the previous request cancelled when the term changes.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GlobalSearchResult } from '../../../shared/schemas/search';
import { apiGet } from '../../api/http';
import { useDebounced } from '../../ui/use-debounced';

/** SPEC §9: typeahead search waits 200 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 200;

export function useGlobalSearch(input: string) {
  const term = useDebounced(input.trim(), SEARCH_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ['global-search', term],
    // The signal is aborted when the term moves on (TanStack Query cancels a query nobody watches any more).
    queryFn: ({ signal }) =>
      apiGet<GlobalSearchResult[]>('/api/suggest/global-search/', { signal, query: { term } }),
    enabled: term !== '',
    staleTime: 30_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
  // SPEC §8: search failures are ignored silently (no message, no list).
  const settled = term === input.trim() && query.isSuccess && !query.isPlaceholderData;
  return {
    term,
    results: term && !query.isError ? (query.data ?? []) : [],
    /** The answer for exactly what is typed is in (not a previous term's). */
    settled,
  };
}
