// The charts page: each chart says its numbers as text (h:mm for time), an empty period says so instead of drawing
// empty axes, the period picker writes the address and asks the server for the preset's days, and a refused period
// names its field.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChartsResponse } from '../../../shared/charts';
import { PERIOD_REVERSED } from '../../../shared/reports';
import { type Call, renderAt, stubFetch } from '../reports/report-test-kit';
import { ChartsPage } from './charts-page';

const RESPONSE: ChartsResponse = {
  period: { from: '01/06/2025', to: '01/19/2025' },
  weeks: [
    { week: '2025-01-06', support: 110, project: 45, billable: 135, nonBillable: 50 },
    { week: '2025-01-13', support: 0, project: 600, billable: 590, nonBillable: 10 },
  ],
  topOrganizations: [
    { id: 3, name: 'Alpha Dental', minutes: 255 },
    { id: 8, name: 'Beta Books', minutes: 35 },
  ],
  wipTrend: [
    { week: '2025-01-06', minutes: 315 },
    { week: '2025-01-13', minutes: 75_030 },
  ],
  deviceAge: [
    { label: '< 1 year', count: 4 },
    { label: '1–2 years', count: 0 },
    { label: '2–3 years', count: 2 },
    { label: '3–4 years', count: 0 },
    { label: '4–5 years', count: 0 },
    { label: '5+ years', count: 1234 },
    { label: 'Unknown', count: 1 },
  ],
};

const EMPTY: ChartsResponse = {
  ...RESPONSE,
  weeks: RESPONSE.weeks.map((w) => ({ ...w, support: 0, project: 0, billable: 0, nonBillable: 0 })),
  topOrganizations: [],
  wipTrend: RESPONSE.wipTrend.map((w) => ({ ...w, minutes: 0 })),
};

/** A chart's card, by its name. */
const chart = (name: string) => within(screen.getByRole('region', { name }));
/** The rows of a chart's data table, as the text of their cells. */
const rows = (name: string) =>
  chart(name)
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
const chartCalls = (calls: Call[]) => calls.filter((c) => c.path === '/api/manage/charts');

