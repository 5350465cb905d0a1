// The frame for the internal reports, by definition flags and column properties: the billed, review and staff filters
// write the address and the query; staff reports take no organization filter and count whole weeks; hidden columns
// never show; a value below its column's expected one is highlighted; multi-line text keeps its lines.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHOOSE_STAFF, type ReportDef, type ReportResponse, reportDef } from '../../../shared/reports';
import { ReportFrame } from './report-frame';
import { type Call, renderAt, setWide, stubFetch } from './report-test-kit';

const def = (key: string): ReportDef => reportDef(key)!;

function weekly(overrides: Partial<ReportResponse> = {}): ReportResponse {
  return {
    report: { key: 'weekly-summary', title: 'Weekly Summary' },
    filtersText: 'Everyone',
    period: { from: '03/02/2026', to: '03/08/2026' },
    organization: null,
    summary: { figures: [{ label: 'Hours', value: '46:00' }], chart: null },
    columns: [
      { name: 'staffId', title: 'Staff Id', kind: 'number', hidden: true },
      { name: 'staff', title: 'Staff', kind: 'text', sortable: true },
      { name: 'monday', title: 'Mon 03/02', kind: 'minutes', expected: 480 },
      { name: 'tuesday', title: 'Tue 03/03', kind: 'minutes', expected: 480 },
      { name: 'week', title: 'Week', kind: 'minutes', expected: 2400 },
      { name: 'note', title: 'Note', kind: 'text' },
    ],
    rows: [
      {
        staffId: 41,
        staff: 'Ann Smith',
        monday: 480,
        tuesday: 300,
        week: 2400,
        note: 'Support 2:00\nProject 3:00',
      },
      { staffId: 42, staff: 'Bob Jones', monday: 510, tuesday: null, week: 510, note: null },
    ],
    total: 2,
    sort: { field: 'staff', dir: 'asc' },
    notices: [],
    ...overrides,
  };
}

const filters = () => within(screen.getByRole('form', { name: /filters$/ }));
const lastQuery = (calls: Call[], key: string) =>
  calls.filter((c) => c.path === `/api/report/${key}`).at(-1)?.query;

let calls: Call[];
beforeEach(() => setWide(true));
afterEach(() => vi.unstubAllGlobals());

describe('filters of the internal reports', () => {
  it.each([
    ['bill-list', ['Organizations', 'Clients', 'From', 'To', 'Cases'], ['Staff', 'Review', 'Devices']],
    ['wip-list', ['Organizations', 'Clients', 'Staff'], ['From', 'Cases', 'Review']],
    ['annual-update', ['Organizations', 'Clients', 'Review'], ['Staff', 'From', 'Cases']],
    ['weekly-summary', ['Staff', 'From (Week)', 'To (Week)'], ['Organizations', 'Clients', 'Cases', 'From']],
  ])('the %s report shows the filters its definition takes', async (key, shown, absent) => {
    stubFetch({ [`/api/report/${key}`]: { body: weekly() } });
    renderAt(`/report/${key}`, <ReportFrame def={def(key)} />);
    await screen.findByText('Ann Smith');
    for (const name of shown) expect(filters().getByLabelText(name)).toBeInTheDocument();
    for (const name of absent) expect(filters().queryByLabelText(name, { exact: true })).toBeNull();
  });

  it('the Cases filter of the bill list goes to the address and the server; not billed is the default', async () => {
    calls = stubFetch({ '/api/report/bill-list': { body: weekly() } });
    const { search } = renderAt('/report/bill-list?start=25', <ReportFrame def={def('bill-list')} />);
    await screen.findByText('Ann Smith');
    const cases = filters().getByLabelText('Cases');
    expect(cases).toHaveDisplayValue('Not billed');
    const user = userEvent.setup();
    await user.selectOptions(cases, 'Billed');
    await waitFor(() => expect(lastQuery(calls, 'bill-list')).toEqual({ billed: 'billed', limit: '25' }));
    expect(search().toString()).toBe('billed=billed');
    await user.selectOptions(cases, 'All');
    await waitFor(() => expect(search().get('billed')).toBe('all'));
    await user.selectOptions(cases, 'Not billed');
    await waitFor(() => expect(search().has('billed')).toBe(false));
    expect(lastQuery(calls, 'bill-list')).toEqual({ limit: '25' });
  });

  it('the review window of the annual update goes to the address and the server', async () => {
    calls = stubFetch({ '/api/report/annual-update': { body: weekly() } });
    const { search } = renderAt('/report/annual-update', <ReportFrame def={def('annual-update')} />);
    await screen.findByText('Ann Smith');
    expect(filters().getByLabelText('Review')).toHaveDisplayValue('Review within 90 days');
    await userEvent.setup().selectOptions(filters().getByLabelText('Review'), 'Review within a year');
    await waitFor(() => expect(lastQuery(calls, 'annual-update')).toEqual({ review: '365', limit: '25' }));
    expect(search().get('review')).toBe('365');
  });

  it('one staff member is picked, goes to the address and the server, and everyone again', async () => {
    calls = stubFetch({
      '/api/report/weekly-summary': { body: weekly() },
      '/api/suggest/staff/': {
        body: [
          { value: 41, label: 'Ann Smith' },
          { value: 42, label: 'Bob Jones' },
        ],
      },
    });
    // Organizations in a hand-made address mean nothing to a report of staff time.
    const { search } = renderAt(
      '/report/weekly-summary?organization=3&clients=2',
      <ReportFrame def={def('weekly-summary')} />,
    );
    await screen.findByText('Ann Smith');
    expect(lastQuery(calls, 'weekly-summary')).toEqual({ limit: '25' });
    const picker = filters().getByRole('combobox', { name: 'Staff' });
    expect(picker).toHaveAttribute('placeholder', 'Everyone');
    const user = userEvent.setup();
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Bob Jones' }));
    await waitFor(() => expect(search().get('staff')).toBe('42'));
    await waitFor(() => expect(lastQuery(calls, 'weekly-summary')).toEqual({ staff: '42', limit: '25' }));
    expect(picker).toHaveValue('Bob Jones');
    // The picked name is remembered: no call for it.
    expect(calls.some((c) => c.path.startsWith('/api/admin/staff'))).toBe(false);
    await user.click(filters().getByRole('button', { name: 'Show everyone' }));
    await waitFor(() => expect(search().has('staff')).toBe(false));
    expect(lastQuery(calls, 'weekly-summary')).toEqual({ limit: '25' });
    expect(picker).toHaveValue('');
  });

  it('a staff member named only by id in the address gets the name from the staff record', async () => {
    calls = stubFetch({
      '/api/report/wip-list': { body: weekly() },
      '/api/admin/staff/42': { body: { staff: { id: 42, name: 'Bob Jones' } } },
    });
    renderAt('/report/wip-list?staff=42', <ReportFrame def={def('wip-list')} />);
    await waitFor(() => expect(filters().getByRole('combobox', { name: 'Staff' })).toHaveValue('Bob Jones'));
    expect(lastQuery(calls, 'wip-list')).toEqual({ staff: '42', limit: '25' });
  });

  it('a refused staff member and a refused week are named after their filters', async () => {
    stubFetch({
      '/api/report/weekly-summary': {
        status: 400,
        body: {
          message: 'Please review the page for field entry errors, shown in red.',
          code: 'BAD_REQUEST',
          form: { errors: [], fields: { staff: [CHOOSE_STAFF], to: ['A period can be at most one year.'] } },
        },
      },
    });
    renderAt('/report/weekly-summary?staff=x', <ReportFrame def={def('weekly-summary')} />);
    expect(await screen.findByText(`Staff: ${CHOOSE_STAFF}`)).toBeInTheDocument();
    expect(screen.getByText('To (Week): A period can be at most one year.')).toBeInTheDocument();
  });
});

