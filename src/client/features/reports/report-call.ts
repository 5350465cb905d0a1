// A report's call for one page of it (ReportFrame), apart from the frame so a route can start it before the report's
// chunk has loaded (app-routes.tsx): the same key and the same call, so the frame finds it under way or answered.
import { queryOptions } from '@tanstack/react-query';
import type { ReportResponse } from '../../../shared/reports';
import { apiGet, type Query } from '../../api/http';

/** The query key of a report's answers: `['report', key]` names every page and filter of it. */
export const reportQueryKey = (key: string, query?: unknown) =>
  query === undefined ? (['report', key] as const) : (['report', key, query] as const);

export function reportCall(key: string, query: Query) {
  return queryOptions({
    queryKey: reportQueryKey(key, query),
    queryFn: ({ signal }) =>
      apiGet<ReportResponse>(`/api/report/${encodeURIComponent(key)}`, { signal, query }),
  });
}
