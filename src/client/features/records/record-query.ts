// The query of a saved record, apart from its screen so a route can start it beside the screen's chunk
// (app-routes.tsx): the same key and the same call as the basics screen and its header, so they find it under way.
import { queryOptions } from '@tanstack/react-query';
import { loadEntity } from '../../api/entity';

export const recordKey = (api: string, id: string) => ['record', api, id] as const;

/** A record fetched this recently (its route started it while the screen's chunk loaded) is not asked for again. */
export const RECORD_FRESH_MS = 2_000;

export function recordQuery<T>(api: string, entityKey: string, id: string) {
  return queryOptions({
    queryKey: recordKey(api, id),
    queryFn: ({ signal }) => loadEntity<T>(`${api}/${encodeURIComponent(id)}`, entityKey, { signal }),
    staleTime: RECORD_FRESH_MS,
  });
}
