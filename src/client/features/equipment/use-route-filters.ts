// Equipment list filters as one JSON-encoded route parameter (SPEC §2: /manage/equipment accepts the current
// filters map), so a filtered list is a link that can be shared, reloaded and reached with Back.
import { useCallback, useMemo, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { pathFor } from '../../../shared/routes';
import type { FilterState } from '../records/record-list';

export function parseFilters(raw: string | undefined): Record<string, string> {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>)
        .filter(([, v]) => typeof v === 'string' || typeof v === 'number')
        .map(([k, v]) => [k, String(v)]),
    );
  } catch {
    // A hand-edited, broken address shows the unfiltered list rather than an error.
    return {};
  }
}

export function useRouteFilters(names: string[], defaults: Record<string, string>): FilterState {
  const raw = useParams().filters;
  const navigate = useNavigate();
  const current = useMemo(() => parseFilters(raw), [raw]);
  const latest = useRef(current);
  latest.current = current;
  const key = names.join(',');
  const defaultsKey = JSON.stringify(defaults);
  // biome-ignore lint/correctness/useExhaustiveDependencies: names and defaults are compared by value
  const values = useMemo(
    () => Object.fromEntries(names.map((n) => [n, current[n] ?? defaults[n] ?? ''])),
    [current, key, defaultsKey],
  );
  const set = useCallback(
    (changes: Record<string, string | null>) => {
      const next: Record<string, string> = { ...latest.current };
      for (const [name, value] of Object.entries(changes)) {
        if (value === null || value === '') delete next[name];
        else next[name] = value;
      }
      if (JSON.stringify(next) === JSON.stringify(latest.current)) return;
      const path =
        Object.keys(next).length === 0
          ? pathFor('equipment')
          : pathFor('equipment_filtered', { filters: JSON.stringify(next) });
      navigate(path, { replace: true, preventScrollReset: true });
    },
    [navigate],
  );
  return { values, set };
}
