// Sign in: email and password; on success the page a signed-out link asked for (?next=), else the index route sends
// the user to their home page, or the two-factor step follows (carrying ?next=). With single sign-on set up, "Sign
// in with {provider}" is offered (also carrying it); when it is enforced, /sso is shown instead (the break-glass
// administrator comes back with ?break-glass=1).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from 'react-bootstrap';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { withNext } from '../../../shared/next-path';
import type { LoginNext, LoginRequest } from '../../../shared/schemas/auth';
import type { AuthOptions } from '../../../shared/schemas/sso';
import type { Profile } from '../../../shared/schemas/user';
import { useErrorLists } from '../../api/form-errors';
import { apiPost, isApiError } from '../../api/http';
import { PROFILE_KEY } from '../../api/profile';
import { loadExport } from '../../shell/lazy-chunk';
import { TextInput } from '../../ui';
import { startHref } from '../sso/start-href';
import { loadAuthOptions, NEXT_PATH } from './auth-api';
import { nextOf } from './sign-in-path';

// The sign-in rules (zod and its resolver, ~40 kB) load when the user starts on the form, not with the screen.
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
  const [search] = useSearchParams();
  const passwordReset = (useLocation().state as { passwordReset?: boolean } | null)?.passwordReset === true;
  const breakGlass = search.get('break-glass') === '1';
  // The page a signed-out link asked for: every step of the sign-in carries it, and it opens at the end.
  const next = nextOf(search);
  // Read once per visit (a plain effect: the login screen's first load stays small).
  const [options, setOptions] = useState<AuthOptions | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    void loadAuthOptions(abort.signal).then((o) => {
      if (!abort.signal.aborted) setOptions(o);
    });
    return () => abort.abort();
  }, []);
  const sso = options?.sso ?? null;
  const enforced = options?.enforced === true && !breakGlass;
  useEffect(() => {
    if (enforced) navigate(withNext('/sso', next), { replace: true });
  }, [enforced, navigate, next]);
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<LoginRequest>({
    resolver: loginRules,
    defaultValues: { email: '', password: '' },
    reValidateMode: 'onSubmit',
  });
  const errorsOf = useErrorLists(form.formState.errors);
  // The rules load when the user types or points in the form (or submits): not on focus, the email field has it.
  const preloadRules = () => void loadRules().catch(() => undefined);

  const submit = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      const answer = await apiPost<{ user: Profile } | { next: LoginNext }>('/api/auth/login', values, {
        redirectOnLogin: false,
      });
      queryClient.clear();
      if ('next' in answer) {
        navigate(withNext(NEXT_PATH[answer.next], next), { replace: true });
        return;
      }
      queryClient.setQueryData(PROFILE_KEY, answer.user);
      navigate(next ?? '/', { replace: true });
    } catch (error) {
      setMessage(isApiError(error) ? error.message : 'Invalid request');
      form.setValue('password', '');
    }
  });

  return (
    <form
      onSubmit={(event) => submit(event).catch((error: Error) => setMessage(error.message))}
      onKeyDown={preloadRules}
      onPointerDown={preloadRules}
      noValidate
      aria-labelledby="login-heading"
      className="sd-login-form"
    >
      <h1 id="login-heading" className="h5 mb-3">
        Sign In
      </h1>
      <div role="alert" aria-live="assertive" className="sd-login-message">
        {/* Bootstrap's alert classes, not react-bootstrap's Alert: its fade transition would be first-screen code. */}
        {message ? (
          <div className="alert alert-danger py-2 small sd-pre-line">{message}</div>
        ) : passwordReset ? (
          <div className="alert alert-success py-2 small">
            Your password was changed. Sign in with the new one.
          </div>
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
      <div className="mt-3 text-center small">
        <Link to="/forgot_password">Forgot password?</Link>
      </div>
      {sso ? (
        <>
          <div className="text-center text-body-secondary small my-2" aria-hidden="true">
            or
          </div>
          {/* A full page load: the server starts the round trip to the provider. */}
          <a href={startHref(next)} className="btn btn-outline-primary w-100">
            Sign in with {sso.providerName}
          </a>
        </>
      ) : null}
    </form>
  );
}
