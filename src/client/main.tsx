// Browser entry: styles, then the app into #root; the installable app's listeners and service worker.
import './zod-jitless';
import './styles/app.scss';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { recoverFromChunkError } from './pwa/chunk-recovery';
import { listenForInstall } from './pwa/pwa-state';
import { currentTargetUrl } from './pwa/remount';
import { whenIdle } from './shell/when-idle';
import { loadWhenOnline } from './shell/when-online';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// SPEC §8: a chunk that fails to load (a deploy removed it) reloads the page once; a stylesheet chunk is reported
// with code CSS_CHUNK_LOAD_FAILED. The failed import still rejects, so a second failure shows the route's error. With
// no network nothing reloads: the chunk is not gone, and its load waits for the network (shell/when-online.ts).
window.addEventListener('vite:preloadError', (event) => {
  const payload = (event as Event & { payload?: unknown }).payload;
  const message = payload instanceof Error ? payload.message : String(payload);
  if (/\.css/.test(message)) console.error('CSS_CHUNK_LOAD_FAILED', message);
  recoverFromChunkError(currentTargetUrl());
});

// The browser's install offer can come before the app renders: listen from the start.
listenForInstall();

// Registered once the page is idle: its chunk and the worker's precache never compete with the first screen.
if (import.meta.env.PROD) {
  whenIdle(() => {
    // Gone offline before then, it registers once the network is back.
    loadWhenOnline(() => import('./pwa/register')).catch((error: unknown) =>
      console.warn('Service worker registration failed', error),
    );
  });
}

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
