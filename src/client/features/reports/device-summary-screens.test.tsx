// The device summary by address: its own screen at /report/device-summary-by-address, asking its own report, and the
// old address of the by-age report grouped by site (`?by=site`) opening it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportResponse } from '../../../shared/reports';
import { DeviceSummaryByAddressReportPage, DeviceSummaryByAgeReportPage } from './report-screens';
import { type Call, setWide, stubFetch } from './report-test-kit';

const byAddress: ReportResponse = {
  report: { key: 'device-summary-by-address', title: 'Device Summary by Address' },
  filtersText: 'Clients: Active · Devices: Active',
  period: null,
  organization: null,
  summary: {
    figures: [
      { label: 'Devices', value: '3' },
      { label: 'Sites', value: '2' },
    ],
    chart: null,
  },
  columns: [
    { name: 'organization', title: 'Organization', kind: 'text', sortable: true },
    { name: 'address', title: 'Address', kind: 'text' },
    { name: 'location', title: 'Location', kind: 'text', sortable: true },
    { name: 'devices', title: 'Devices', kind: 'number', sortable: true },
    { name: 'over5', title: '5+ years', kind: 'number', sortable: true },
  ],
  rows: [
    { organization: 'Alpha Dental', address: '1 Main St', location: 'Front Desk', devices: 2, over5: 1 },
    { organization: 'Beta Law', address: null, location: 'Remote', devices: 1, over5: 0 },
  ],
  total: 2,
  sort: { field: 'organization', dir: 'asc' },
  notices: [],
};

function renderRoutes(address: string) {
  const router = createMemoryRouter(
    [
      { path: '/report/device-summary-by-age', element: <DeviceSummaryByAgeReportPage /> },
      { path: '/report/device-summary-by-address', element: <DeviceSummaryByAddressReportPage /> },
    ],
    { initialEntries: [address] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

let calls: Call[];
beforeEach(() => {
  setWide(true);
  calls = stubFetch({ '/api/report/device-summary-by-address': { body: byAddress } });
});
afterEach(() => vi.unstubAllGlobals());

describe('Device Summary by Address', () => {
  it('shows its title, and a row per organization and site from its own report', async () => {
    renderRoutes('/report/device-summary-by-address?clients=all');
    expect(await screen.findByRole('heading', { level: 1, name: 'Device Summary by Address' })).toBeVisible();
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.replace(/[▲▼↕]/g, '').trim());
    expect(headers).toEqual(expect.arrayContaining(['Organization', 'Address', 'Location', 'Devices']));
    expect(within(table).getByText('1 Main St')).toBeInTheDocument();
    expect(within(table).getByText('Remote')).toBeInTheDocument();
    const asked = calls.filter((c) => c.path === '/api/report/device-summary-by-address');
    expect(asked.at(-1)?.query).toMatchObject({ clients: 'all' });
    expect(asked.at(-1)?.query).not.toHaveProperty('by');
    // No grouping choice left: the address is the report.
    expect(screen.queryByLabelText('Group')).toBeNull();
  });

  it('opens for an old link of the by-age report grouped by site, keeping its other filters', async () => {
    const router = renderRoutes('/report/device-summary-by-age?by=site&clients=all&sort=location');
    await waitFor(() => expect(router.state.location.pathname).toBe('/report/device-summary-by-address'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      clients: 'all',
      sort: 'location',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Device Summary by Address' })).toBeVisible();
  });
});
