// The SSO settings page: the stored secret is only mentioned, an empty secret field is sent as "keep", the
// break-glass administrator travels as an id and the domains as lines; the /sso page explains each failure.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SSO_ERRORS, SSO_START_PATH, type SsoSettings } from '../../../shared/schemas/sso';
import { SsoPage } from './sso-page';
import { SsoSettingsPage } from './sso-settings-page';
import { SSO_START_PATH as START_PATH, startHref } from './start-href';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const saved: SsoSettings = {
  enabled: true,
  providerName: 'Microsoft',
  issuerUrl: 'https://login.example.com/tenant/v2.0',
  clientId: 'client-1',
  secretStored: true,
  allowedDomains: ['example.com'],
  autoCreateUsers: false,
  enforced: false,
  breakGlassUser: null,
  requireTwoFactor: 'NONE',
  redirectUri: 'https://sd6.example.com/api/auth/sso/callback',
  version: 4,
  updated: '2026-03-01T15:00:00.000Z',
  updatedBy: { value: 1, label: 'Ada Admin' },
};
let posted: unknown[];
let options: unknown;
beforeEach(() => {
  posted = [];
  options = { sso: { providerName: 'Microsoft' }, enforced: true };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/admin/sso' && init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return json({ ssoSettings: { ...saved, version: 5 } });
      }
      if (url === '/api/admin/sso')
        return json({
          ssoSettings: saved,
          formOptions: { breakGlassUsers: [{ value: 7, label: 'Bea Break' }] },
        });
      if (url === '/api/auth/options') return json(options);
      throw new Error(`unexpected ${url}`);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function show(element: React.ReactNode, at: string) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [at] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('SsoSettingsPage', () => {
  it('mentions the stored secret, keeps it on an empty field and sends ids and lines', async () => {
    show(<SsoSettingsPage />, '/admin/sso');
    await screen.findByText('A secret is stored');
    expect(screen.getByTestId('redirect-uri').textContent).toBe(saved.redirectUri);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect((screen.getByLabelText('Client Secret') as HTMLInputElement).value).toBe('');
    await userEvent.click(screen.getByLabelText('Enforce Single Sign-On'));
    await userEvent.selectOptions(screen.getByLabelText(/Break-glass Administrator/), 'Bea Break');
    await userEvent.type(screen.getByLabelText('Allowed Email Domains'), '{enter}example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      version: 4,
      enabled: true,
      providerName: 'Microsoft',
      issuerUrl: saved.issuerUrl,
      clientId: 'client-1',
      clientSecret: '',
      allowedDomains: ['example.com', 'example.org'],
      autoCreateUsers: false,
      enforced: true,
      breakGlassUser: 7,
      requireTwoFactor: 'NONE',
    });
  });
});

describe('SsoPage', () => {
  it.each(Object.entries(SSO_ERRORS))('explains ?error=%s', async (code, message) => {
    show(<SsoPage />, `/sso?error=${code}`);
    expect((await screen.findByTestId('sso-error')).textContent).toBe(message);
  });

  it('offers the provider, carrying the page to return to, and the administrators their way in', async () => {
    show(<SsoPage />, '/sso?next=%2Fcases');
    const button = await screen.findByRole('link', { name: 'Sign in with Microsoft' });
    expect(button.getAttribute('href')).toBe('/api/auth/sso/start?returnTo=%2Fcases');
    expect(screen.getByRole('link', { name: 'Administrator sign-in' }).getAttribute('href')).toBe(
      '/login?break-glass=1&next=%2Fcases',
    );
    expect(screen.queryByTestId('sso-error')).toBeNull();
  });

  it('says so when single sign-on is not set up', async () => {
    options = { sso: null, enforced: false };
    show(<SsoPage />, '/sso?error=nonsense');
    await screen.findByText(/Single sign-on is not set up for SD6/);
    expect(screen.getByTestId('sso-error').textContent).toBe(SSO_ERRORS.failed);
    expect(screen.getByRole('link', { name: 'Sign in with your password' }).getAttribute('href')).toBe(
      '/login',
    );
  });

  it('never starts from another site', () => {
    expect(startHref('https://evil.example')).toBe('/api/auth/sso/start');
    expect(startHref('//evil.example')).toBe('/api/auth/sso/start');
    expect(startHref(null)).toBe('/api/auth/sso/start');
    expect(START_PATH).toBe(SSO_START_PATH);
    expect(startHref('/manage/opportunity/4')).toBe(
      '/api/auth/sso/start?returnTo=%2Fmanage%2Fopportunity%2F4',
    );
  });
});
