// Change Password: the current password is required; the new one follows the shared password rule.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button, Card } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { type PasswordChange, passwordChange } from '../../../shared/schemas/user';
import { setServerErrors, useErrorLists } from '../../api/form-errors';
import { isApiError } from '../../api/http';
import { type PasswordField, PasswordFields } from '../auth/password-fields';
import { changePassword } from './profile-api';

const FIELDS: readonly PasswordField<PasswordChange>[] = [
  { name: 'currentPassword', label: 'Current Password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New Password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm New Password', autoComplete: 'new-password' },
];
const EMPTY: PasswordChange = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** `email` fills a hidden username field, so password managers file the new password under the right account. */
export function PasswordCard({ email }: { email: string }) {
  const [message, setMessage] = useState<{ variant: 'success' | 'danger'; text: string } | null>(null);
  const form = useForm<PasswordChange>({
    resolver: zodResolver(passwordChange),
    defaultValues: EMPTY,
    reValidateMode: 'onSubmit',
  });
  const errorsOf = useErrorLists(form.formState.errors);
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      form.reset(EMPTY);
      setMessage({ variant: 'success', text: 'Your password was changed.' });
    },
    onError: (error) => {
      const other = setServerErrors(
        error,
        form.setError,
        FIELDS.map((f) => f.name),
      );
      setMessage({
        variant: 'danger',
        text: [isApiError(error) ? error.message : 'Invalid request', ...other].join('\n'),
      });
    },
  });
  const submit = form.handleSubmit((values) => {
    setMessage(null);
    change.mutate(values);
  });
  return (
    <Card className="sd-card" id="change-password">
      <Card.Header>
        <h2 className="h6 mb-0">Change Password</h2>
      </Card.Header>
      <Card.Body>
        <form onSubmit={submit} noValidate aria-label="Change Password">
          <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
          {message ? (
            <Alert variant={message.variant} className="py-2 small sd-pre-line" role="status">
              {message.text}
            </Alert>
          ) : null}
          <PasswordFields control={form.control} fields={FIELDS} errorsOf={errorsOf} />
          <Button type="submit" size="sm" disabled={change.isPending}>
            Change Password
          </Button>
        </form>
      </Card.Body>
    </Card>
  );
}
