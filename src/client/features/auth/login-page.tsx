// Sign in: email and password; on success the index route sends the user to their home page.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { LoginRequest } from '../../../shared/schemas/auth';
import type { Profile } from '../../../shared/schemas/user';
import { useErrorLists } from '../../api/form-errors';
import { apiPost, isApiError } from '../../api/http';
import { PROFILE_KEY } from '../../api/profile';
import { loadExport } from '../../shell/lazy-chunk';
import { TextInput } from '../../ui';

// The sign-in rules (zod and its resolver, ~40 kB) load once the screen shows, not before it.
let rules: Promise<Resolver<LoginRequest>> | null = null;
const loadRules = () => {
  rules ??= Promise.all([
    loadExport<typeof import('@hookform/resolvers/zod').zodResolver>(
      'login_rules',
      () => import('@hookform/resolvers/zod'),
      'zodResolver',
    ),
    loadExport<typeof import('../../../shared/schemas/auth').loginRequest>(
      'login_rules',
      () => import('../../../shared/schemas/auth'),
      'loginRequest',
    ),
  ]).then(([zodResolver, loginRequest]) => zodResolver(loginRequest) as Resolver<LoginRequest>);
  // A failed load is tried again on the next submit.
  rules.catch(() => (rules = null));
  return rules;
};
const loginRules: Resolver<LoginRequest> = async (values, context, options) =>
  (await loadRules())(values, context, options);

export function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<LoginRequest>({
    resolver: loginRules,
    defaultValues: { email: '', password: '' },
    reValidateMode: 'onSubmit',
  });
  const errorsOf = useErrorLists(form.formState.errors);
  useEffect(() => void loadRules().catch(() => undefined), []);

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
    <form
      onSubmit={(event) => submit(event).catch((error: Error) => setMessage(error.message))}
      noValidate
      aria-labelledby="login-heading"
      className="sd-login-form"
    >
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
