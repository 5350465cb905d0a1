// What the navigation mounts of the timer: the widget, loaded as a chunk of its own right after the shell, so the first
// screens load none of its code. (The Shift+T shortcut is small and listens from the first moment: timer-shortcut.tsx.)
import { Suspense } from 'react';
import { lazyComponent } from '../../shell/lazy-chunk';

const load = () => import('./timer-live');
const LiveWidget = lazyComponent('timer_shell', load, 'TimerWidget');

export function TimerWidget() {
  return (
    <Suspense fallback={null}>
      <LiveWidget />
    </Suspense>
  );
}
