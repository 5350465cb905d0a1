// Whether a table is wider than its wrapper, and whether more of it lies to the right. A wrapper that scrolls
// sideways (overflow-x: auto) becomes the sticky headers' scroll box and they stop sticking to the page, so lists
// scroll sideways only when they must.
import { type RefObject, useLayoutEffect, useState } from 'react';

export interface ScrollX {
  /** The table is wider than its wrapper, which scrolls sideways. */
  wide: boolean;
  /** Columns are hidden to the right of what the wrapper shows. */
  moreRight: boolean;
}

export function useScrollX(ref: RefObject<HTMLElement | null>): ScrollX {
  const [state, setState] = useState<ScrollX>({ wide: false, moreRight: false });
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => {
      const content = box.querySelector('table') ?? box;
      const wide = content.scrollWidth > box.clientWidth + 1;
      const moreRight = wide && box.scrollLeft + box.clientWidth < content.scrollWidth - 1;
      setState((prev) => (prev.wide === wide && prev.moreRight === moreRight ? prev : { wide, moreRight }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    const table = box.querySelector('table');
    if (table) observer.observe(table);
    box.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      box.removeEventListener('scroll', measure);
    };
  }, [ref]);
  return state;
}
