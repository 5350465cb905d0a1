// Subscribes to a CSS media query; phone = below the sm breakpoint of SPEC §9 (576 px).
import { useSyncExternalStore } from 'react';

export const PHONE_QUERY = '(max-width: 575.98px)';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY);
}
