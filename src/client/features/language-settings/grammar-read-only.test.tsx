// Case & Task Grammar for a technician: the screen and its history are open to everyone (README permissions), the
// form is read-only and offers no Edit or Save, since only administrators save.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_SETTINGS_ACCESS } from '../../../shared/permissions';
import { menuFor, ROUTES } from '../../../shared/routes';
import { DEFAULT_GRAMMAR, type LanguageSettings } from '../../../shared/schemas/language-settings';
import { LanguageSettingsPage } from './language-settings-page';

const settings: LanguageSettings = {
  ...DEFAULT_GRAMMAR,
  caseSingular: 'Ticket',
  casePlural: 'Tickets',
  smallWords: ['a', 'of'],
  brands: ['iPhone'],
  version: 2,
  updated: '2026-03-01T15:00:00.000Z',
  updatedBy: { value: 1, label: 'Ada Admin' },
};

let methods: string[];
beforeEach(() => {
  methods = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      methods.push(`${init?.method ?? 'GET'} ${url}`);
      if (url === '/api/settings/language' && (init?.method ?? 'GET') === 'GET')
        return new Response(JSON.stringify({ languageSettings: settings, can: { save: false } }), {
          headers: { 'Content-Type': 'application/json' },
        });
      throw new Error(`unexpected ${url}`);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('Case & Task Grammar for a technician', () => {
  it('is a screen everyone may open, with its history; only its save is the administrators’', () => {
    expect(LANGUAGE_SETTINGS_ACCESS).toEqual({ read: 'everyone', write: 'admin' });
    expect(ROUTES.language_settings?.admin).toBeFalsy();
    expect(ROUTES.language_settings_history?.admin).toBeFalsy();
    // It stays off the reduced menu (SPEC §2 Menus), reached by its address.
    const menu = JSON.stringify(menuFor({ isAdmin: false, isDeveloper: false, environment: 'prod' }));
    expect(menu).not.toContain('language_settings');
  });

  it('shows the saved words read-only, with no Edit and no Save', async () => {
    const router = createMemoryRouter([{ path: '*', element: <LanguageSettingsPage /> }], {
      initialEntries: ['/admin/case'],
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    // Read-only fields are shown as text, not as inputs.
    expect(await screen.findByLabelText(/Case \(Singular\)/)).toHaveTextContent('Ticket');
    expect(screen.getByLabelText('Brand Spellings')).toHaveTextContent('iPhone');
    expect(screen.queryAllByRole('textbox')).toEqual([]);
    expect(screen.getByRole('heading', { level: 1, name: 'Case & Task Grammar' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('link', { name: 'History' })).toHaveAttribute('href', '/admin/case/history');
    expect(methods).toEqual(['GET /api/settings/language']);
  });
});
