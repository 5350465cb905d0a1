// Keyboard of the Typeahead combobox: arrows, Home/End, Enter, Escape, Tab (double Tab ignored), Backspace, type-to-jump.
import type { KeyboardEvent } from 'react';
import { DOUBLE_TAB_MS, jumpIndex, type TypeaheadOption } from './typeahead-options';

export type TypeaheadKeyContext = {
  open: boolean;
  /** The list is on screen (not waiting for its first results). */
  shown: boolean;
  highlighted: number;
  options: TypeaheadOption[];
  searchable: boolean;
  multi: boolean;
  text: string;
  hasSelection: boolean;
  /** Time of the last Tab, kept between calls. */
  lastTab: { current: number };
  openList: () => void;
  closeList: () => void;
  highlight: (index: number) => void;
  pick: (index: number) => void;
  removeLast: () => void;
  typeToJump: (char: string) => string;
};

export function handleTypeaheadKey(e: KeyboardEvent<HTMLInputElement>, c: TypeaheadKeyContext): void {
  const n = c.options.length;
  switch (e.key) {
    case 'ArrowDown':
      e.preventDefault();
      if (!c.open) c.openList();
      else c.highlight(Math.min(c.highlighted + 1, n - 1));
      return;
    case 'ArrowUp':
      e.preventDefault();
      if (c.open) c.highlight(Math.max(c.highlighted - 1, 0));
      return;
    case 'Home':
    case 'End':
      if (c.open && !c.searchable) {
        e.preventDefault();
        c.highlight(e.key === 'Home' ? 0 : n - 1);
      }
      return;
    case 'Enter':
      if (c.shown && c.highlighted >= 0) {
        e.preventDefault();
        c.pick(c.highlighted);
      }
      return;
    case 'Escape':
      if (c.open) {
        // Close the list only, not an enclosing dialog.
        e.preventDefault();
        e.stopPropagation();
        c.closeList();
      }
      return;
    case 'Tab': {
      const now = Date.now();
      if (now - c.lastTab.current < DOUBLE_TAB_MS) {
        e.preventDefault();
        return;
      }
      c.lastTab.current = now;
      if (c.open) c.closeList();
      return;
    }
    case 'Backspace':
      if (c.multi && c.text === '' && c.hasSelection) c.removeLast();
      return;
    default:
      if (!c.searchable && e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
        e.preventDefault();
        const found = jumpIndex(c.options, c.typeToJump(e.key));
        if (!c.open) c.openList();
        if (found >= 0) c.highlight(found);
      }
  }
}
