// /2fa_setup: the sign-in of an account that must use two-factor sign-in and has not set it up yet.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useNavigate, useSearchParams } from 'react-router';
import { PROFILE_KEY } from '../../api/profile';
import { RecoveryCodes } from './recovery-codes';
import { nextOf } from './sign-in-path';
import { SignInEnded } from './two-factor-page';
import { type SetupDone, TwoFactorSetupForm } from './two-factor-setup';

export function TwoFactorSetupPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const next = nextOf(useSearchParams()[0]);
  const [done, setDone] = useState<SetupDone | null>(null);
  const [ended, setEnded] = useState(false);
  return (
    <section aria-labelledby="two-factor-setup-heading">
      <h1 id="two-factor-setup-heading" className="h5 mb-3">
        Set Up Two-Factor Sign-In
      </h1>
      {ended ? (
        <SignInEnded />
      ) : done ? (
        <>
          <RecoveryCodes codes={done.recoveryCodes} account={done.user?.email ?? ''} />
          <Button
            className="w-100 mt-3"
            onClick={() => {
              queryClient.clear();
              if (done.user) queryClient.setQueryData(PROFILE_KEY, done.user);
              navigate(next ?? '/', { replace: true });
            }}
          >
            I Have Saved Them
          </Button>
        </>
      ) : (
        <>
          <p className="small text-body-secondary">
            Your account must use two-factor sign-in: after your password, SD6 asks for a code from an app on
            your phone.
          </p>
          <TwoFactorSetupForm fromSignIn onConfirmed={setDone} onSignInEnded={() => setEnded(true)} />
        </>
      )}
    </section>
  );
}
