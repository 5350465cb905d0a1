// The search panel: `/` opens it only while no field has focus; results by keyboard and click; the no-hits text.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GlobalSearchResult } from '../../../shared/schemas/search';
import { NO_RESULTS, SearchPanel } from './search-panel';
import { SearchProvider } from './search-state';
import { SearchToggle } from './search-toggle';

afterEach(cleanup);

const RESULTS: GlobalSearchResult[] = [
  {
    name: 'Acme Dental',
    route: '/manage/organization/7',
    field_label: 'Name',
    value: '<mark>Acme</mark> Dental',
  },
  {
    name: 'ACME-WS001',
    route: '/manage/equipment/9',
    field_label: 'Serial Number',
    value: '<mark>ACME</mark>77<img src=x onerror="window.hacked=1">',
  },
];

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async (url: string) => {
    const term = new URL(url, 'http://localhost').searchParams.get('term') ?? '';
    const body = term.toLowerCase().startsWith('acme') ? RESULTS : [];
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderShell() {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <SearchProvider>
            <SearchToggle />
            <label>
              Notes
              <input aria-label="Notes" />
            </label>
            <textarea aria-label="Comment" />
            <div data-testid="editor" contentEditable suppressContentEditableWarning />
            <SearchPanel />
          </SearchProvider>
        ),
      },
    ],
    { initialEntries: ['/manage/case'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const panelInput = () => screen.queryByRole('combobox', { name: 'Search term' });

describe('the / key', () => {
  it('opens the panel with its input focused while no field has focus', async () => {
    renderShell();
    expect(panelInput()).toBeNull();
    const user = userEvent.setup();
    await user.keyboard('/');
    await waitFor(() => expect(panelInput()).toHaveFocus());
    // The slash was not typed into the search.
    expect(panelInput()).toHaveValue('');
  });

  it.each(['Notes', 'Comment'])('types a slash inside the %s field instead', async (label) => {
    renderShell();
    const user = userEvent.setup();
    const field = screen.getByLabelText(label);
    await user.click(field);
    await user.keyboard('a/b');
    expect(field).toHaveValue('a/b');
    expect(panelInput()).toBeNull();
  });

  it('does not open from editable content or with a modifier key', () => {
    renderShell();
    const editor = screen.getByTestId('editor');
    fireEvent.keyDown(editor, { key: '/' });
    fireEvent.keyDown(document.body, { key: '/', ctrlKey: true });
    fireEvent.keyDown(document.body, { key: '/', metaKey: true });
    expect(panelInput()).toBeNull();
    fireEvent.keyDown(document.body, { key: '/' });
    expect(panelInput()).not.toBeNull();
  });

  it('the search icon button opens it too', async () => {
    renderShell();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(panelInput()).toHaveFocus());
  });
});

describe('results', () => {
  it('shows name, field and marked value; arrows move, Enter opens the highlighted result and closes', async () => {
    const router = renderShell();
    const user = userEvent.setup();
    await user.keyboard('/');
    await waitFor(() => expect(panelInput()).toHaveFocus());
    await user.keyboard('acme');
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(2);
    expect(options[0]).toHaveTextContent('Acme Dental');
    expect(options[0]).toHaveTextContent('Name: Acme Dental');
    expect(options[0]!.querySelector('mark')).toHaveTextContent('Acme');
    // Anything but <mark> is dropped even if the server sent it.
    expect(options[1]!.querySelector('img')).toBeNull();
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(fetchMock.mock.calls.at(-1)![0]).toBe('/api/suggest/global-search/?term=acme');

    await user.keyboard('{ArrowDown}');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/equipment/9'));
    await waitFor(() => expect(panelInput()).toBeNull());
  });

  it('shows what an opportunity belongs to under its name', async () => {
    fetchMock.mockImplementation(
      async () =>
        new Response(
          JSON.stringify([
            {
              name: 'OP-1042 Server replacement',
              route: '/manage/opportunity/12',
              field_label: 'Number',
              value: '<mark>OP-1042</mark>',
              detail: 'Acme Dental · Negotiation',
            },
          ] satisfies GlobalSearchResult[]),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        ),
    );
    const router = renderShell();
    const user = userEvent.setup();
    await user.keyboard('/');
    await waitFor(() => expect(panelInput()).toHaveFocus());
    await user.keyboard('op-1042');
    const [option] = await screen.findAllByRole('option');
    expect(option).toHaveTextContent('OP-1042 Server replacement');
    expect(option).toHaveTextContent('Acme Dental · Negotiation');
    expect(option).toHaveTextContent('Number: OP-1042');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/opportunity/12'));
  });

  it('a click opens a result', async () => {
    const router = renderShell();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.type(await screen.findByRole('combobox', { name: 'Search term' }), 'acme');
    await user.click(await screen.findByText('Acme Dental'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/organization/7'));
  });

  it('says so when nothing matches, and waits for typing to pause before calling', async () => {
    renderShell();
    const user = userEvent.setup();
    await user.keyboard('/');
    await waitFor(() => expect(panelInput()).toHaveFocus());
    await user.keyboard('zzq');
    expect(await screen.findByText(NO_RESULTS)).toBeInTheDocument();
    // One call for the whole word, not one per keystroke.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('ignores a failed search silently', async () => {
    fetchMock.mockImplementation(async () => new Response('{}', { status: 500 }));
    renderShell();
    const user = userEvent.setup();
    await user.keyboard('/');
    await waitFor(() => expect(panelInput()).toHaveFocus());
    await user.keyboard('acme');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByRole('option')).toBeNull();
    expect(screen.queryByText(NO_RESULTS)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
