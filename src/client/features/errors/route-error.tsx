// Route error element: API statuses map to the error page; a failed chunk load reloads the page once (SPEC §8), and
// shows its message with a Reload button when that did not help.
import { useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isApiError } from '../../api/http';
import { recoverFromChunkError } from '../../pwa/chunk-recovery';
import { ErrorView, errorStatus } from './error-view';

function ChunkLoadFailure({ error }: { error: Error }) {
  // The first failure of this page reloads it (new chunks after a deploy); a second one soon after stays here.
  const [outcome] = useState(() => recoverFromChunkError());
  if (outcome === 'reloading') {
    return (
      <section className="sd-error-page py-4" aria-busy="true">
        <p className="text-secondary">Loading the latest version…</p>
      </section>
    );
  }
  return (
    <section className="sd-error-page py-4">
      <h1 className="h4 mb-3 sd-pre-line">{error.message}</h1>
      <button type="button" className="btn btn-primary btn-sm" onClick={() => window.location.reload()}>
        Reload
      </button>
    </section>
  );
}

export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) return <ErrorView status={errorStatus(error.status)} />;
  if (isApiError(error) && [403, 404].includes(error.status))
    return <ErrorView status={errorStatus(error.status)} />;
  if (error instanceof Error && error.name === 'ChunkLoadError') return <ChunkLoadFailure error={error} />;
  return <ErrorView status={500} />;
}
