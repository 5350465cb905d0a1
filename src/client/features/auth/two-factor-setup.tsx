// Setting up two-factor sign-in (the /2fa_setup screen and the profile card): the QR code and the secret, one code
// to confirm, then the recovery codes shown once.
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import type { Profile } from '../../../shared/schemas/user';
import { isApiError } from '../../api/http';
import { confirmTwoFactorSetup, startTwoFactorSetup } from './auth-api';
import { CodeInput } from './code-input';

export type SetupDone = { recoveryCodes: string[]; user?: Profile };

/** `fromSignIn`: the setup step of a sign-in (a 401 means that sign-in has ended) rather than the profile. */
export function TwoFactorSetupForm({
  fromSignIn,
  onConfirmed,
  onSignInEnded,
}: {
  fromSignIn: boolean;
  onConfirmed: (done: SetupDone) => void;
  onSignInEnded?: () => void;
}) {
  const setup = useQuery({
    queryKey: ['two-factor-setup', fromSignIn],
    queryFn: () => startTwoFactorSetup(fromSignIn).then((r) => r.setup),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const [code, setCode] = useState('');
  const confirm = useMutation({
    mutationFn: () => confirmTwoFactorSetup(code, fromSignIn),
    onSuccess: onConfirmed,
    onError: (error) => {
      if (isApiError(error) && error.status === 401) onSignInEnded?.();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate();
  };
  if (setup.isPending) return <Spinner animation="border" size="sm" role="status" aria-label="Loading" />;
  if (setup.isError) {
    if (isApiError(setup.error) && setup.error.status === 401) {
      onSignInEnded?.();
      return null;
    }
    return <Alert variant="danger">{setup.error.message}</Alert>;
  }
  const error = confirm.error;
  const fieldErrors = isApiError(error) ? error.fields.code : undefined;
  return (
    <form onSubmit={submit} noValidate aria-label="Set Up Two-Factor Sign-In">
      <ol className="ps-3 small mb-3">
        <li>
          Open an authenticator app on your phone (for example Microsoft Authenticator or Google
          Authenticator).
        </li>
        <li>Scan this QR code, or type the key below into the app.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="text-center mb-2">
        <img
          src={setup.data.qrCode}
          alt="QR code to scan with your authenticator app"
          width={180}
          height={180}
        />
      </div>
      <div className="mb-3 small">
        <div className="text-body-secondary">Key to type instead:</div>
        <code className="d-block text-break user-select-all" data-testid="totp-secret">
          {setup.data.secret.match(/.{1,4}/g)?.join(' ')}
        </code>
      </div>
      {error && !fieldErrors ? (
        <Alert variant="danger" className="py-2 small">
          {error.message}
        </Alert>
      ) : null}
      <CodeInput value={code} onChange={setCode} errors={fieldErrors} autoFocus={fromSignIn} />
      <Button
        type="submit"
        size={fromSignIn ? undefined : 'sm'}
        className={fromSignIn ? 'w-100' : ''}
        disabled={confirm.isPending}
      >
        Turn On Two-Factor Sign-In
      </Button>
    </form>
  );
}
