// The query of a record list's pages (RecordList), apart from the list's screen so a route can start it before the
// screen's chunk has loaded (app-routes.tsx): the same key and the same call, so the screen finds it under way.
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ListPage } from '../../../shared/schemas/common';
import { PAGE_SIZE } from '../../../shared/schemas/constants';
import { apiGet, type Query } from '../../api/http';

export function listQuery<T>(url: string, queryKey: string, query: Query) {
  return infiniteQueryOptions({
    queryKey: [queryKey, 'list', query],
    queryFn: ({ pageParam, signal }) =>
      apiGet<ListPage<T>>(url, {
        signal,
        query: { ...query, limit: PAGE_SIZE, after: pageParam ?? undefined },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
}
