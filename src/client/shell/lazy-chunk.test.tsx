// Chunks asked for with no network (the device went offline before the menus, the timer or a screen arrived): the
// load waits for the network and is tried again, instead of failing for good or reloading into the offline page.
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { lazyComponent, loadExport } from './lazy-chunk';
import { loadWhenOnline } from './when-online';

let onLine: MockInstance<() => boolean>;
let online = true;
beforeEach(() => {
  online = true;
  onLine = vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => onLine.mockRestore());

function goOnline() {
  online = true;
  window.dispatchEvent(new Event('online'));
}

const fetchFailure = () =>
  new TypeError('Failed to fetch dynamically imported module: http://x.test/build/menus-1.js');

describe('loadWhenOnline', () => {
  it('tries again once the network is back when the load failed offline', async () => {
    online = false;
    const load = vi.fn().mockRejectedValueOnce(fetchFailure()).mockResolvedValue('loaded');
    const result = loadWhenOnline(load);
    await vi.waitFor(() => expect(load).toHaveBeenCalledOnce());
    let settled = false;
    void result.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    goOnline();
    await expect(result).resolves.toBe('loaded');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('fails as before when the load failed online', async () => {
    const load = vi.fn().mockRejectedValue(fetchFailure());
    await expect(loadWhenOnline(load)).rejects.toThrow('Failed to fetch');
    expect(load).toHaveBeenCalledOnce();
  });

  it('an online failure of a chunk is still the SPEC §8 ChunkLoadError', async () => {
    const failed = loadExport('menus', () => Promise.reject(fetchFailure()), 'Menus');
    await expect(failed).rejects.toMatchObject({ name: 'ChunkLoadError' });
  });
});

function LoadedMenus() {
  return <p>the menus</p>;
}

describe('a lazily loaded component offline', () => {
  it('keeps its fallback while offline and shows once the network is back', async () => {
    online = false;
    const load = vi.fn().mockRejectedValueOnce(fetchFailure()).mockResolvedValue({ Menus: LoadedMenus });
    const Menus = lazyComponent('menus', load, 'Menus');
    render(
      <Suspense fallback={<p>the toggle</p>}>
        <Menus />
      </Suspense>,
    );
    await vi.waitFor(() => expect(load).toHaveBeenCalledOnce());
    expect(screen.getByText('the toggle')).toBeInTheDocument();
    act(() => goOnline());
    expect(await screen.findByText('the menus')).toBeInTheDocument();
  });
});