beforeEach(() => {
  // Only the clock: "today" is Wednesday 01/15/2025 in the browser (no company time zone in a test page).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-01-15T12:00:00Z'));
  // jsdom lays nothing out: give the charts' containers a size, so the charts are drawn.
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 500, 260));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the charts', () => {
  it('say their numbers as text: time as h:mm, devices as counts', async () => {
    const calls = stubFetch({ '/api/manage/charts': { body: RESPONSE } });
    renderAt('/manage/charts', <ChartsPage />);
    expect(
      await screen.findByRole('heading', { name: '2 weeks: 01/06/2025 – 01/19/2025' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Charts' })).toBeInTheDocument();
    // The default period: the server's own (the last 12 weeks).
    expect(chartCalls(calls).at(-1)?.query).toEqual({});

    expect(rows('Hours per week')).toEqual([
      ['01/06/2025', '1:50', '0:45', '2:35'],
      ['01/13/2025', '0:00', '10:00', '10:00'],
    ]);
    expect(
      chart('Hours per week')
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Week of', 'Support', 'Project', 'Total']);
    expect(rows('Billable vs non-billable')).toEqual([
      ['01/06/2025', '2:15', '0:50', '3:05'],
      ['01/13/2025', '9:50', '0:10', '10:00'],
    ]);
    expect(rows('Top organizations by hours')).toEqual([
      ['Alpha Dental', '4:15'],
      ['Beta Books', '0:35'],
    ]);
    // Work in progress is as of each week's end, the Sunday; thousands of hours are grouped.
    expect(rows('Work in progress')).toEqual([
      ['01/12/2025', '5:15'],
      ['01/19/2025', '1,250:30'],
    ]);
    expect(rows('Device age (years)')).toEqual([
      ['< 1 year', '4'],
      ['1–2 years', '0'],
      ['2–3 years', '2'],
      ['3–4 years', '0'],
      ['4–5 years', '0'],
      ['5+ years', '1,234'],
      ['Unknown', '1'],
    ]);
    // A keyboard reaches each table through its "Show data"; the drawings are for the eye only.
    expect(screen.getAllByText('Show data')).toHaveLength(5);
    for (const name of ['Hours per week', 'Billable vs non-billable', 'Top organizations by hours']) {
      const drawing = screen.getByRole('region', { name }).querySelector('svg.recharts-surface');
      expect(drawing?.closest('[aria-hidden="true"]')).not.toBeNull();
      // …and out of the tab order: the keyboard goes to "Show data".
      expect(
        drawing?.closest('[aria-hidden="true"]')?.querySelector('[tabindex]:not([tabindex^="-"])'),
      ).toBeNull();
    }
    expect(
      screen.getByRole('region', { name: 'Work in progress' }).querySelector('.recharts-line'),
    ).not.toBeNull();
  });

  it('an empty period says there is no time rather than drawing empty axes', async () => {
    stubFetch({ '/api/manage/charts': { body: EMPTY } });
    renderAt('/manage/charts', <ChartsPage />);
    await screen.findByRole('heading', { name: /^2 weeks/ });
    for (const name of ['Hours per week', 'Billable vs non-billable', 'Top organizations by hours']) {
      expect(chart(name).getByText('No time logged in this period.')).toBeInTheDocument();
      expect(chart(name).queryByRole('table')).toBeNull();
    }
    expect(chart('Work in progress').getByText('No work in progress in this period.')).toBeInTheDocument();
    // Devices do not depend on the period.
    expect(rows('Device age (years)')).toHaveLength(7);
  });
});

describe('the period picker', () => {
  it('a preset goes to the address and asks for its weeks up to today', async () => {
    const calls = stubFetch({ '/api/manage/charts': { body: RESPONSE } });
    const { search } = renderAt('/manage/charts', <ChartsPage />);
    await screen.findByRole('heading', { name: /^2 weeks/ });
    const user = userEvent.setup();
    const period = screen.getByRole('combobox', { name: 'Period' });
    expect(period).toHaveValue('12w');
    await user.selectOptions(period, 'Last 4 weeks');
    await waitFor(() => expect(search().toString()).toBe('weeks=4w'));
    // Three weeks before today to today: the server snaps them to Monday 12/23/2024 – Sunday 01/19/2025.
    await waitFor(() =>
      expect(chartCalls(calls).at(-1)?.query).toEqual({ from: '12/25/2024', to: '01/15/2025' }),
    );
    await user.selectOptions(period, 'Last 52 weeks');
    await waitFor(() =>
      expect(chartCalls(calls).at(-1)?.query).toEqual({ from: '01/24/2024', to: '01/15/2025' }),
    );
  });

  it('the date fields show the period; a day chosen keeps the other end and makes the period custom', async () => {
    const calls = stubFetch({ '/api/manage/charts': { body: RESPONSE } });
    const { search } = renderAt('/manage/charts?weeks=26w', <ChartsPage />);
    await screen.findByRole('heading', { name: /^2 weeks/ });
    const from = screen.getByRole('textbox', { name: 'From' });
    expect(from).toHaveValue('01/06/2025');
    expect(screen.getByRole('textbox', { name: 'To' })).toHaveValue('01/19/2025');
    const user = userEvent.setup();
    await user.clear(from);
    await user.type(from, '01/08/2025');
    await waitFor(() => expect(search().toString()).toBe('from=01%2F08%2F2025&to=01%2F19%2F2025'));
    await waitFor(() =>
      expect(chartCalls(calls).at(-1)?.query).toEqual({ from: '01/08/2025', to: '01/19/2025' }),
    );
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('custom');
    // Back to a preset: the days leave the address.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last 12 weeks');
    await waitFor(() => expect(search().toString()).toBe('weeks=12w'));
  });

  it('a refused period names its field, as lists do', async () => {
    stubFetch({
      '/api/manage/charts': {
        status: 400,
        body: {
          message: 'Please review the page for field entry errors, shown in red.',
          code: 'BAD_REQUEST',
          form: { errors: [], fields: { to: [PERIOD_REVERSED] } },
        },
      },
    });
    renderAt('/manage/charts?from=02/02/2025&to=01/06/2025', <ChartsPage />);
    expect(await screen.findByText(`To: ${PERIOD_REVERSED}`)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Hours per week' })).toBeNull();
  });
});
