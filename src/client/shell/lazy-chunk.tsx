// Code split at screen and panel level: SPEC §8 chunk load errors, lazy components and panels mounted when first opened.
import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { loadWhenOnline } from './when-online';

/** SPEC §8: a chunk that fails to load reports "Loading chunk {id} failed" with type and URL. */
export function chunkLoadError(id: string, cause: unknown): Error {
  const text = cause instanceof Error ? cause.message : String(cause);
  const url = /https?:\/\/\S+/.exec(text)?.[0] ?? '';
  const error = new Error(`Loading chunk ${id} failed.\n(error: ${url || text})`);
  error.name = 'ChunkLoadError';
  return error;
}

/**
 * Loads `load()` and returns its export `name`; a failed fetch becomes the SPEC §8 ChunkLoadError. A fetch that failed
 * with no network waits for it and is tried again (the screen or panel shows when the network is back): a chunk the
 * device went offline before fetching is not missing, and a reload with no network would only show the browser's
 * offline page.
 */
export async function loadExport<T>(id: string, load: () => Promise<Record<string, unknown>>, name: string) {
  let module: Record<string, unknown>;
  try {
    module = await loadWhenOnline(load);
  } catch (cause) {
    throw chunkLoadError(id, cause);
  }
  return module[name] as T;
}

/**
 * A route's `lazy`: the screen's component from its chunk. A failed load resolves to a component that throws the
 * ChunkLoadError, so the route's error element shows it: a `lazy` that rejects stays unresolved in the data router,
 * which then renders nothing below the root (a blank screen).
 */
export function lazyRoute(id: string, load: () => Promise<Record<string, unknown>>, name: string) {
  return async (): Promise<{ Component: ComponentType } | { element: ReactNode }> => {
    try {
      return { Component: await loadExport<ComponentType>(id, load, name) };
    } catch (error) {
      return { element: <Rethrow error={error} /> };
    }
  };
}

/** Renders as the route's error: its error element shows `error`. */
function Rethrow({ error }: { error: unknown }): never {
  throw error;
}

/** A component of another chunk, for React.lazy; the route's error element shows a failed load. */
export function lazyComponent<P extends object>(
  id: string,
  load: () => Promise<Record<string, unknown>>,
  name: string,
) {
  return lazy(async () => ({ default: await loadExport<ComponentType<P>>(id, load, name) }));
}

/** Mounts its (lazy) children the first time `open` is true and keeps them for their closing animation. */
export function MountWhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
