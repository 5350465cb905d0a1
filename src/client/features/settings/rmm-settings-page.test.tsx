// The RMM settings page: shows the saved rule and how many devices it marks virtual; while editing, the count follows
// the categories and patterns (blank lines and repeats are not sent twice by the server); Save sends ids and the
// lines; a pattern too long is refused before anything is sent; a stale save shows the other values.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RmmSettings } from '../../../shared/schemas/rmm-settings';
import { RmmSettingsPage } from './rmm-settings-page';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const saved: RmmSettings = {
  categories: [{ value: 4, label: 'Virtual Server' }],
  models: ['Virtual Machine', 'VMware*'],
  version: 2,
  updated: '2026-03-01T15:00:00.000Z',
  updatedBy: { value: 1, label: 'Ada Admin' },
};
const CATEGORIES = [
  { value: 3, label: 'Cloud Instance' },
  { value: 4, label: 'Virtual Server' },
  { value: 5, label: 'Workstation' },
];
let posted: unknown[];
let counted: URLSearchParams[];
let postAnswer: () => Response;
beforeEach(() => {
  posted = [];
  counted = [];
  postAnswer = () => json({ rmmSettings: { ...saved, version: 3 } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/admin/rmm-settings/virtual-count?')) {
        const params = new URLSearchParams(url.split('?')[1]);
        counted.push(params);
        const ids = params.get('categoryIds') ? params.get('categoryIds')!.split(',').length : 0;
        const models = (params.get('models') ?? '').split('\n').filter((m) => m.trim()).length;
        return json({ virtual: 10 * ids + models, total: 240 });
      }
      if (url === '/api/admin/rmm-settings' && init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return postAnswer();
      }
      if (url === '/api/admin/rmm-settings')
        return json({ rmmSettings: saved, formOptions: { categories: CATEGORIES } });
      throw new Error(`unexpected ${url}`);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const router = createMemoryRouter([{ path: '*', element: <RmmSettingsPage /> }], {
    initialEntries: ['/admin/rmm-settings'],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const count = () => screen.getByTestId('virtual-count');

describe('RMM settings page', () => {
  it('shows the saved rule and its count', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'RMM Settings: Virtual Devices' })).toBeInTheDocument();
    await waitFor(() => expect(count()).toHaveTextContent('12 active devices of 240 count as virtual.'));
    expect(screen.getByText('Virtual Server')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'History' })).toHaveAttribute(
      'href',
      '/admin/rmm-settings/history',
    );
    expect(counted[0]?.get('categoryIds')).toBe('4');
    expect(counted[0]?.get('models')).toBe('Virtual Machine\nVMware*');
  });

  it('counts the edited rule as it changes and saves category ids and the typed lines', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const patterns = screen.getByRole('textbox', { name: 'Virtual Model Patterns' });
    await user.type(patterns, '{Enter}{Enter}*KVM*');
    await user.click(screen.getByRole('combobox', { name: 'Virtual Device Categories' }));
    await user.click(screen.getByRole('option', { name: /Cloud Instance/ }));
    await waitFor(() => expect(count()).toHaveTextContent('23 active devices of 240 count as virtual.'));
    expect(counted.at(-1)?.get('categoryIds')).toBe('4,3');
    expect(counted.at(-1)?.get('models')).toBe('Virtual Machine\nVMware*\n\n*KVM*');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      version: 2,
      categories: [4, 3],
      models: ['Virtual Machine', 'VMware*', '', '*KVM*'],
    });
    await screen.findByRole('button', { name: 'Edit' });
  });

  it('refuses a pattern over 100 characters before sending, naming its line, and does not count it', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const patterns = screen.getByRole('textbox', { name: 'Virtual Model Patterns' });
    await user.clear(patterns);
    await user.click(patterns);
    await user.paste(`Virtual Machine\n${'x'.repeat(101)}`);
    await waitFor(() =>
      expect(count()).toHaveTextContent('Not counted: Line 2: Use at most 100 characters.'),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Line 2: Use at most 100 characters.');
    expect(posted).toHaveLength(0);
  });

  it('a save someone else beat shows their values and says who', async () => {
    const user = userEvent.setup();
    postAnswer = () =>
      json(
        {
          message: 'This record was changed by Bob Boss at 03/01/2026 10:05 AM',
          code: 'CONFLICT',
          form: { errors: [], fields: {} },
          current: { ...saved, models: ['Hyper-V*'], version: 3, updatedBy: { value: 2, label: 'Bob Boss' } },
        },
        409,
      );
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.type(screen.getByRole('textbox', { name: 'Virtual Model Patterns' }), '{Enter}Mine*');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('conflict')).toHaveTextContent('changed by Bob Boss');
    expect(screen.getByRole('textbox', { name: 'Virtual Model Patterns' })).toHaveValue('Hyper-V*');
  });
});
