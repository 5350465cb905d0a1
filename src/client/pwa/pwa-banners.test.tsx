// The update banner (SPEC §4/§9: Refresh Page, Cancel/dismiss suppressed 24 hours across page loads) and the install
// banner (shown once ever, in a normal tab, hidden on Cancel, Install or once installed).
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PwaBanners } from './pwa-banners';
import {
  getPwaState,
  INSTALL_SHOWN_KEY,
  type InstallPromptEvent,
  listenForInstall,
  newWorkerControls,
  resetPwaStateForTests,
  UPDATE_DISMISSED_KEY,
  updateSuppressed,
  updateWaiting,
} from './pwa-state';

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;
const DISMISSED_AT = Date.UTC(2026, 10, 24, 9, 0);

let loads: (string | null)[];

/** A new page load: the store starts again from this browser's storage. */
function newPage() {
  resetPwaStateForTests((target) => loads.push(target));
}

beforeEach(() => {
  window.localStorage.clear();
  loads = [];
  newPage();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const updateBanner = () => screen.queryByTestId('update-banner');
const installBanner = () => screen.queryByTestId('install-banner');

describe('update banner', () => {
  it('shows "Update Available" when a new worker waits', () => {
    render(<PwaBanners />);
    expect(updateBanner()).toBeNull();
    act(() => updateWaiting(async () => {}));
    expect(updateBanner()).toHaveTextContent('Update Available');
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeVisible();
  });

  it('Refresh Page clears the flag, activates the waiting worker and loads the page once it controls it', async () => {
    const activate = vi.fn(async () => {});
    render(<PwaBanners />);
    act(() => updateWaiting(activate));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refresh Page' })));
    expect(getPwaState().updatePending).toBe(false);
    expect(updateBanner()).toBeNull();
    expect(activate).toHaveBeenCalledOnce();
    expect(loads).toEqual([]);
    // The worker's controllerchange: one reload of the current page.
    newWorkerControls();
    newWorkerControls();
    expect(loads).toEqual([null]);
  });

  it('Cancel hides it and keeps it hidden for 24 hours, across page loads', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: DISMISSED_AT });
    const first = render(<PwaBanners />);
    act(() => updateWaiting(async () => {}));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(updateBanner()).toBeNull();
    expect(window.localStorage.getItem(UPDATE_DISMISSED_KEY)).toBe(String(DISMISSED_AT));
    expect(getPwaState().updatePending).toBe(true);
    first.unmount();

    vi.setSystemTime(DISMISSED_AT + 23 * HOUR + 59 * MINUTE);
    newPage();
    const second = render(<PwaBanners />);
    act(() => updateWaiting(async () => {}));
    expect(updateBanner()).toBeNull();
    second.unmount();

    vi.setSystemTime(DISMISSED_AT + 24 * HOUR + MINUTE);
    newPage();
    render(<PwaBanners />);
    act(() => updateWaiting(async () => {}));
    expect(updateBanner()).toHaveTextContent('Update Available');
  });

  it('the dismiss × does what Cancel does', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: DISMISSED_AT });
    render(<PwaBanners />);
    act(() => updateWaiting(async () => {}));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss update banner' }));
    expect(updateBanner()).toBeNull();
    expect(window.localStorage.getItem(UPDATE_DISMISSED_KEY)).toBe(String(DISMISSED_AT));
  });

  it('suppression window: 23 h 59 hidden, 24 h 01 shown again', () => {
    expect(updateSuppressed(DISMISSED_AT, DISMISSED_AT + 23 * HOUR + 59 * MINUTE)).toBe(true);
    expect(updateSuppressed(DISMISSED_AT, DISMISSED_AT + 24 * HOUR + MINUTE)).toBe(false);
    expect(updateSuppressed(null, DISMISSED_AT)).toBe(false);
  });
});

/** A synthetic beforeinstallprompt, as Chromium sends it. */
function offerInstall() {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as InstallPromptEvent;
  const prompt = vi.fn(async () => {});
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome: 'accepted' as const }) });
  act(() => {
    window.dispatchEvent(event);
  });
  return { event, prompt };
}

/** Idle callbacks held until `pageIdle()` runs them: the banner waits for the page to be idle. */
let idleCallbacks: (() => void)[] = [];
function pageIdle() {
  act(() => {
    for (const run of idleCallbacks.splice(0)) run();
  });
}

describe('install banner', () => {
  let stopListening: () => void;
  beforeEach(() => {
    stopListening = listenForInstall();
    idleCallbacks = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idleCallbacks.push(run));
    vi.stubGlobal('cancelIdleCallback', () => {});
  });
  afterEach(() => stopListening());

  it("waits for the page to be idle, so it is never the screen's largest paint", () => {
    render(<PwaBanners />);
    offerInstall();
    expect(installBanner()).toBeNull();
    expect(window.localStorage.getItem(INSTALL_SHOWN_KEY)).toBeNull();
    pageIdle();
    expect(installBanner()).toHaveTextContent('Install SD6');
  });

  it('shows when the browser offers install, once ever: Cancel hides it and a later page never shows it', () => {
    const first = render(<PwaBanners />);
    const offer = offerInstall();
    pageIdle();
    expect(offer.event.defaultPrevented).toBe(true);
    expect(installBanner()).toHaveTextContent('Install SD6');
    expect(window.localStorage.getItem(INSTALL_SHOWN_KEY)).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(installBanner()).toBeNull();
    expect(offer.prompt).not.toHaveBeenCalled();
    first.unmount();

    newPage();
    render(<PwaBanners />);
    const again = offerInstall();
    pageIdle();
    expect(installBanner()).toBeNull();
    // Not taken: the browser keeps its own install offer.
    expect(again.event.defaultPrevented).toBe(false);
  });

  it('Install opens the browser prompt and hides the banner', async () => {
    render(<PwaBanners />);
    const offer = offerInstall();
    pageIdle();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Install' })));
    expect(offer.prompt).toHaveBeenCalledOnce();
    expect(installBanner()).toBeNull();
  });

  it('hides once the app is installed', () => {
    render(<PwaBanners />);
    offerInstall();
    pageIdle();
    expect(installBanner()).not.toBeNull();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(installBanner()).toBeNull();
  });

  it('never shows in the installed app (standalone display)', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(display-mode: standalone)',
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    render(<PwaBanners />);
    const offer = offerInstall();
    pageIdle();
    expect(installBanner()).toBeNull();
    expect(offer.event.defaultPrevented).toBe(false);
    expect(window.localStorage.getItem(INSTALL_SHOWN_KEY)).toBeNull();
  });
});
