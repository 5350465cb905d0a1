// A value that follows its source after a pause (SPEC §9: text search input 1000 ms).
import { useEffect, useState } from 'react';

export const TEXT_SEARCH_DEBOUNCE_MS = 1000;

export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}
