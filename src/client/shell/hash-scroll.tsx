// SPEC §2 "Navigation": a hash scrolls smoothly to its target; otherwise the page goes to top or restores its position.
import { useEffect, useLayoutEffect } from 'react';
import { ScrollRestoration, useLocation, useNavigationType } from 'react-router';

// Lazy screens render the target once their chunk and data arrive: look again for a while
// (SPEC §9 accordion hash scroll: after 200 ms, then 300 ms later; then less often).
const RETRIES_MS = [200, 500, 1000, 1500, 2500];

let scrollBefore = 0;

function smoothTo(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  target.scrollIntoView({ behavior: 'smooth', block: 'start' });
  return true;
}

/** Runs before ScrollRestoration's layout effect: remembers where the page was. */
function BeforeRestore() {
  const { key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per navigation
  useLayoutEffect(() => {
    scrollBefore = window.scrollY;
  }, [key]);
  return null;
}

/** Runs after it: ScrollRestoration jumps to a hash target; turn that jump into a smooth scroll. */
function AfterRestore() {
  const { hash, key } = useLocation();
  const navigationType = useNavigationType();
  const id = hash.length > 1 ? decodeURIComponent(hash.slice(1)) : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per navigation
  useLayoutEffect(() => {
    if (!id || navigationType === 'POP') return;
    if (document.getElementById(id)) {
      window.scrollTo({ top: scrollBefore, behavior: 'instant' });
      smoothTo(id);
    }
  }, [key]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per navigation
  useEffect(() => {
    if (!id) return;
    let done = !!document.getElementById(id);
    const timers = RETRIES_MS.map((delay) =>
      window.setTimeout(() => {
        if (!done) done = smoothTo(id);
      }, delay),
    );
    return () => {
      for (const t of timers) window.clearTimeout(t);
    };
  }, [key]);
  return null;
}

export function ScrollRules() {
  return (
    <>
      <BeforeRestore />
      <ScrollRestoration />
      <AfterRestore />
    </>
  );
}
