// Forgot password: /forgot_password asks for the address, /forgot_password/instructions says what happens next,
// /forgot_password/reset/:token sets the new password of a mailed link.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { type ResetPasswordRequest, resetPasswordRequest } from '../../../shared/schemas/auth';
import { setServerErrors, useErrorLists } from '../../api/form-errors';
import { type ApiError, isApiError } from '../../api/http';
import { TextInput } from '../../ui';
import { askForResetLink, checkResetLink, resetPassword } from './auth-api';
import { type PasswordField, PasswordFields } from './password-fields';

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const ask = useMutation({
    mutationFn: () => askForResetLink({ email }),
    onSuccess: () => navigate('/forgot_password/instructions'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask.mutate();
  };
  const error = ask.error as ApiError | null;
  const fieldErrors = error && isApiError(error) ? error.fields.email : undefined;
  return (
    <form onSubmit={submit} noValidate aria-labelledby="forgot-heading">
      <h1 id="forgot-heading" className="h5 mb-3">
        Forgot Password
      </h1>
      <p className="small text-body-secondary">
        Enter the email address of your SD6 account. We will mail you a link to choose a new password.
      </p>
      {error && !fieldErrors ? (
        <Alert variant="danger" className="py-2 small" role="alert">
          {error.message}
        </Alert>
      ) : null}
      <TextInput
        label="Email"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="username"
        autoFocus
        required
        value={email}
        onChange={setEmail}
        errors={fieldErrors}
      />
      <Button type="submit" className="w-100" disabled={ask.isPending}>
        Send Link
      </Button>
      <div className="mt-3 text-center small">
        <Link to="/login">Back to sign in</Link>
      </div>
    </form>
  );
}

export function ForgotPasswordInstructionsPage() {
  return (
    <section aria-labelledby="instructions-heading">
      <h1 id="instructions-heading" className="h5 mb-3">
        Check Your Email
      </h1>
      <p>If the address belongs to an active SD6 account, a link to choose a new password is on its way.</p>
      <p className="small text-body-secondary">
        The link works once, for 30 minutes. If no mail arrives within a few minutes, check your junk mail
        folder or ask again.
      </p>
      <div className="d-flex justify-content-between small">
        <Link to="/forgot_password">Ask again</Link>
        <Link to="/login">Back to sign in</Link>
      </div>
    </section>
  );
}

const EMPTY: ResetPasswordRequest = { newPassword: '', confirmPassword: '' };
const FIELDS: readonly PasswordField<ResetPasswordRequest>[] = [
  { name: 'newPassword', label: 'New Password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm New Password', autoComplete: 'new-password' },
];

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const link = useQuery({
    queryKey: ['reset-link', token],
    queryFn: ({ signal }) => checkResetLink(token, signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [message, setMessage] = useState<string | null>(null);
  const [linkEnded, setLinkEnded] = useState(false);
  const form = useForm<ResetPasswordRequest>({
    resolver: zodResolver(resetPasswordRequest),
    defaultValues: EMPTY,
    reValidateMode: 'onSubmit',
  });
  const errorsOf = useErrorLists(form.formState.errors);
  const save = useMutation({
    mutationFn: (values: ResetPasswordRequest) => resetPassword(token, values),
    onSuccess: () => navigate('/login', { replace: true, state: { passwordReset: true } }),
    onError: (error) => {
      const other = setServerErrors(
        error,
        form.setError,
        FIELDS.map((f) => f.name),
      );
      // The link was used or ran out meanwhile: the same screen as a bad link.
      if (isApiError(error) && Object.keys(error.fields).length === 0 && error.status === 400)
        setLinkEnded(true);
      else setMessage([isApiError(error) ? error.message : 'Invalid request', ...other].join('\n'));
    },
  });
  const submit = form.handleSubmit((values) => {
    setMessage(null);
    save.mutate(values);
  });

  return (
    <section aria-labelledby="reset-heading">
      <h1 id="reset-heading" className="h5 mb-3">
        Choose a New Password
      </h1>
      {link.isPending ? <Spinner animation="border" size="sm" role="status" aria-label="Loading" /> : null}
      {link.isError || linkEnded ? (
        <>
          <Alert variant="warning" className="py-2 small" role="alert">
            {linkEnded ? save.error?.message : link.error?.message}
          </Alert>
          <Link to="/forgot_password" className="btn btn-primary w-100">
            Ask for a New Link
          </Link>
        </>
      ) : null}
      {link.data && !linkEnded ? (
        <form onSubmit={submit} noValidate aria-label="Choose a New Password">
          <input
            type="text"
            name="username"
            autoComplete="username"
            value={link.data.email}
            readOnly
            hidden
          />
          <p className="small text-body-secondary">
            For <strong>{link.data.email}</strong>. Use at least 12 characters; a few unrelated words make a
            strong password. Every device signed in to your account will be signed out.
          </p>
          {message ? (
            <Alert variant="danger" className="py-2 small sd-pre-line" role="alert">
              {message}
            </Alert>
          ) : null}
          <PasswordFields
            control={form.control}
            fields={FIELDS}
            errorsOf={errorsOf}
            autoFocus="newPassword"
          />
          <Button type="submit" className="w-100" disabled={save.isPending}>
            Set New Password
          </Button>
        </form>
      ) : null}
    </section>
  );
}