describe('the summary of a period', () => {
  it.each([
    ['Staff: Everyone', 'Staff: Everyone · Period 03/02/2026 – 03/08/2026'],
    [
      'Staff: Everyone · Period: 03/02/2026 – 03/08/2026',
      'Staff: Everyone · Period: 03/02/2026 – 03/08/2026',
    ],
  ])('names the period once (%s)', async (filtersText, shown) => {
    stubFetch({ '/api/report/weekly-summary': { body: weekly({ filtersText }) } });
    renderAt('/report/weekly-summary', <ReportFrame def={def('weekly-summary')} />);
    await screen.findByText('Ann Smith');
    expect(screen.getByTestId('report-scope').textContent).toBe(shown);
  });
});

describe('rows of the internal reports', () => {
  it('never shows hidden columns, highlights values below the expected ones and keeps text lines', async () => {
    stubFetch({ '/api/report/weekly-summary': { body: weekly() } });
    renderAt('/report/weekly-summary', <ReportFrame def={def('weekly-summary')} />);
    const row = (await screen.findByText('Ann Smith')).closest('tr')!;
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Staff▲',
      'Mon 03/02',
      'Tue 03/03',
      'Week',
      'Note',
    ]);
    expect(screen.queryByText('41')).toBeNull();
    const cells = [...row.querySelectorAll('td')];
    expect(cells.map((td) => td.textContent)).toEqual([
      'Ann Smith',
      '8:00',
      '5:00 (below expected)',
      '40:00',
      'Support 2:00\nProject 3:00',
    ]);
    // Below expected: the warning tone and a title; at the expected value: nothing.
    expect(cells[2]).toHaveClass('table-warning');
    expect(cells[2]).toHaveAttribute('title', 'Below the expected 8:00');
    expect(within(cells[2]!).getByText('(below expected)')).toHaveClass('visually-hidden');
    expect(cells[1]).not.toHaveClass('table-warning');
    expect(cells[3]).not.toHaveClass('table-warning');
    expect(cells[4]).toHaveClass('sd-pre-line');
    const second = [...screen.getByText('Bob Jones').closest('tr')!.querySelectorAll('td')];
    // Above the day's 8:00 but a short week; no time at all is not a number to compare.
    expect(second[1]).not.toHaveClass('table-warning');
    expect(second[2]).not.toHaveClass('table-warning');
    expect(second[3]).toHaveClass('table-warning');
  });

  it('on a phone the cards leave hidden columns out and highlight values below the expected ones', async () => {
    setWide(false);
    stubFetch({ '/api/report/weekly-summary': { body: weekly() } });
    renderAt('/report/weekly-summary', <ReportFrame def={def('weekly-summary')} />);
    const card = (await screen.findByText('Ann Smith')).closest('.card')!;
    expect(card).not.toHaveTextContent('Staff Id');
    expect(card).not.toHaveTextContent('41');
    const tuesday = within(card as HTMLElement).getByText('5:00');
    expect(tuesday).toHaveClass('sd-below-expected');
    expect(tuesday).toHaveAttribute('title', 'Below the expected 8:00');
    expect(tuesday).toHaveTextContent('5:00 (below expected)');
    expect(within(card as HTMLElement).getByText('8:00')).not.toHaveClass('sd-below-expected');
  });
});
