// The report frame: the address is the report's state (filters, sort, page) and what is asked of the server; the
// rows show by column kind; a refused filter names itself; an export is made, downloaded and kept in history.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PERIOD_REVERSED, type ReportDef, type ReportResponse, reportDef } from '../../../shared/reports';
import { ReportFrame } from './report-frame';
import { type Call, renderAt, setWide, stubFetch } from './report-test-kit';

const def = (key: string): ReportDef => reportDef(key)!;

function warranty(overrides: Partial<ReportResponse> = {}): ReportResponse {
  return {
    report: { key: 'warranty', title: 'Warranty' },
    filtersText: 'Clients: Active · Devices: Active · Expired or ending within 60 days',
    period: null,
    organization: { value: 7, label: 'Acme Dental' },
    summary: {
      figures: [
        { label: 'Devices', value: '60' },
        { label: 'Expired', value: '12', tone: 'bad' },
      ],
      chart: {
        title: 'Warranty',
        kind: 'donut',
        data: [
          { label: 'Expired', value: 12, tone: 'bad' },
          { label: 'Covered', value: 48, tone: 'good' },
        ],
      },
    },
    columns: [
      { name: 'name', title: 'Name', kind: 'text', sortable: true },
      { name: 'warrantyEnd', title: 'Warranty End', kind: 'date', sortable: true },
      { name: 'checkedAt', title: 'Last Check-In', kind: 'datetime' },
      { name: 'time', title: 'Time', kind: 'minutes' },
      { name: 'amount', title: 'Amount', kind: 'money' },
      { name: 'compliant', title: 'Compliant', kind: 'percent' },
      { name: 'count', title: 'Count', kind: 'number' },
    ],
    rows: [
      {
        name: 'ACME-WS01',
        warrantyEnd: '2026-03-05',
        checkedAt: '2026-03-04T15:30:00.000Z',
        time: 95,
        amount: '1234.5',
        compliant: 0.875,
        count: 12345,
      },
      {
        name: 'ACME-WS02',
        warrantyEnd: null,
        checkedAt: null,
        time: 0,
        amount: '0',
        compliant: 1,
        count: 0,
      },
    ],
    total: 60,
    sort: { field: 'warrantyEnd', dir: 'asc' },
    notices: [{ title: 'Disclaimer', body: 'Warranty dates come from the manufacturers.' }],
    ...overrides,
  };
}

/** The filter bar (the chart is named too: "Warranty"). */
const filters = () => within(screen.getByRole('form', { name: /filters$/ }));
const reportCalls = (calls: Call[], key = 'warranty') => calls.filter((c) => c.path === `/api/report/${key}`);
const lastReportQuery = (calls: Call[], key = 'warranty') => reportCalls(calls, key).at(-1)?.query;

let calls: Call[];
beforeEach(() => setWide(true));
afterEach(() => vi.unstubAllGlobals());

