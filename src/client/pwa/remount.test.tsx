// SPEC §4 remounting: which navigations become a full page load while an update waits, what the router watcher does
// then, and the chunk-reload marker of SPEC §8 recovery.
import { QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppRoutes } from '../app-routes';
import { RouteError } from '../features/errors/route-error';
import { DailyProvider, useDaily } from '../features/slips/daily-state';
import { lazyRoute } from '../shell/lazy-chunk';
import {
  CHUNK_RELOAD_KEY,
  CHUNK_RELOAD_WINDOW_MS,
  clearChunkReloadMarker,
  recoverFromChunkError,
  resetChunkRecoveryForTests,
} from './chunk-recovery';
import { getPwaState, resetPwaStateForTests, updateWaiting } from './pwa-state';
import {
  DAILY_SHOWING_KEY,
  isPublicLocation,
  noteDailyShowing,
  shouldRemount,
  watchNavigations,
} from './remount';

let loads: (string | null)[];
beforeEach(() => {
  window.sessionStorage.clear();
  loads = [];
  resetPwaStateForTests((target) => loads.push(target));
  resetChunkRecoveryForTests();
  noteDailyShowing(false);
});

describe('remount decision', () => {
  const routes = createAppRoutes({
    queryClient: new QueryClient(),
    instance: { environment: 'dev', alt: false },
  });
  const isPublic = (pathname: string) => isPublicLocation(routes, { pathname });

  it('knows the public routes of the app', () => {
    expect(isPublic('/login')).toBe(true);
    expect(isPublic('/forgot_password')).toBe(true);
    expect(isPublic('/error/404')).toBe(true);
    expect(isPublic('/manage/case')).toBe(false);
    expect(isPublic('/profile')).toBe(false);
    expect(isPublic('/')).toBe(false);
  });

  it.each([
    { from: '/login', to: '/forgot_password', pending: true, remount: false },
    { from: '/login', to: '/manage/case', pending: true, remount: true },
    { from: '/manage/case', to: '/login', pending: true, remount: true },
    { from: '/manage/case', to: '/profile', pending: true, remount: true },
    { from: '/manage/case', to: '/profile', pending: false, remount: false },
    { from: '/login', to: '/manage/case', pending: false, remount: false },
  ])('$from → $to, update pending $pending: remount $remount', ({ from, to, pending, remount }) => {
    expect(shouldRemount(pending, isPublic(from), isPublic(to))).toBe(remount);
  });
});

