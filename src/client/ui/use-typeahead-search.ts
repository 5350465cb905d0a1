// Remote typeahead search: `q`, `limit` and extra query values; 200 ms debounce; stale requests aborted.
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiGet, type Query } from '../api/http';
import { TYPEAHEAD_DEBOUNCE_MS, TYPEAHEAD_LIMIT } from './typeahead-options';

export type RemoteSearch = {
  /** Raw response of the last successful search (null before the first). */
  data: unknown;
  loading: boolean;
  /** Debounced search; `immediate` skips the wait (e.g. opening with the arrow key). */
  search: (q: string, immediate?: boolean) => void;
  cancel: () => void;
};

export function useTypeaheadSearch(
  url: string | undefined,
  params: Query | undefined,
  limit = TYPEAHEAD_LIMIT,
): RemoteSearch {
  const [data, setData] = useState<unknown>(null);
  const [loading, setLoading] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const inFlight = useRef<AbortController | null>(null);
  const paramsKey = JSON.stringify(params ?? {});

  const cancel = useCallback(() => {
    window.clearTimeout(timer.current);
    inFlight.current?.abort();
    inFlight.current = null;
    setLoading(false);
  }, []);

  const search = useCallback(
    (q: string, immediate = false) => {
      if (!url) return;
      // A newer query makes the pending and running ones stale.
      window.clearTimeout(timer.current);
      inFlight.current?.abort();
      inFlight.current = null;
      const run = () => {
        const controller = new AbortController();
        inFlight.current = controller;
        setLoading(true);
        const query: Query = { ...(JSON.parse(paramsKey) as Query), q, limit };
        apiGet<unknown>(url, { query, signal: controller.signal })
          .then((result) => {
            if (!controller.signal.aborted) setData(result);
          })
          .catch((error: unknown) => {
            // SPEC §8: a failure is logged, loading ends and the list stays as it was.
            if (!controller.signal.aborted) console.error('Typeahead search failed', error);
          })
          .finally(() => {
            if (inFlight.current === controller) {
              inFlight.current = null;
              setLoading(false);
            }
          });
      };
      if (immediate) run();
      else timer.current = window.setTimeout(run, TYPEAHEAD_DEBOUNCE_MS);
    },
    [url, paramsKey, limit],
  );

  // A different url (e.g. the refine toggle) starts from an empty list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: url is the trigger
  useEffect(() => {
    setData(null);
  }, [url]);
  useEffect(() => cancel, [cancel]);

  return { data, loading, search, cancel };
}
