// The accounting mapping page: shows the defaults, the lines' and each service type's account, item and tax code;
// Edit then Save sends them with the service types' ids; a code the server refuses shows under its field.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountingMapping } from '../../../shared/schemas/accounting-mapping';
import { AccountingMappingPage } from './accounting-mapping-page';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const empty = { account: null, item: null, taxCode: null };
const saved: AccountingMapping = {
  defaultAccount: '200',
  defaultTaxCode: 'OUTPUT',
  receivableAccount: 'Accounts Receivable',
  time: { account: '210', item: 'Labour', taxCode: null },
  charge: empty,
  credit: empty,
  serviceTypes: [
    { serviceType: { value: 7, label: 'Managed Seat' }, account: '220', item: 'Seat', taxCode: null },
    { serviceType: { value: 9, label: 'Ōsaka Backup' }, ...empty },
  ],
  paymentTerms: 'Net 30: payment is due 30 days after the invoice date.',
  version: 4,
  updated: '2026-11-01T15:00:00.000Z',
  updatedBy: { value: 1, label: 'Ada Admin' },
};
let posted: Record<string, unknown>[];
let postAnswer: () => Response;
beforeEach(() => {
  posted = [];
  postAnswer = () => json({ mapping: { ...saved, version: 5 } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/report/accounting-mapping' && init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return postAnswer();
      }
      if (url === '/api/report/accounting-mapping') return json({ mapping: saved, can: { save: true } });
      throw new Error(`unexpected ${url}`);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const router = createMemoryRouter([{ path: '*', element: <AccountingMappingPage /> }], {
    initialEntries: ['/admin/accounting-mapping'],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('accounting mapping page', () => {
  it('shows the defaults, the lines and every service type with its codes', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Accounting Mapping' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('textbox', { name: /^Default Sales Account/ })).toHaveValue('200');
    expect(screen.getByRole('textbox', { name: 'Time and Materials Item' })).toHaveValue('Labour');
    expect(screen.getByRole('textbox', { name: 'Managed Seat Account Code' })).toHaveValue('220');
    expect(screen.getByRole('textbox', { name: 'Ōsaka Backup Account Code' })).toHaveValue('');
    expect(screen.getByText(/Net 30: payment is due 30 days after the invoice date\./)).toBeInTheDocument();
  });

  it('saves the edited codes with the service types by id', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.type(screen.getByRole('textbox', { name: 'Ōsaka Backup Account Code' }), '230');
    await user.type(screen.getByRole('textbox', { name: 'Credits Tax Code' }), 'NONE');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      version: 4,
      defaultAccount: '200',
      credit: { taxCode: 'NONE' },
      serviceTypes: [
        { serviceType: 7, account: '220', item: 'Seat' },
        { serviceType: 9, account: '230' },
      ],
    });
    await screen.findByRole('button', { name: 'Edit' });
  });

  it('shows a code the server refuses under its field', async () => {
    const user = userEvent.setup();
    postAnswer = () =>
      json(
        {
          message: 'Please correct the highlighted fields.',
          code: 'BAD_REQUEST',
          form: { errors: [], fields: { defaultAccount: ['Please fill in this field.'] } },
        },
        400,
      );
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByRole('textbox', { name: /^Default Sales Account/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/fill in this field|Please enter/i)).toBeInTheDocument();
  });
});
