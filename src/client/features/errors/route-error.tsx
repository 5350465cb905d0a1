// Route error element: API statuses map to the error page; a failed chunk load offers a reload.
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isApiError } from '../../api/http';
import { ErrorView, errorStatus } from './error-view';

export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) return <ErrorView status={errorStatus(error.status)} />;
  if (isApiError(error) && [403, 404].includes(error.status))
    return <ErrorView status={errorStatus(error.status)} />;
  if (error instanceof Error && error.name === 'ChunkLoadError') {
    return (
      <section className="sd-error-page py-4">
        <h1 className="h4 mb-3 sd-pre-line">{error.message}</h1>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => window.location.reload()}>
          Reload
        </button>
      </section>
    );
  }
  return <ErrorView status={500} />;
}
