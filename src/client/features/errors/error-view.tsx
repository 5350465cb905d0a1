// The error page of SPEC §2/§8: 404, 403 and 500; any other code shows as 404.
import { Link, useParams } from 'react-router';
import { MESSAGES } from '../../../shared/errors';

export type ErrorStatus = 403 | 404 | 500;

const TEXT: Record<ErrorStatus, string> = {
  404: MESSAGES.notFound,
  403: MESSAGES.forbidden,
  500: MESSAGES.serverError,
};

export function errorStatus(raw: string | number | undefined): ErrorStatus {
  const code = Number(raw);
  return code === 403 || code === 500 ? code : 404;
}

export function ErrorView({ status, detail }: { status: ErrorStatus; detail?: string }) {
  return (
    <section className="sd-error-page py-4" data-status={status}>
      <h1 className="h3 mb-3">{TEXT[status]}</h1>
      {detail ? <p className="text-body-secondary sd-pre-line">{detail}</p> : null}
      <Link to="/" className="btn btn-primary btn-sm">
        Home
      </Link>
    </section>
  );
}

/** /error/:statusCode */
export function ErrorPage() {
  const { statusCode } = useParams();
  return <ErrorView status={errorStatus(statusCode)} />;
}

/** Any route the table does not know. */
export function NotFoundPage() {
  return <ErrorView status={404} />;
}
