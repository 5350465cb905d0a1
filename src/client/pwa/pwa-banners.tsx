// The update and install banners (SPEC §4), above the screen in the signed-in shell and in the login shell.
import { useEffect } from 'react';
import { useIdle } from '../shell/when-idle';
import {
  dismissUpdate,
  hideInstall,
  installApp,
  installBannerShown,
  refreshPage,
  updateBannerVisible,
  usePwaState,
} from './pwa-state';

export function UpdateBanner() {
  const state = usePwaState();
  if (!updateBannerVisible(state, Date.now())) return null;
  return (
    <div
      className="alert alert-primary d-flex align-items-center gap-2 py-2 px-3 mb-3"
      role="status"
      data-testid="update-banner"
    >
      <div className="d-flex flex-wrap align-items-center gap-2 flex-fill">
        <span className="fw-semibold flex-fill">Update Available</span>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => void refreshPage()}>
          Refresh Page
        </button>
        <button type="button" className="btn btn-outline-dark btn-sm" onClick={() => dismissUpdate()}>
          Cancel
        </button>
      </div>
      <button
        type="button"
        className="btn-close flex-shrink-0"
        aria-label="Dismiss update banner"
        onClick={() => dismissUpdate()}
      />
    </div>
  );
}

export function InstallBanner() {
  const { installPrompt } = usePwaState();
  // Shown once the page is idle, so it is never the screen's largest paint (nor delays it).
  const shown = useIdle() && !!installPrompt;
  // Seen once, never offered again in this browser (SPEC §9).
  useEffect(() => {
    if (shown) installBannerShown();
  }, [shown]);
  if (!shown) return null;
  return (
    <div
      className="alert alert-secondary d-flex flex-wrap align-items-center gap-2 py-2 px-3 mb-3"
      role="status"
      data-testid="install-banner"
    >
      <div className="flex-fill" style={{ minWidth: '12rem' }}>
        <div className="fw-semibold">Install SD6</div>
        <div className="small">Open SD6 from your home screen or desktop, like any other app.</div>
      </div>
      <button type="button" className="btn btn-primary btn-sm" onClick={() => void installApp()}>
        Install
      </button>
      {/* Dark, not secondary grey: grey text is 4.38:1 on the banner, under the 4.5:1 that text needs. */}
      <button type="button" className="btn btn-outline-dark btn-sm" onClick={hideInstall}>
        Cancel
      </button>
    </div>
  );
}

export function PwaBanners() {
  return (
    <>
      <UpdateBanner />
      <InstallBanner />
    </>
  );
}
