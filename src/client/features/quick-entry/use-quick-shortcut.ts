// `t` (no modifier, no field focused) from anywhere: the daily panel with its one-line entry box focused.
import { useEffect } from 'react';
import { typingNowhere } from '../search/search-state';
import { useDaily } from '../slips/daily-state';

export const QUICK_BOX_ID = 'sd-quick-entry';

/** How long keys typed right after `t` are kept for the box while the panel's code loads (first opening). */
const CATCH_MS = 3000;

export function isQuickShortcut(event: KeyboardEvent): boolean {
  if (
    event.key !== 't' ||
    event.ctrlKey ||
    event.altKey ||
    event.metaKey ||
    event.shiftKey ||
    event.isComposing
  )
    return false;
  return typingNowhere(event);
}

// Keys typed after `t` before the box has the focus go into the box, not to the page (nothing is lost). Kept outside
// the hook: a shell that mounts again meanwhile (the first screen settling) must not forget them.
let caught: string | null = null;
let until = 0;

export function useQuickShortcut(): void {
  const { fillQuick } = useDaily();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const free = typingNowhere(event);
      // The window ends once a key lands in a field (the box has the focus) or after CATCH_MS.
      if (caught !== null && (!free || performance.now() > until)) caught = null;
      if (caught !== null && event.key.length === 1 && !event.ctrlKey && !event.altKey && !event.metaKey) {
        event.preventDefault();
        // The box's own text when it is there already (it may hold what was caught so far, or more).
        const box = document.getElementById(QUICK_BOX_ID) as HTMLInputElement | null;
        caught = (box?.value ?? caught) + event.key;
        fillQuick(caught);
        return;
      }
      if (!isQuickShortcut(event)) return;
      // Not typed anywhere: the box gets focus instead of the letter.
      event.preventDefault();
      caught = '';
      until = performance.now() + CATCH_MS;
      fillQuick('');
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [fillQuick]);
}
