// The sales settings pages: the stage table sends its rows in order with their ids (a new one without), row
// problems are listed before anything is sent; the roles page keeps an owner made inactive visible so the role can
// be taken away; the tabs show each page open to the viewer.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OPPORTUNITY_SETTINGS_DEFAULTS } from '../../../shared/schemas/sales-settings';
import { OpportunitySettingsPage } from './opportunity-settings-page';
import { SalesRolesPage } from './sales-roles-page';

afterEach(cleanup);
afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const stamp = {
  version: 3,
  updated: '2026-03-01T15:00:00.000Z',
  updatedBy: { value: 1, label: 'Ada Admin' },
};
let posted: unknown[];
let answers: Record<string, unknown>;
beforeEach(() => {
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/user/profile') return json({ user: { id: 1, isAdmin: true, isDeveloper: false } });
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        posted.push(body);
        return json(answers[url]);
      }
      return json(answers[url]);
    }),
  );
});

function renderAt(path: string, element: React.ReactNode) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('opportunity settings page', () => {
  beforeEach(() => {
    answers = {
      '/api/admin/sales-settings-opportunity': {
        opportunitySettings: { ...OPPORTUNITY_SETTINGS_DEFAULTS, ...stamp },
        can: { save: true },
      },
    };
  });

  it('adds, fills and moves a stage, and sends the rows in order with their ids', async () => {
    renderAt('/admin/sales-settings-opportunity', <OpportunitySettingsPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Add Stage' }));
    await user.type(screen.getByRole('textbox', { name: 'Name of stage 7' }), 'Pilot');
    await user.type(screen.getByRole('textbox', { name: 'Probability of stage 7' }), '6x0');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Outcome of stage 7' }), 'OPEN');
    await user.click(screen.getByRole('button', { name: 'Move stage 7 up' }));
    await user.click(screen.getByRole('button', { name: 'Move stage 6 up' }));
    await user.clear(screen.getByRole('textbox', { name: 'Name of stage 1' }));
    await user.type(screen.getByRole('textbox', { name: 'Name of stage 1' }), 'Lead');
    await user.click(screen.getByRole('button', { name: 'Remove source 6' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      version: 3,
      stages: [
        { id: 1, name: 'Lead', probability: 10, outcome: 'OPEN' },
        { id: 2, name: 'Discovery', probability: 25, outcome: 'OPEN' },
        { id: 3, name: 'Proposal', probability: 50, outcome: 'OPEN' },
        { id: 4, name: 'Negotiation', probability: 75, outcome: 'OPEN' },
        { id: null, name: 'Pilot', probability: '60', outcome: 'OPEN' },
        { id: 5, name: 'Won', probability: 100, outcome: 'WON' },
        { id: 6, name: 'Lost', probability: 0, outcome: 'LOST' },
      ],
      sources: OPPORTUNITY_SETTINGS_DEFAULTS.sources.slice(0, 5),
      lostReasons: OPPORTUNITY_SETTINGS_DEFAULTS.lostReasons,
    });
  });

  it('lists the problems of each row and sends nothing', async () => {
    renderAt('/admin/sales-settings-opportunity', <OpportunitySettingsPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Add Stage' }));
    await user.click(screen.getByRole('button', { name: 'Remove stage 5' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Stage 6: Enter a name.');
    expect(alert).toHaveTextContent('Stage 6: Enter a probability from 0 to 100.');
    expect(alert).toHaveTextContent('Keep at least one open, one won and one lost stage.');
    expect(posted).toEqual([]);
  });
});

describe('roles page', () => {
  beforeEach(() => {
    answers = {
      '/api/admin/sales-settings-roles': {
        salesRoleSettings: {
          owners: [
            { value: 7, label: 'Gus Gone' },
            { value: 8, label: 'Sam Seller' },
          ],
          approvers: [{ value: 9, label: 'Ada Admin' }],
          ...stamp,
        },
        formOptions: {
          staff: [
            { value: 9, label: 'Ada Admin' },
            { value: 8, label: 'Sam Seller' },
            { value: 10, label: 'Tess Tech' },
          ],
        },
        can: { save: true },
      },
    };
  });

  it('shows who has a role; editing lists all staff, an inactive owner by name so it can be removed', async () => {
    renderAt('/admin/sales-settings-roles', <SalesRolesPage />);
    const user = userEvent.setup();
    const table = await screen.findByTestId('roles-table');
    expect(within(table).queryByText('Tess Tech')).toBeNull();
    expect(within(table).getByText('Gus Gone (inactive)')).toBeInTheDocument();
    // The tabs of the four pages, this one current.
    const tabs = screen.getByRole('navigation', { name: 'Sales Settings' });
    await waitFor(() => expect(within(tabs).getAllByRole('link')).toHaveLength(4));
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('checkbox', { name: 'Gus Gone (inactive): Owner' }));
    await user.click(screen.getByRole('checkbox', { name: 'Tess Tech: Approver' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ version: 3, owners: [8], approvers: [9, 10] });
  });
});
