// /sso (force_sso, login shell): "Sign in with {provider}" (a full page load: the provider's pages are not ours),
// why the last attempt failed, and the administrators' way back to the password form.
import { useQuery } from '@tanstack/react-query';
import { Alert, Spinner } from 'react-bootstrap';
import { Link, useSearchParams } from 'react-router';
import { nextPath, withNext } from '../../../shared/next-path';
import { type AuthOptions, SSO_ERRORS, type SsoErrorCode } from '../../../shared/schemas/sso';
import { apiGet } from '../../api/http';
import { startHref } from './start-href';

export const AUTH_OPTIONS_KEY = ['auth-options'];

export const ssoErrorMessage = (code: string | null): string | null =>
  code === null ? null : (SSO_ERRORS[code as SsoErrorCode] ?? SSO_ERRORS.failed);

export function SsoPage() {
  const [params] = useSearchParams();
  const options = useQuery({
    queryKey: AUTH_OPTIONS_KEY,
    queryFn: ({ signal }) => apiGet<AuthOptions>('/api/auth/options', { signal, redirectOnLogin: false }),
    staleTime: 0,
  });
  const error = ssoErrorMessage(params.get('error'));
  // The page to open after signing in (?next=, as on /login; ?returnTo= from older links).
  const next = nextPath(params.get('next') ?? params.get('returnTo'));
  const sso = options.data?.sso;

  return (
    <section aria-labelledby="sso-heading" className="sd-login-form">
      <h1 id="sso-heading" className="h5 mb-3">
        Single Sign-On
      </h1>
      <div role="alert" aria-live="assertive" className="sd-login-message">
        {error ? (
          <Alert variant="danger" className="py-2 small" data-testid="sso-error">
            {error}
          </Alert>
        ) : null}
      </div>
      {options.isPending ? <Spinner animation="border" size="sm" role="status" aria-label="Loading" /> : null}
      {options.isError ? <Alert variant="danger">{options.error.message}</Alert> : null}
      {options.data && !sso ? (
        <p>
          Single sign-on is not set up for SD6. <Link to="/login">Sign in with your password</Link>.
        </p>
      ) : null}
      {sso ? (
        <>
          <p className="text-body-secondary small">Sign in with your {sso.providerName} account.</p>
          <a className="btn btn-primary w-100" href={startHref(next)}>
            Sign in with {sso.providerName}
          </a>
          <p className="small mt-4 mb-0 text-center">
            <Link to={withNext('/login?break-glass=1', next)} className="link-secondary">
              Administrator sign-in
            </Link>
          </p>
        </>
      ) : null}
    </section>
  );
}
