// Publishes the top navigation's height as the CSS variable --sd-topnav-h: the daily panel starts below it and
// sticky list headers stop under it, at every width (the nav grows when its phone menu opens).
import { type RefObject, useLayoutEffect } from 'react';

export const TOP_NAV_HEIGHT_VAR = '--sd-topnav-h';

export function useTopNavHeight(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const nav = ref.current;
    if (!nav) return;
    const root = document.documentElement;
    // The exact (fractional) height: a rounded one leaves a sliver between the nav and what sticks under it.
    const publish = () =>
      root.style.setProperty(TOP_NAV_HEIGHT_VAR, `${nav.getBoundingClientRect().height}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(nav);
    return () => {
      observer.disconnect();
      root.style.removeProperty(TOP_NAV_HEIGHT_VAR);
    };
  }, [ref]);
}
