// /2fa: the second step of a password sign-in: a code from the authenticator app, or one recovery code.
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type ApiError, isApiError } from '../../api/http';
import { PROFILE_KEY } from '../../api/profile';
import { TextInput } from '../../ui';
import { signInWithCode } from './auth-api';
import { CodeInput } from './code-input';
import { nextOf } from './sign-in-path';

export const SIGN_IN_ENDED =
  'This sign-in has ended (after too many wrong codes, or 10 minutes without one). Please sign in again.';

export function SignInEnded() {
  return (
    <>
      <Alert variant="warning" className="py-2 small" role="alert">
        {SIGN_IN_ENDED}
      </Alert>
      <Link to="/login" className="btn btn-primary w-100">
        Sign In Again
      </Link>
    </>
  );
}

export function TwoFactorPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const next = nextOf(useSearchParams()[0]);
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<ApiError | Error | null>(null);
  const [ended, setEnded] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { user } = await signInWithCode(recovery ? { recoveryCode: value } : { code: value });
      queryClient.clear();
      queryClient.setQueryData(PROFILE_KEY, user);
      navigate(next ?? '/', { replace: true });
    } catch (failure) {
      if (isApiError(failure) && failure.status === 401) setEnded(true);
      else setError(failure as Error);
      setValue('');
    } finally {
      setBusy(false);
    }
  };

  const fieldErrors =
    error && isApiError(error) ? error.fields[recovery ? 'recoveryCode' : 'code'] : undefined;
  return (
    <section aria-labelledby="two-factor-heading">
      <h1 id="two-factor-heading" className="h5 mb-3">
        Two-Factor Sign-In
      </h1>
      {ended ? (
        <SignInEnded />
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <p className="small text-body-secondary">
            {recovery
              ? 'Enter one of the recovery codes you saved when you set up two-factor sign-in. Each code works once.'
              : 'Enter the 6-digit code your authenticator app shows for SD6.'}
          </p>
          {error && !fieldErrors ? (
            <Alert variant="danger" className="py-2 small sd-pre-line" role="alert">
              {error.message}
            </Alert>
          ) : null}
          {recovery ? (
            <TextInput
              key="recovery"
              label="Recovery Code"
              name="recoveryCode"
              autoComplete="off"
              placeholder="abcd-efgh-ijkl"
              required
              autoFocus
              value={value}
              onChange={setValue}
              errors={fieldErrors}
            />
          ) : (
            <CodeInput key="code" value={value} onChange={setValue} errors={fieldErrors} autoFocus />
          )}
          <Button type="submit" className="w-100" disabled={busy}>
            Verify
          </Button>
          <div className="d-flex justify-content-between mt-3 small">
            <Button
              variant="link"
              size="sm"
              className="p-0"
              onClick={() => {
                setRecovery(!recovery);
                setValue('');
                setError(null);
              }}
            >
              {recovery ? 'Use a code from the app instead' : 'Use a recovery code instead'}
            </Button>
            {/* A full page load: /logout ends the pending sign-in on the server. */}
            <a href="/logout">Cancel</a>
          </div>
        </form>
      )}
    </section>
  );
}
