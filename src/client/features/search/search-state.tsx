// The search panel's open state (SPEC §1 shell): the search icon or `/` pressed while no field has focus opens it.
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';

export type SearchState = { showing: boolean; open: () => void; close: () => void };

const SearchContext = createContext<SearchState | null>(null);

/** True where a typed `/` is text: inputs, text areas, selects and editable content. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('input, textarea, select')) return true;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  return target.closest('[contenteditable]:not([contenteditable="false"])') !== null;
}

/** True while a key would type into no field: the single-key shortcuts (`/`, `t`, Shift+T) may take it. */
export const typingNowhere = (event: KeyboardEvent): boolean =>
  !isTypingTarget(event.target) && !isTypingTarget(document.activeElement);

/** The `/` shortcut: a bare slash (no Ctrl, Alt or Meta) while focus is on no field. */
export function isSearchShortcut(event: KeyboardEvent): boolean {
  if (event.key !== '/' || event.ctrlKey || event.altKey || event.metaKey || event.isComposing) return false;
  return typingNowhere(event);
}

export function SearchProvider({ children }: { children: ReactNode }) {
  const [showing, setShowing] = useState(false);
  const open = useCallback(() => setShowing(true), []);
  const close = useCallback(() => setShowing(false), []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !isSearchShortcut(event)) return;
      // Not typed anywhere: the panel's input gets focus instead.
      event.preventDefault();
      setShowing(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const value = useMemo(() => ({ showing, open, close }), [showing, open, close]);
  return <SearchContext.Provider value={value}>{children}</SearchContext.Provider>;
}

/** The shell's search state, or null outside the authenticated shell. */
export function useSearchOptional(): SearchState | null {
  return useContext(SearchContext);
}
