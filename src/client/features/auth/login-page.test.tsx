// The login page: the next step the server names, the single sign-on button, enforcement sending to /sso (unless
// break-glass), and a failed options call meaning password sign-in only.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubFetch } from '../reports/report-test-kit';
import { LoginPage } from './login-page';

afterEach(() => vi.unstubAllGlobals());

async function signIn() {
  await userEvent.type(screen.getByLabelText(/Email/), 'ann@example.test');
  await userEvent.type(screen.getByLabelText(/Password/), 'correct horse battery staple');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('LoginPage', () => {
  it('goes to the two-factor step the server names, and offers no single sign-on when options fail', async () => {
    const calls = stubFetch({ 'POST /api/auth/login': { body: { next: '2fa' } } });
    const { router } = renderAt('/login', <LoginPage />);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/auth/options')).toBe(true));
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/forgot_password',
    );
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/2fa'));
    expect(screen.queryByRole('link', { name: /Sign in with/ })).toBeNull();
  }, 20_000);

  it('goes to the setup step when the account must set two-factor sign-in up', async () => {
    stubFetch({ 'POST /api/auth/login': { body: { next: '2fa_setup' } } });
    const { router } = renderAt('/login', <LoginPage />);
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/2fa_setup'));
  }, 20_000);

  it('offers "Sign in with {provider}" as a full-page link when single sign-on is on', async () => {
    stubFetch({ '/api/auth/options': { body: { sso: { providerName: 'Contoso ID' }, enforced: false } } });
    renderAt('/login', <LoginPage />);
    const link = await screen.findByRole('link', { name: 'Sign in with Contoso ID' });
    expect(link.getAttribute('href')).toBe('/api/auth/sso/start');
  });

  it('sends everyone to /sso when single sign-on is enforced', async () => {
    const options = {
      '/api/auth/options': { body: { sso: { providerName: 'Contoso ID' }, enforced: true } },
    };
    stubFetch(options);
    const { router } = renderAt('/login', <LoginPage />);
    await waitFor(() => expect(router.state.location.pathname).toBe('/sso'));
  });

  it('keeps the password form for the break-glass administrator', async () => {
    stubFetch({ '/api/auth/options': { body: { sso: { providerName: 'Contoso ID' }, enforced: true } } });
    const { router } = renderAt('/login?break-glass=1', <LoginPage />);
    await screen.findByRole('link', { name: 'Sign in with Contoso ID' });
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });
});
