// The case, task and slip words of the language settings in the shell: the hook (defaults first, then the saved
// words), the menu and breadcrumbs naming them, and a save on the Case & Task Grammar page renaming the menu at once.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { menuFor } from '../../../shared/routes';
import {
  applyGrammar,
  DEFAULT_GRAMMAR,
  type LanguageSettings,
} from '../../../shared/schemas/language-settings';
import { breadcrumbTrail } from '../../shell/breadcrumb-trail';
import { TopNav } from '../../shell/top-nav';
import { useGrammar, useRouteLabel } from './grammar';
import { LanguageSettingsPage } from './language-settings-page';

afterEach(cleanup);

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let saved: LanguageSettings;
let posted: Record<string, unknown>[];
beforeEach(() => {
  saved = {
    ...DEFAULT_GRAMMAR,
    caseSingular: 'Ticket',
    casePlural: 'Tickets',
    smallWords: ['a', 'of'],
    brands: ['iPhone'],
    version: 3,
    updated: '2026-03-01T15:00:00.000Z',
    updatedBy: { value: 1, label: 'Ada Admin' },
  };
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/settings/language' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        posted.push(body);
        saved = { ...saved, ...body, version: saved.version + 1 };
        return json({ languageSettings: saved, can: { save: true } });
      }
      if (url === '/api/settings/language') return json({ languageSettings: saved, can: { save: true } });
      throw new Error(`unexpected ${url}`);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

function withClient(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

describe('applyGrammar', () => {
  it('renames whole words in their case and leaves other words alone', () => {
    const g = {
      ...DEFAULT_GRAMMAR,
      caseSingular: 'Ticket',
      casePlural: 'Tickets',
      slipPlural: 'Time Entries',
    };
    expect(applyGrammar('Cases & Tasks', g)).toBe('Tickets & Tasks');
    expect(applyGrammar('Create Case', g)).toBe('Create Ticket');
    expect(applyGrammar('no slips entered', g)).toBe('no time entries entered');
    expect(applyGrammar('Showcase Casement', g)).toBe('Showcase Casement');
  });
});

describe('useGrammar', () => {
  it('gives the default words until the saved ones are read, then those', async () => {
    const { result } = renderHook(() => useGrammar(), { wrapper: withClient(newClient()) });
    expect(result.current).toEqual(DEFAULT_GRAMMAR);
    await waitFor(() => expect(result.current.casePlural).toBe('Tickets'));
    expect(result.current).toMatchObject({
      caseSingular: 'Ticket',
      taskPlural: 'Tasks',
      slipSingular: 'Slip',
    });
  });

  it('words the labels of case routes only (breadcrumbs included)', async () => {
    const { result } = renderHook(() => useRouteLabel(), { wrapper: withClient(newClient()) });
    await waitFor(() => expect(result.current('cases', 'Cases & Tasks')).toBe('Tickets & Tasks'));
    expect(result.current('language_settings', 'Case & Task Grammar')).toBe('Case & Task Grammar');
    const crumbs = breadcrumbTrail('case_task_basics', { caseId: '4', taskId: '9' }, result.current);
    expect(crumbs.map((c) => c.label)).toEqual(['Tickets & Tasks', 'Ticket', 'Tasks', 'Task']);
  });

  it('shows the defaults when drawn without a query client', () => {
    const { result } = renderHook(() => useGrammar());
    expect(result.current).toEqual(DEFAULT_GRAMMAR);
    expect(fetch).not.toHaveBeenCalled();
  });
});

function renderShell(client: QueryClient, isAdmin: boolean, page?: ReactNode) {
  const viewer = { isAdmin, isDeveloper: false, environment: 'prod' as const };
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <TopNav menu={menuFor(viewer)} userName="Ann Lee" badge="SD" environment="prod" />
            {page}
          </>
        ),
      },
    ],
    { initialEntries: ['/admin/case'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the menu', () => {
  it('names cases with the saved words for a non-administrator', async () => {
    renderShell(newClient(), false);
    expect(await screen.findByRole('link', { name: 'Create Ticket' })).toHaveAttribute(
      'href',
      '/manage/case/create',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Manage' }));
    expect(await screen.findByRole('link', { name: 'Tickets & Tasks' })).toHaveAttribute(
      'href',
      '/manage/case',
    );
  });

  it('follows a save on the Case & Task Grammar page without a reload', async () => {
    renderShell(newClient(), true, <LanguageSettingsPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const plural = screen.getByLabelText(/Case \(Plural\)/);
    await user.clear(plural);
    await user.type(plural, 'Service Requests');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ version: 3, casePlural: 'Service Requests', brands: ['iPhone'] });
    fireEvent.click(screen.getByRole('button', { name: 'Manage' }));
    expect(await screen.findByRole('link', { name: 'Service Requests & Tasks' })).toBeInTheDocument();
  });
});
