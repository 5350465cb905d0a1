// What the navigation mounts of the timer: the widget, loaded as a chunk of its own once the page is idle, so the first
// screens load none of its code. (The Shift+T shortcut is small and listens from the first moment: timer-shortcut.tsx.)
import { Suspense } from 'react';
import { lazyComponent } from '../../shell/lazy-chunk';
import { useIdle } from '../../shell/when-idle';

const load = () => import('./timer-live');
const LiveWidget = lazyComponent('timer_shell', load, 'TimerWidget');

export function TimerWidget() {
  // Loaded once the page is idle, off the first screen's path (Shift+T listens from the start).
  if (!useIdle()) return null;
  return (
    <Suspense fallback={null}>
      <LiveWidget />
    </Suspense>
  );
}
