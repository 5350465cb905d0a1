// A saved record's query (RecordBasics), apart from its screen so a route can start it before the screen's chunk has
// loaded (app-routes.tsx): the same key and the same call, so the screen finds it under way or answered.
import { hashKey, type Query, type QueryClient, queryOptions } from '@tanstack/react-query';
import type { Option } from '../../../shared/schemas/common';
import { loadEntity } from '../../api/entity';

export const recordKey = (api: string, id: string) => ['record', api, id] as const;

/** A record's GET (a new one's form: `create`, with what it is prefilled with). */
export function loadRecord<Rec>(
  api: string,
  entityKey: string,
  id: string,
  options: { signal?: AbortSignal; prefill?: Record<string, string | undefined> } = {},
) {
  return loadEntity<Rec, Record<string, Option[]>>(`${api}/${encodeURIComponent(id)}`, entityKey, {
    signal: options.signal,
    query: options.prefill,
  });
}

export function recordQuery<Rec>(api: string, entityKey: string, id: string) {
  return queryOptions({
    queryKey: recordKey(api, id),
    queryFn: ({ signal }) => loadRecord<Rec>(api, entityKey, id, { signal }),
  });
}

/** The record call the current route started: its key and when. */
let started: { hash: string; at: number } | null = null;

/** Starts a record's call with the route (always a new answer: the screen asks for one on arrival). */
export function startRecordCall(client: QueryClient, api: string, entityKey: string, id: string): void {
  const options = recordQuery(api, entityKey, id);
  started = { hash: hashKey(options.queryKey), at: Date.now() };
  void client.prefetchQuery({ ...options, staleTime: 0 });
}

/**
 * For the screen's `refetchOnMount`: its answer came from the call the route started for this visit, so arriving
 * asks nothing more (the header and the form share it).
 */
export function answeredForThisVisit(query: Pick<Query, 'queryHash' | 'state'>): boolean {
  return started !== null && started.hash === query.queryHash && query.state.dataUpdatedAt >= started.at;
}