describe('filters in the address', () => {
  it('asks for the filters of the address that the report takes, organizations replacing the client filter', async () => {
    calls = stubFetch({ '/api/report/warranty': { body: warranty() } });
    renderAt(
      '/report/warranty?organization=7&clients=3&users=2&within=60&days=9&start=25',
      <ReportFrame def={def('warranty')} />,
    );
    await screen.findByText('ACME-WS01');
    expect(lastReportQuery(calls)).toEqual({ organization: '7', within: '60', start: '25', limit: '25' });
    // The organization of the answer names its tag, without another call.
    expect(screen.getByText('Acme Dental', { selector: '.sd-typeahead-tag span' })).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/api/manage/organization'))).toBe(false);
    expect(filters().getByLabelText('Clients')).toBeDisabled();
  });

  it('a changed filter goes to the address and the server, from the first row again', async () => {
    calls = stubFetch({ '/api/report/warranty': { body: warranty() } });
    const { search } = renderAt('/report/warranty?start=25', <ReportFrame def={def('warranty')} />);
    await screen.findByText('ACME-WS01');
    const user = userEvent.setup();
    await user.selectOptions(filters().getByLabelText('Warranty'), 'Expired');
    await waitFor(() => expect(lastReportQuery(calls)).toEqual({ within: 'expired', limit: '25' }));
    expect(search().toString()).toBe('within=expired');
    await user.selectOptions(filters().getByLabelText('Clients'), 'All');
    await waitFor(() =>
      expect(lastReportQuery(calls)).toEqual({ clients: 'all', within: 'expired', limit: '25' }),
    );
    await user.selectOptions(filters().getByLabelText('Devices'), '2');
    await waitFor(() => expect(search().get('equipment')).toBe('2'));
    // Back to the default: the address drops it.
    await user.selectOptions(filters().getByLabelText('Warranty'), 'Expired or ending within 90 days');
    await waitFor(() => expect(search().has('within')).toBe(false));
  });

  it('organizations are picked as tags from the client picker', async () => {
    calls = stubFetch({
      '/api/report/device': { body: warranty({ organization: null }) },
      '/api/suggest/clients/': {
        body: [
          { value: 4, label: 'Beta Labs' },
          { value: 9, label: 'Cobalt Inc' },
        ],
      },
      '/api/manage/organization/3': { body: { organization: { id: 3, name: 'Acme Dental' } } },
    });
    const { search } = renderAt('/report/device?organization=3', <ReportFrame def={def('device')} />);
    // An organization named only by its id in the address gets its name from its record.
    await screen.findByText('Acme Dental', { selector: '.sd-typeahead-tag span' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Organizations' }));
    await user.click(await screen.findByRole('option', { name: 'Cobalt Inc' }));
    await waitFor(() => expect(search().get('organization')).toBe('3,9'));
    await waitFor(() => expect(lastReportQuery(calls, 'device')?.organization).toBe('3,9'));
    await user.click(screen.getByRole('button', { name: 'Remove Acme Dental' }));
    await waitFor(() => expect(search().get('organization')).toBe('9'));
  });

  it.each([
    ['user', ['Organizations', 'Clients', 'Users'], ['Devices', 'From', 'Warranty']],
    ['services-activity', ['Organizations', 'Clients', 'From', 'To'], ['Devices', 'Users']],
    ['outdated-response', ['Devices', 'No Check-In For (Days)'], ['Users', 'From', 'Warranty']],
    ['device-summary-by-age', ['Devices'], ['Warranty', 'No Check-In For (Days)', 'Group']],
    ['device-summary-by-address', ['Organizations', 'Devices'], ['Warranty', 'Group', 'From']],
  ])('the %s report shows the filters its definition takes', async (key, shown, absent) => {
    stubFetch({ [`/api/report/${key}`]: { body: warranty({ organization: null }) } });
    renderAt(`/report/${key}`, <ReportFrame def={def(key)} />);
    await screen.findByText('ACME-WS01');
    for (const name of shown) expect(filters().getByLabelText(name)).toBeInTheDocument();
    for (const name of absent) expect(filters().queryByLabelText(name)).toBeNull();
  });

  it('a period typed in full goes to the address and the server', async () => {
    calls = stubFetch({ '/api/report/services-activity': { body: warranty({ organization: null }) } });
    const { search } = renderAt('/report/services-activity', <ReportFrame def={def('services-activity')} />);
    await screen.findByText('ACME-WS01');
    const user = userEvent.setup();
    await user.type(filters().getByLabelText('From'), '03/01/2026');
    await waitFor(() => expect(search().get('from')).toBe('03/01/2026'));
    await waitFor(() => expect(lastReportQuery(calls, 'services-activity')?.from).toBe('03/01/2026'));
  });
});

describe('the rows', () => {
  it('shows each column kind formatted, the summary figures, the chart numbers and the notices', async () => {
    stubFetch({ '/api/report/warranty': { body: warranty() } });
    renderAt('/report/warranty', <ReportFrame def={def('warranty')} />);
    const row = (await screen.findByText('ACME-WS01')).closest('tr')!;
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      'ACME-WS01',
      '03/05/2026',
      '03/04/2026 3:30 PM',
      '1:35',
      '$1,234.50',
      '87.5%',
      '12,345',
    ]);
    const second = screen.getByText('ACME-WS02').closest('tr')!;
    expect([...second.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      'ACME-WS02',
      '',
      '',
      '0:00',
      '$0.00',
      '100.0%',
      '0',
    ]);
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(summary).toHaveTextContent(
      'Acme Dental · Clients: Active · Devices: Active · Expired or ending within 60 days',
    );
    expect(
      within(summary).getByText('Expired', { selector: '.small' }).closest('[data-tone]'),
    ).toHaveAttribute('data-tone', 'bad');
    expect(within(summary).getByRole('img', { name: /Warranty/ })).toBeInTheDocument();
    expect(summary).toHaveTextContent('Covered48(80.0%)');
    expect(screen.getByRole('complementary', { name: 'Disclaimer' })).toHaveTextContent(
      'Warranty dates come from the manufacturers.',
    );
  });

  it('a sortable header turns the order around, another column sorts ascending', async () => {
    calls = stubFetch({
      '/api/report/warranty': (call) => ({
        body: warranty({
          sort: { field: call.query.sort ?? 'warrantyEnd', dir: (call.query.dir as 'asc' | 'desc') ?? 'asc' },
        }),
      }),
    });
    const { search } = renderAt('/report/warranty?start=25', <ReportFrame def={def('warranty')} />);
    await screen.findByText('ACME-WS01');
    expect(screen.getByRole('columnheader', { name: /Warranty End/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    // Not sortable: no button.
    expect(within(screen.getByRole('columnheader', { name: 'Time' })).queryByRole('button')).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Warranty End/ }));
    await waitFor(() => expect(search().toString()).toBe('sort=warrantyEnd&dir=desc'));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Warranty End/ })).toHaveAttribute(
        'aria-sort',
        'descending',
      ),
    );
    expect(lastReportQuery(calls)).toEqual({ sort: 'warrantyEnd', dir: 'desc', limit: '25' });
    await user.click(screen.getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(search().toString()).toBe('sort=name&dir=asc'));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending'),
    );
  });

  it('pages through the rows with the page start in the address', async () => {
    const rows = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({ name: `PC-${from + i + 1}`, warrantyEnd: null }));
    calls = stubFetch({
      '/api/report/warranty': (call) => {
        const start = Number(call.query.start ?? 0);
        return { body: warranty({ rows: rows(start, Math.min(25, 1234 - start)), total: 1234 }) };
      },
    });
    const { search } = renderAt('/report/warranty', <ReportFrame def={def('warranty')} />);
    await screen.findByText('PC-1');
    expect(screen.getByTestId('report-rows')).toHaveTextContent('Rows 1–25 of 1,234');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('PC-26');
    expect(search().get('start')).toBe('25');
    expect(lastReportQuery(calls)?.start).toBe('25');
    expect(screen.getByTestId('report-rows')).toHaveTextContent('Rows 26–50 of 1,234');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText('PC-1');
    expect(search().has('start')).toBe(false);
  });

  it('the last page has no Next', async () => {
    stubFetch({
      '/api/report/warranty': { body: warranty({ total: 27, rows: [{ name: 'PC-26' }, { name: 'PC-27' }] }) },
    });
    renderAt('/report/warranty?start=25', <ReportFrame def={def('warranty')} />);
    await screen.findByText('PC-27');
    expect(screen.getByTestId('report-rows')).toHaveTextContent('Rows 26–27 of 27');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('no matching rows: "No Results" and no pages', async () => {
    stubFetch({ '/api/report/warranty': { body: warranty({ rows: [], total: 0 }) } });
    renderAt('/report/warranty', <ReportFrame def={def('warranty')} />);
    await screen.findByText('No Results');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('on a phone each row is a card of titled values', async () => {
    setWide(false);
    stubFetch({ '/api/report/warranty': { body: warranty() } });
    const { search } = renderAt('/report/warranty', <ReportFrame def={def('warranty')} />);
    const card = (await screen.findByText('ACME-WS01')).closest('.card')!;
    expect(screen.queryByRole('table')).toBeNull();
    expect(card).toHaveTextContent('Warranty End03/05/2026');
    expect(card).toHaveTextContent('Amount$1,234.50');
    // No headers to click: the sortable columns in both orders.
    const sort = screen.getByLabelText('Sort');
    expect(sort).toHaveValue('warrantyEnd:asc');
    await userEvent.setup().selectOptions(sort, 'name:desc');
    await waitFor(() => expect(search().toString()).toBe('sort=name&dir=desc'));
  });

  it('a refused filter shows its message named after the filter', async () => {
    stubFetch({
      '/api/report/services-activity': {
        status: 400,
        body: {
          message: 'Please review the page for field entry errors, shown in red.',
          code: 'INVALID',
          form: { errors: [], fields: { to: [PERIOD_REVERSED] } },
        },
      },
    });
    renderAt(
      '/report/services-activity?from=03/31/2026&to=03/01/2026',
      <ReportFrame def={def('services-activity')} />,
    );
    expect(await screen.findByText(`To: ${PERIOD_REVERSED}`)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('exports', () => {
  it('makes the file with the report filters, downloads it and says where it is kept', async () => {
    const history = {
      id: 41,
      report: 'warranty',
      reportTitle: 'Warranty',
      title: 'Warranty: Acme Dental',
      format: 'XLSX',
      filtersText: 'Expired or ending within 60 days',
      rerun: '/report/warranty?organization=7&within=60',
      organizations: 'Acme Dental',
      rowCount: 60,
      size: 4096,
      fileName: 'warranty-acme-dental.xlsx',
      createdAt: '2026-03-04T15:30:00.000Z',
      createdBy: 'Ada Admin',
      download: '/api/report/history/41/download',
    };
    calls = stubFetch({
      '/api/report/warranty': { body: warranty() },
      'POST /api/report/warranty/export': { body: { history } },
    });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    renderAt(
      '/report/warranty?organization=7&within=60&start=25&sort=name&dir=desc',
      <ReportFrame def={def('warranty')} />,
    );
    await screen.findByText('ACME-WS01');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'XLSX' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Saved to report history: warranty-acme-dental.xlsx');
    expect(within(status).getByRole('link', { name: 'warranty-acme-dental.xlsx' })).toHaveAttribute(
      'href',
      '/report/report-history?report=warranty',
    );
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toEqual([
      {
        method: 'POST',
        path: '/api/report/warranty/export',
        query: {},
        body: { format: 'xlsx', query: { organization: '7', within: '60', sort: 'name', dir: 'desc' } },
      },
    ]);
    expect(clicked).toEqual(['/api/report/history/41/download']);
    vi.restoreAllMocks();
  });

  it('a refused export says why and downloads nothing', async () => {
    stubFetch({
      '/api/report/warranty': { body: warranty() },
      'POST /api/report/warranty/export': {
        status: 403,
        body: { message: 'Access Denied.', code: 'FORBIDDEN' },
      },
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderAt('/report/warranty', <ReportFrame def={def('warranty')} />);
    await screen.findByText('ACME-WS01');
    await userEvent.setup().click(screen.getByRole('button', { name: 'PDF' }));
    expect(await screen.findByText('Access Denied.')).toBeInTheDocument();
    expect(click).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});
