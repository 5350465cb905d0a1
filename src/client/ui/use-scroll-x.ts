// Whether a table is wider than its wrapper. A wrapper that scrolls sideways (overflow-x: auto) becomes the sticky
// headers' scroll box and they stop sticking to the page, so lists scroll sideways only when they must.
import { type RefObject, useLayoutEffect, useState } from 'react';

export function useScrollX(ref: RefObject<HTMLElement | null>): boolean {
  const [wide, setWide] = useState(false);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => {
      const content = box.querySelector('table') ?? box;
      setWide(content.scrollWidth > box.clientWidth + 1);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    const table = box.querySelector('table');
    if (table) observer.observe(table);
    return () => observer.disconnect();
  }, [ref]);
  return wide;
}
