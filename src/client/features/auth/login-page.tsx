// Sign in: email and password; on success the index route sends the user to their home page.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { type LoginRequest, loginRequest } from '../../../shared/schemas/auth';
import type { Profile } from '../../../shared/schemas/user';
import { useErrorLists } from '../../api/form-errors';
import { apiPost, isApiError } from '../../api/http';
import { PROFILE_KEY } from '../../api/profile';
import { TextInput } from '../../ui';

export function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<LoginRequest>({
    resolver: zodResolver(loginRequest),
    defaultValues: { email: '', password: '' },
    reValidateMode: 'onSubmit',
  });
  const errorsOf = useErrorLists(form.formState.errors);

  const submit = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      const { user } = await apiPost<{ user: Profile }>('/api/auth/login', values, {
        redirectOnLogin: false,
      });
      queryClient.clear();
      queryClient.setQueryData(PROFILE_KEY, user);
      navigate('/', { replace: true });
    } catch (error) {
      setMessage(isApiError(error) ? error.message : 'Invalid request');
      form.setValue('password', '');
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="login-heading" className="sd-login-form">
      <h1 id="login-heading" className="h5 mb-3">
        Sign In
      </h1>
      <div role="alert" aria-live="assertive" className="sd-login-message">
        {message ? (
          <Alert variant="danger" className="py-2 small sd-pre-line">
            {message}
          </Alert>
        ) : null}
      </div>
      <Controller
        control={form.control}
        name="email"
        render={({ field }) => (
          <TextInput
            label="Email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="username"
            autoFocus
            required
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            errors={errorsOf('email')}
          />
        )}
      />
      <Controller
        control={form.control}
        name="password"
        render={({ field }) => (
          <TextInput
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            errors={errorsOf('password')}
          />
        )}
      />
      <Button type="submit" variant="primary" className="w-100" disabled={form.formState.isSubmitting}>
        Sign In
      </Button>
    </form>
  );
}
