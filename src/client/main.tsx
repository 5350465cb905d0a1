// Browser entry: styles, then the app into #root.
import './styles/app.scss';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// SPEC §8: a stylesheet chunk that fails to load is reported with code CSS_CHUNK_LOAD_FAILED.
window.addEventListener('vite:preloadError', (event) => {
  const payload = (event as Event & { payload?: unknown }).payload;
  const message = payload instanceof Error ? payload.message : String(payload);
  if (/\.css/.test(message)) console.error('CSS_CHUNK_LOAD_FAILED', message);
});

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
