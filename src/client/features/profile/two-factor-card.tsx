// Two-Factor Sign-In on the own profile: set up (the same flow as the sign-in's setup step), turn off with the
// current password (not while the sign-in settings require it), and new recovery codes for a code from the app.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Alert, Button, Card, Spinner } from 'react-bootstrap';
import { isApiError } from '../../api/http';
import { TextInput } from '../../ui';
import { disableTwoFactor, loadTwoFactorStatus, newRecoveryCodes, TWO_FACTOR_KEY } from '../auth/auth-api';
import { CodeInput } from '../auth/code-input';
import { RecoveryCodes } from '../auth/recovery-codes';
import { TwoFactorSetupForm } from '../auth/two-factor-setup';
import { formatWhen } from '../history/history-api';

type Mode = 'view' | 'setup' | 'codes' | 'disable';

export function TwoFactorCard({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: TWO_FACTOR_KEY, queryFn: ({ signal }) => loadTwoFactorStatus(signal) });
  const [mode, setMode] = useState<Mode>('view');
  const [shownCodes, setShownCodes] = useState<string[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY });
  const done = (text: string | null) => {
    setMode('view');
    setNotice(text);
    void refresh();
  };

  let body: React.ReactNode;
  if (status.isPending) body = <Spinner animation="border" size="sm" role="status" aria-label="Loading" />;
  else if (status.isError) body = <Alert variant="danger">{status.error.message}</Alert>;
  else if (shownCodes) {
    body = (
      <>
        <RecoveryCodes codes={shownCodes} account={email} />
        <Button
          size="sm"
          className="mt-2"
          onClick={() => {
            setShownCodes(null);
            done(null);
          }}
        >
          I Have Saved Them
        </Button>
      </>
    );
  } else if (mode === 'setup') {
    body = (
      <>
        <TwoFactorSetupForm
          fromSignIn={false}
          onConfirmed={(result) => {
            setShownCodes(result.recoveryCodes);
            void refresh();
          }}
        />
        <Button size="sm" variant="link" className="px-0 mt-2" onClick={() => setMode('view')}>
          Cancel
        </Button>
      </>
    );
  } else if (mode === 'codes') {
    body = (
      <NewCodesForm
        onDone={(codes) => {
          setShownCodes(codes);
          setMode('view');
        }}
        onCancel={() => setMode('view')}
      />
    );
  } else if (mode === 'disable') {
    body = (
      <DisableForm
        email={email}
        onDone={() => done('Two-factor sign-in is off.')}
        onCancel={() => setMode('view')}
      />
    );
  } else {
    const s = status.data;
    body = (
      <>
        {notice ? (
          <Alert variant="success" className="py-2 small" role="status">
            {notice}
          </Alert>
        ) : null}
        {s.enabled ? (
          <>
            <p className="mb-1">
              <strong>On</strong>
              {s.enabledAt ? (
                <span className="text-body-secondary"> since {formatWhen(s.enabledAt)}</span>
              ) : null}
            </p>
            <p className="small text-body-secondary" data-testid="recovery-codes-left">
              {s.recoveryCodesLeft} of 10 recovery codes left.
            </p>
            <div className="d-flex flex-wrap gap-2">
              <Button size="sm" variant="outline-primary" onClick={() => setMode('codes')}>
                New Recovery Codes
              </Button>
              {s.required ? null : (
                <Button size="sm" variant="outline-danger" onClick={() => setMode('disable')}>
                  Turn Off
                </Button>
              )}
            </div>
            {s.required ? (
              <p className="small text-body-secondary mt-2 mb-0">
                The sign-in settings require two-factor sign-in for your account, so it cannot be turned off.
              </p>
            ) : null}
          </>
        ) : (
          <>
            <p className="small">
              <strong>Off.</strong> With two-factor sign-in, SD6 asks for a code from an app on your phone
              after your password, so a stolen password alone cannot open your account.
            </p>
            <Button size="sm" onClick={() => setMode('setup')}>
              Set Up
            </Button>
          </>
        )}
      </>
    );
  }
  return (
    <Card className="sd-card" id="two-factor">
      <Card.Header>
        <h2 className="h6 mb-0">Two-Factor Sign-In</h2>
      </Card.Header>
      <Card.Body>{body}</Card.Body>
    </Card>
  );
}

function NewCodesForm({ onDone, onCancel }: { onDone: (codes: string[]) => void; onCancel: () => void }) {
  const [code, setCode] = useState('');
  const run = useMutation({ mutationFn: () => newRecoveryCodes(code), onSuccess: onDone });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run.mutate();
  };
  const fieldErrors = isApiError(run.error) ? run.error.fields.code : undefined;
  return (
    <form onSubmit={submit} noValidate aria-label="New Recovery Codes">
      <p className="small text-body-secondary">
        Ten new codes replace the ones you have; the old ones stop working.
      </p>
      {run.error && !fieldErrors ? (
        <Alert variant="danger" className="py-2 small">
          {run.error.message}
        </Alert>
      ) : null}
      <CodeInput value={code} onChange={setCode} errors={fieldErrors} autoFocus />
      <div className="d-flex gap-2">
        <Button type="submit" size="sm" disabled={run.isPending}>
          Show New Codes
        </Button>
        <Button size="sm" variant="outline-secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function DisableForm({
  email,
  onDone,
  onCancel,
}: {
  email: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState('');
  const run = useMutation({ mutationFn: () => disableTwoFactor(password), onSuccess: onDone });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run.mutate();
  };
  const fieldErrors = isApiError(run.error) ? run.error.fields.currentPassword : undefined;
  return (
    <form onSubmit={submit} noValidate aria-label="Turn Off Two-Factor Sign-In">
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      {run.error && !fieldErrors ? (
        <Alert variant="danger" className="py-2 small">
          {run.error.message}
        </Alert>
      ) : null}
      <TextInput
        label="Current Password"
        name="twoFactorCurrentPassword"
        type="password"
        autoComplete="current-password"
        required
        autoFocus
        value={password}
        onChange={setPassword}
        errors={fieldErrors}
      />
      <div className="d-flex gap-2">
        <Button type="submit" size="sm" variant="danger" disabled={run.isPending}>
          Turn Off Two-Factor Sign-In
        </Button>
        <Button size="sm" variant="outline-secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
