// A child record's screens (an amendment, a proposal) name the record they belong to, linked, under their own title.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OpportunityHeader } from '../opportunities/opportunity-header';
import { AgreementHeader } from './agreement-header';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const ORG = { value: 3, label: 'Coastal Law Group' };

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.split('?')[0];
      if (path === '/api/manage/agreement/5')
        return json({
          agreement: {
            id: 5,
            version: 1,
            number: 'AG-1005',
            title: 'Managed services',
            status: { value: 'OPEN', label: 'Open' },
            organization: ORG,
            opportunity: null,
          },
        });
      if (path === '/api/manage/agreement/5/as-of')
        return json({
          date: '03/01/2026',
          monthlyValue: '0.00',
          oneTime: '0.00',
          coveredHours: '0',
          services: [],
          oneTimeCharges: [],
        });
      if (path === '/api/manage/opportunity/8')
        return json({
          opportunity: {
            id: 8,
            version: 1,
            number: 'OP-1008',
            title: 'Office move',
            organization: ORG,
            stage: { value: 2, label: 'Proposal' },
            outcome: { value: 'OPEN', label: 'Open' },
            amount: '1000.00',
            probability: 50,
            weighted: '500.00',
            agreement: null,
          },
        });
      throw new Error(`unexpected ${url}`);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function show(element: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/x'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('child record headers', () => {
  it('an amendment names its agreement and organization, linked', async () => {
    show(
      <AgreementHeader
        place={{ organization: null, agreementId: '5' }}
        title="Amendment"
        withTitle={false}
        child
      />,
    );
    const parent = await screen.findByTestId('parent-record');
    await within(parent).findByText('AG-1005 · Managed services');
    expect(parent.textContent).toBe('Agreement AG-1005 · Managed services · Coastal Law GroupOpen');
    expect(
      within(parent).getByRole('link', { name: 'AG-1005 · Managed services' }).getAttribute('href'),
    ).toBe('/manage/agreement/5');
    expect(within(parent).getByRole('link', { name: 'Coastal Law Group' })).toBeTruthy();
  });

  it('a proposal names its opportunity, linked', async () => {
    show(
      <OpportunityHeader
        place={{ organization: null, opportunityId: '8' }}
        title="Proposal"
        withTitle={false}
        child
      />,
    );
    const parent = await screen.findByTestId('parent-record');
    expect(
      (await within(parent).findByRole('link', { name: 'OP-1008 · Office move' })).getAttribute('href'),
    ).toBe('/manage/opportunity/8');
    expect(parent.textContent).toContain('Opportunity OP-1008 · Office move · Coastal Law Group');
  });

  it('the record’s own basics shows no parent line', async () => {
    show(
      <OpportunityHeader
        place={{ organization: null, opportunityId: '8' }}
        title="Opportunity"
        withTitle={false}
      />,
    );
    await screen.findByTestId('opportunity-amount');
    expect(screen.queryByTestId('parent-record')).toBeNull();
  });
});
