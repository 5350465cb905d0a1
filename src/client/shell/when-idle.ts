// Code the first paint does not need (menus, the offline engine, the service worker, the install offer) waits for the
// page to load and the browser to be idle, so on a slow link it never competes with the screen's own chunks and data.
import { useEffect, useState } from 'react';

const IDLE_TIMEOUT_MS = 2000;

/** Runs `run` once the page has loaded and the browser is idle (or after 2 s of busy); returns a cancel. */
export function whenIdle(run: () => void): () => void {
  let cancelled = false;
  let cancelIdle = () => {};
  const idle = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
      cancelIdle = () => window.cancelIdleCallback?.(id);
    } else {
      const id = window.setTimeout(run, 1);
      cancelIdle = () => window.clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', idle);
    cancelIdle();
  };
}

/** False until the page has loaded and the browser is idle, then true. */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}