describe('router watcher', () => {
  function router(initial: string) {
    return createMemoryRouter(
      [
        {
          path: '/login',
          handle: { route: { name: 'login', path: '/login', public: true } },
          element: 'login',
        },
        {
          path: '/sso',
          handle: { route: { name: 'force_sso', path: '/sso', public: true } },
          element: 'sso',
        },
        { path: '/cases', handle: { route: { name: 'cases', path: '/cases' } }, element: 'cases' },
      ],
      { initialEntries: [initial] },
    );
  }

  it('with an update pending, leaving an authenticated route activates the worker and loads the new URL', async () => {
    const r = router('/cases');
    const stop = watchNavigations(r);
    const activate = vi.fn(async () => {});
    updateWaiting(activate);
    noteDailyShowing(true);
    await act(() => r.navigate('/login'));
    expect(getPwaState().remounting).toBe(true);
    expect(activate).toHaveBeenCalledOnce();
    expect(window.sessionStorage.getItem(DAILY_SHOWING_KEY)).toBe('1');
    stop();
  });

  it('between public routes, or with no update pending, navigation stays in the page', async () => {
    const r = router('/login');
    const stop = watchNavigations(r);
    await act(() => r.navigate('/cases'));
    expect(getPwaState().remounting).toBe(false);
    await act(() => r.navigate('/login'));
    const activate = vi.fn(async () => {});
    updateWaiting(activate);
    await act(() => r.navigate('/sso'));
    expect(getPwaState().remounting).toBe(false);
    expect(activate).not.toHaveBeenCalled();
    stop();
  });

  it('another page that loaded without a failure clears the chunk-reload marker; the reloaded page keeps it', async () => {
    const r = router('/cases');
    const reloaded = new URL('/cases', window.location.href).href;
    window.sessionStorage.setItem(CHUNK_RELOAD_KEY, JSON.stringify({ url: reloaded, at: Date.now() }));
    const stop = watchNavigations(r);
    // Its screen may still fail to render: a second failure there must show the error, not reload again.
    expect(window.sessionStorage.getItem(CHUNK_RELOAD_KEY)).not.toBeNull();
    await act(() => r.navigate('/login'));
    expect(window.sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeNull();
    stop();
  });
});

function NoFallback() {
  return null;
}

function Layout() {
  return (
    <div>
      the layout
      <Outlet />
    </div>
  );
}

function DailyProbe() {
  return <span>{useDaily().showing ? 'panel showing' : 'panel hidden'}</span>;
}

describe('daily panel across a remount', () => {
  it('starts showing after a remount that kept the flag, and forgets the flag for later loads', () => {
    window.sessionStorage.setItem(DAILY_SHOWING_KEY, '1');
    render(
      <DailyProvider>
        <DailyProbe />
      </DailyProvider>,
    );
    expect(screen.getByText('panel showing')).toBeInTheDocument();
    expect(window.sessionStorage.getItem(DAILY_SHOWING_KEY)).toBeNull();
  });

  it('starts hidden on an ordinary page load', () => {
    render(
      <DailyProvider>
        <DailyProbe />
      </DailyProvider>,
    );
    expect(screen.getByText('panel hidden')).toBeInTheDocument();
  });
});

describe('chunk reload marker', () => {
  const URL_A = 'http://localhost/manage/case';
  const T0 = Date.UTC(2026, 10, 24, 9, 0);
  afterEach(() => clearChunkReloadMarker());

  it('the first failure reloads; a second one within the window does not', () => {
    const go = vi.fn();
    expect(recoverFromChunkError(URL_A, T0, go)).toBe('reloading');
    expect(go).toHaveBeenCalledWith(URL_A);
    // The same page reports more failures while it reloads: one reload only.
    expect(recoverFromChunkError(URL_A, T0 + 10, go)).toBe('reloading');
    expect(go).toHaveBeenCalledOnce();

    resetChunkRecoveryForTests(); // the reloaded page
    expect(recoverFromChunkError(URL_A, T0 + CHUNK_RELOAD_WINDOW_MS - 1000, go)).toBe('failed');
    expect(go).toHaveBeenCalledOnce();
  });

  it('never reloads with no network: the browser would show its offline page, and the load waits instead', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const go = vi.fn();
      expect(recoverFromChunkError(URL_A, T0, go)).toBe('offline');
      expect(go).not.toHaveBeenCalled();
      expect(window.sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeNull();
    } finally {
      onLine.mockRestore();
    }
  });

  it('reloads again after the window, for another URL, or once a page has loaded', () => {
    const go = vi.fn();
    recoverFromChunkError(URL_A, T0, go);
    resetChunkRecoveryForTests();
    expect(recoverFromChunkError(URL_A, T0 + CHUNK_RELOAD_WINDOW_MS + 1, go)).toBe('reloading');
    resetChunkRecoveryForTests();
    expect(recoverFromChunkError('http://localhost/profile', T0 + CHUNK_RELOAD_WINDOW_MS + 2, go)).toBe(
      'reloading',
    );
    resetChunkRecoveryForTests();
    clearChunkReloadMarker();
    expect(recoverFromChunkError('http://localhost/profile', T0 + CHUNK_RELOAD_WINDOW_MS + 3, go)).toBe(
      'reloading',
    );
    expect(go).toHaveBeenCalledTimes(4);
  });
});

describe('chunk failure page', () => {
  it('a second failure soon after the reload shows the ChunkLoadError message and a Reload button', async () => {
    // As in the app: a root with a hydrate fallback, a lazily loaded layout with a loader, the failing screen below.
    const failing = createMemoryRouter(
      [
        {
          id: 'root',
          Component: Outlet,
          HydrateFallback: NoFallback,
          children: [
            {
              id: 'auth',
              loader: async () => ({ signedIn: true }),
              lazy: lazyRoute('auth', async () => ({ Layout }), 'Layout'),
              children: [
                {
                  id: 'staff',
                  path: '/staff',
                  errorElement: <RouteError />,
                  lazy: lazyRoute(
                    'staff',
                    () => Promise.reject(new TypeError('Failed to fetch: http://x.test/build/staff-1.js')),
                    'StaffPage',
                  ),
                },
              ],
            },
          ],
        },
      ],
      { initialEntries: ['/staff'] },
    );
    window.sessionStorage.setItem(
      CHUNK_RELOAD_KEY,
      JSON.stringify({ url: window.location.href, at: Date.now() }),
    );
    render(<RouterProvider router={failing} />);
    expect(await screen.findByRole('heading', { name: /Loading chunk staff failed/ })).toHaveTextContent(
      'http://x.test/build/staff-1.js',
    );
    expect(screen.getByText('the layout')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeVisible();
  });
});
