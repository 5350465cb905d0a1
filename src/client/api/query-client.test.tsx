// Offline loads (issue 30): a load with no network fails at once saying so, keeps the data already shown, and
// loads again by itself when the network is back, even while that data is still fresh.
import { onlineManager, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiGet, OFFLINE_MESSAGE } from './http';
import { createQueryClient, loadProblem } from './query-client';

let online = true;
let calls = 0;
beforeEach(() => {
  online = true;
  calls = 0;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      calls += 1;
      if (!online) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ n: calls }), { status: 200 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
});

const goOffline = () => {
  online = false;
  window.dispatchEvent(new Event('offline'));
};
const goOnline = () => {
  online = true;
  window.dispatchEvent(new Event('online'));
};

describe('offline loads', () => {
  it('fail at once with the offline message, keep the data shown, and load again when the network is back', async () => {
    const client = createQueryClient();
    client.mount();
    const observer = new QueryObserver(client, {
      queryKey: ['cases'],
      queryFn: () => apiGet<{ n: number }>('/api/cases'),
    });
    const stop = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual({ n: 1 }));

    goOffline();
    await observer.refetch();
    const failed = observer.getCurrentResult();
    expect(failed.error?.message).toBe(OFFLINE_MESSAGE);
    expect(failed.data).toEqual({ n: 1 });
    // No retry while the browser says it is offline.
    expect(calls).toBe(2);

    // The data is fresh (30 s), yet the failed query is asked again on reconnect.
    goOnline();
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual({ n: 3 }));
    expect(observer.getCurrentResult().error).toBeNull();
    stop();
    client.unmount();
  });

  it('a page opened with no network says it is offline instead of waiting, and recovers on reconnect', async () => {
    online = false;
    const client = createQueryClient();
    client.mount();
    expect(onlineManager.isOnline()).toBe(false);
    const observer = new QueryObserver(client, {
      queryKey: ['task', 5],
      queryFn: () => apiGet<{ n: number }>('/api/task/5'),
    });
    const stop = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().error?.message).toBe(OFFLINE_MESSAGE));
    expect(observer.getCurrentResult().fetchStatus).toBe('idle');

    goOnline();
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual({ n: 2 }));
    expect(observer.getCurrentResult().isError).toBe(false);
    stop();
    client.unmount();
  });

  it('a load that failed before the browser said offline shows the offline message while its retry waits', async () => {
    const client = createQueryClient();
    client.mount();
    const observer = new QueryObserver(client, {
      queryKey: ['cases', 'all'],
      queryFn: () => apiGet<{ n: number }>('/api/cases?status=all'),
    });
    // The network is gone, but the browser has not said so yet: the failure is tried again after a second.
    online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => true);
    const stop = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().failureCount).toBe(1));
    expect(loadProblem(observer.getCurrentResult())).toBeNull();
    // The browser says offline before the retry: the retry waits for the network, and the page says why.
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    window.dispatchEvent(new Event('offline'));
    await vi.waitFor(() => expect(observer.getCurrentResult().fetchStatus).toBe('paused'), { timeout: 3000 });
    expect(observer.getCurrentResult().error).toBeNull();
    expect(loadProblem(observer.getCurrentResult())?.message).toBe(OFFLINE_MESSAGE);

    goOnline();
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual({ n: 2 }));
    expect(loadProblem(observer.getCurrentResult())).toBeNull();
    stop();
    client.unmount();
  });
});
