// List filters kept in the query string: Back, Forward and reload show the same list.
import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { FilterState } from './record-list';

/** Applies changes to query parameters; null when nothing changes (so no navigation happens). */
export function changedParams(
  current: URLSearchParams,
  changes: Record<string, string | null>,
): URLSearchParams | null {
  const next = new URLSearchParams(current);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(name);
    else next.set(name, value);
  }
  return next.toString() === current.toString() ? null : next;
}

export function useQueryFilters(names: string[], defaults: Record<string, string> = {}): FilterState {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  latest.current = params;
  const key = names.join(',');
  const defaultsKey = JSON.stringify(defaults);
  // biome-ignore lint/correctness/useExhaustiveDependencies: names and defaults are compared by value
  const values = useMemo(() => {
    const out: Record<string, string> = {};
    for (const name of names) out[name] = params.get(name) ?? defaults[name] ?? '';
    return out;
  }, [params, key, defaultsKey]);
  const set = useCallback(
    (changes: Record<string, string | null>) => {
      const next = changedParams(latest.current, changes);
      if (next) setParams(next, { replace: true, preventScrollReset: true });
    },
    [setParams],
  );
  return { values, set };
}
