// The bill list screen: Mark Billed asks for a confirmation (the amount, every slip locked for everyone), then sends
// the totals the row shows and the list is asked again (the case leaves it); a refusal (already billed, time
// changed) is said above the rows and the list is refreshed; a billing is undone after a confirmation; Lines shows a
// case's slips as billed, adding up to its amount; the default hourly rate is changed in a dialog with its errors
// under the field.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  alreadyBilled,
  BILL_CHANGED,
  type BillingSettings,
  type BillLine,
  type BillLines,
  LINES_PAGE,
} from '../../../shared/billing';
import type { ReportResponse, ReportRow } from '../../../shared/reports';
import { BillListPage } from './bill-list-page';
import { type Answers, type Call, renderAt, setWide, stubFetch } from './report-test-kit';

const COLUMNS: ReportResponse['columns'] = [
  { name: 'organization', title: 'Organization', kind: 'text', sortable: true },
  { name: 'case', title: 'Case', kind: 'text', sortable: true },
  { name: 'caseId', title: 'Case Id', kind: 'number', hidden: true },
  { name: 'status', title: 'Status', kind: 'text' },
  { name: 'lastWork', title: 'Last Work', kind: 'date', sortable: true },
  { name: 'detail', title: 'Detail', kind: 'text' },
  { name: 'minutes', title: 'Time', kind: 'minutes' },
  { name: 'noCharge', title: 'No Charge', kind: 'minutes' },
  { name: 'covered', title: 'Covered', kind: 'minutes' },
  { name: 'billable', title: 'Billable', kind: 'minutes' },
  { name: 'rate', title: 'Rate', kind: 'money' },
  { name: 'amount', title: 'Amount', kind: 'money', sortable: true },
  { name: 'billed', title: 'Billed', kind: 'text' },
];

const row = (caseId: number, organization: string, billed: string | null = null): ReportRow => ({
  organization,
  case: `#${caseId} Support: October 2026`,
  caseId,
  status: 'Closed',
  lastWork: '2026-10-30',
  detail: 'Remote support × 1: 2:00\nOnsite × 1.5: 1:30',
  minutes: 210,
  noCharge: 0,
  covered: 60,
  billable: 150,
  rate: '150.00',
  amount: '412.50',
  billed,
});

const list = (rows: ReportRow[]): ReportResponse => ({
  report: { key: 'bill-list', title: 'Bill List' },
  filtersText: 'Clients: Active · Not billed',
  period: { from: '10/01/2026', to: '10/31/2026' },
  organization: null,
  summary: { figures: [{ label: 'Cases', value: String(rows.length) }], chart: null },
  columns: COLUMNS,
  rows,
  total: rows.length,
  sort: { field: 'organization', dir: 'asc' },
  notices: [],
});

const settings = (rate = '150.00', version = 3): BillingSettings => ({
  defaultHourlyRate: rate,
  version,
  updated: null,
  updatedBy: null,
});

const billing = (caseId: number, billedAt: string | null) => ({
  billing: { caseId, billedAt, billedBy: billedAt ? { value: 1, label: 'Ann Smith' } : null },
});

/** A bill list whose cases leave it once billed (and come back once unbilled). */
function billListServer(extra: Answers = {}) {
  const billed = new Set<number>();
  const all = [row(123, 'Acme Dental'), row(124, 'Beta Labs')];
  const answers: Answers = {
    '/api/report/bill-list': (call) => ({
      body: list(
        call.query.billed === 'billed'
          ? all
              .filter((r) => billed.has(r.caseId as number))
              .map((r) => ({ ...r, billed: '11/24/2026 by Ann Smith' }))
          : all.filter((r) => !billed.has(r.caseId as number)),
      ),
    }),
    '/api/report/billing-settings': { body: { billingSettings: settings(), can: { save: true } } },
    'POST /api/report/bill-list/123/bill': () => {
      billed.add(123);
      return { body: billing(123, '2026-11-24T15:00:00.000Z') };
    },
    'POST /api/report/bill-list/123/unbill': () => {
      billed.delete(123);
      return { body: billing(123, null) };
    },
    ...extra,
  };
  return { answers, billed };
}

const listCalls = (calls: Call[]) => calls.filter((c) => c.path === '/api/report/bill-list');

/** Mark Billed, then its confirmation. */
async function markBilled(button: HTMLElement) {
  const user = userEvent.setup();
  await user.click(button);
  const dialog = await screen.findByRole('dialog', { name: 'Mark Billed' });
  await user.click(within(dialog).getByRole('button', { name: 'Mark Billed' }));
}

const line = (slip: number, over: Partial<BillLine> = {}): BillLine => ({
  slip,
  date: '10/02/2026',
  startTime: '09:00',
  stopTime: '10:07',
  staff: 'Tess Tech',
  task: 'Remote support',
  minutes: 67,
  billableMinutes: 113,
  coveredMinutes: 30,
  multiplier: '1.5',
  rate: '120.00',
  amount: '166.00',
  rule: { minimum: 30, increment: 15, source: 'ORGANIZATION', sourceLabel: 'Acme Dental' },
  explanation: '1:07 rounded up to 1:15 (15-minute increments, 30-minute minimum: Acme Dental) × 1.5 = 1:53',
  ...over,
});

let calls: Call[];
beforeEach(() => setWide(true));
afterEach(() => vi.unstubAllGlobals());

describe('billing a case', () => {
  it('Mark Billed sends the minutes shown, the case leaves the list and the status line offers Undo', async () => {
    const server = billListServer();
    calls = stubFetch(server.answers);
    renderAt('/report/bill-list', <BillListPage />);
    const cell = await screen.findByText('#123 Support: October 2026');
    const tr = cell.closest('tr')!;
    // The case id is for the action only; the detail keeps one line per task and multiplier.
    expect(screen.queryByRole('columnheader', { name: 'Case Id' })).toBeNull();
    expect(within(tr).getByText(/Remote support/)).toHaveClass('sd-pre-line');
    expect(screen.getByTestId('billing-rate')).toHaveTextContent('Default hourly rate: $150.00');
    const before = listCalls(calls).length;
    const user = userEvent.setup();
    const mark = within(tr).getByRole('button', { name: 'Mark Billed: #123 Support: October 2026' });
    // First it says what it does; Cancel does nothing.
    await user.click(mark);
    let dialog = await screen.findByRole('dialog', { name: 'Mark Billed' });
    expect(dialog).toHaveTextContent('Mark case #123 Support: October 2026 billed for $412.50?');
    expect(dialog).toHaveTextContent('This locks every slip of the case for everyone');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(mark);
    dialog = await screen.findByRole('dialog', { name: 'Mark Billed' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark Billed' }));
    await waitFor(() => expect(screen.queryByText('#123 Support: October 2026')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/report/bill-list/123/bill',
        query: {},
        body: { minutes: 210, amount: '412.50' },
      },
    ]);
    expect(listCalls(calls).length).toBeGreaterThan(before);
    expect(screen.getByText('#124 Support: October 2026')).toBeInTheDocument();
    const status = screen.getByTestId('bill-status');
    expect(status).toHaveTextContent('Case #123 marked billed.');

    // Undo brings it back, once confirmed.
    await user.click(within(status).getByRole('button', { name: 'Undo' }));
    const undo = await screen.findByRole('dialog', { name: 'Undo Billing' });
    expect(undo).toHaveTextContent('Undo the billing of case #123?');
    await user.click(within(undo).getByRole('button', { name: 'Undo Billing' }));
    await screen.findByText('#123 Support: October 2026');
    expect(calls.filter((c) => c.method === 'POST').at(-1)).toMatchObject({
      path: '/api/report/bill-list/123/unbill',
      body: undefined,
    });
    expect(status).toHaveTextContent('Case #123 is no longer billed.');
  });

  it('a case billed meanwhile by someone else: the message above the rows, and the list refreshed', async () => {
    const server = billListServer({
      'POST /api/report/bill-list/123/bill': () => {
        server.billed.add(123);
        return {
          status: 409,
          body: {
            message: alreadyBilled('11/24/2026', 'Bob Jones'),
            code: 'CONFLICT',
            form: { errors: [], fields: {} },
          },
        };
      },
    });
    calls = stubFetch(server.answers);
    renderAt('/report/bill-list', <BillListPage />);
    const tr = (await screen.findByText('#123 Support: October 2026')).closest('tr')!;
    await markBilled(within(tr).getByRole('button', { name: /^Mark Billed/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This case was already billed on 11/24/2026 by Bob Jones.');
    await waitFor(() => expect(screen.queryByText('#123 Support: October 2026')).toBeNull());
    expect(screen.getByTestId('bill-status')).toBeEmptyDOMElement();
  });

  it('time changed since the list was loaded: the field message is said, not the generic one', async () => {
    const server = billListServer({
      'POST /api/report/bill-list/123/bill': {
        status: 400,
        body: {
          message: 'Please review the page for field entry errors, shown in red.',
          code: 'BAD_REQUEST',
          form: { errors: [], fields: { minutes: [BILL_CHANGED] } },
        },
      },
    });
    calls = stubFetch(server.answers);
    renderAt('/report/bill-list', <BillListPage />);
    const tr = (await screen.findByText('#123 Support: October 2026')).closest('tr')!;
    const before = listCalls(calls).length;
    await markBilled(within(tr).getByRole('button', { name: /^Mark Billed/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(BILL_CHANGED);
    expect(screen.getByRole('alert')).not.toHaveTextContent('Please review');
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
  });

  it('a billed case has its billing undone after a confirmation', async () => {
    const server = billListServer();
    server.billed.add(123);
    calls = stubFetch(server.answers);
    renderAt('/report/bill-list?billed=billed', <BillListPage />);
    const tr = (await screen.findByText('#123 Support: October 2026')).closest('tr')!;
    expect(tr).toHaveTextContent('11/24/2026 by Ann Smith');
    expect(within(tr).queryByRole('button', { name: /Mark Billed/ })).toBeNull();
    const user = userEvent.setup();
    await user.click(within(tr).getByRole('button', { name: /^Undo Billing/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Undo Billing' });
    expect(dialog).toHaveTextContent('#123 Support: October 2026 (billed 11/24/2026 by Ann Smith)');
    // Cancel changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(tr).getByRole('button', { name: /^Undo Billing/ }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Undo Billing' })).getByRole('button', {
        name: 'Undo Billing',
      }),
    );
    await waitFor(() => expect(screen.queryByText('#123 Support: October 2026')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/report/bill-list/123/unbill',
    ]);
    expect(screen.getByTestId('bill-status')).toHaveTextContent('Case #123 is no longer billed.');
  });

  it('on a phone each case card ends with its action', async () => {
    setWide(false);
    calls = stubFetch(billListServer().answers);
    renderAt('/report/bill-list', <BillListPage />);
    const card = (await screen.findByText('Acme Dental')).closest('.card') as HTMLElement;
    expect(card).not.toHaveTextContent('Case Id');
    await markBilled(within(card).getByRole('button', { name: /^Mark Billed/ }));
    await waitFor(() => expect(screen.queryByText('Acme Dental')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ minutes: 210, amount: '412.50' });
  });
});

describe('a case’s lines', () => {
  it('shows each slip worked and billable, its rule, block hours, rate and amount, adding up to the case', async () => {
    const page = (start: number): BillLines => ({
      caseId: 123,
      billed: false,
      items:
        start === 0
          ? Array.from({ length: LINES_PAGE }, (_, i) => line(i + 1, { amount: '4.00', coveredMinutes: 0 }))
          : [line(LINES_PAGE + 1, { amount: '12.50' })],
      total: LINES_PAGE + 1,
      totals: { minutes: 6767, billableMinutes: 11413, coveredMinutes: 30, amount: '412.50' },
    });
    calls = stubFetch(
      billListServer({
        '/api/report/bill-list/123/lines': (call) => ({ body: { lines: page(Number(call.query.start)) } }),
      }).answers,
    );
    renderAt('/report/bill-list', <BillListPage />);
    const tr = (await screen.findByText('#123 Support: October 2026')).closest('tr')!;
    const user = userEvent.setup();
    await user.click(within(tr).getByRole('button', { name: 'Lines: #123 Support: October 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lines: #123 Support: October 2026' });
    expect(await within(dialog).findAllByText('Tess Tech')).toHaveLength(LINES_PAGE);
    expect(dialog).toHaveTextContent('As the case would be billed now.');
    expect(dialog).toHaveTextContent('the case’s amount is the sum of its 101 lines');
    const first = within(dialog).getAllByRole('row')[1]!;
    expect(first).toHaveTextContent('1:07');
    expect(first).toHaveTextContent('1:53');
    expect(first).toHaveTextContent('15-minute increments, 30-minute minimum: Acme Dental');
    expect(within(dialog).getByTestId('lines-amount')).toHaveTextContent('$412.50');
    await user.click(within(dialog).getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(within(dialog).getAllByText('Tess Tech')).toHaveLength(LINES_PAGE + 1));
    expect(within(dialog).queryByRole('button', { name: 'Load More' })).toBeNull();
    expect(calls.filter((c) => c.path.endsWith('/lines')).map((c) => c.query.start)).toEqual(['0', '100']);
    expect(within(dialog).getAllByRole('row').at(-2)).toHaveTextContent('0:30');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('of a billed case: as billed', async () => {
    calls = stubFetch(
      billListServer({
        '/api/report/bill-list/123/lines': {
          body: {
            lines: {
              caseId: 123,
              billed: true,
              items: [line(1)],
              total: 1,
              totals: { minutes: 67, billableMinutes: 113, coveredMinutes: 30, amount: '166.00' },
            },
          },
        },
      }).answers,
    );
    setWide(false);
    renderAt('/report/bill-list', <BillListPage />);
    const card = (await screen.findByText('Acme Dental')).closest('.card') as HTMLElement;
    await userEvent.setup().click(within(card).getByRole('button', { name: /^Lines/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Lines/ });
    expect(await within(dialog).findByText(/As billed/)).toBeInTheDocument();
    expect(dialog).toHaveTextContent('1:07 worked → 1:53 billable');
    expect(dialog).toHaveTextContent('0:30 block hours, 1:23 at $120.00/h');
    expect(within(dialog).getByTestId('lines-amount')).toHaveTextContent('$166.00');
  });
});

describe('the default hourly rate', () => {
  it('is changed in a dialog: errors under the field, then saved and the list priced again', async () => {
    let saves = 0;
    const server = billListServer({
      'POST /api/report/billing-settings': (call) => {
        saves += 1;
        if (saves === 1)
          return {
            status: 400,
            body: {
              message: 'Please review the page for field entry errors, shown in red.',
              code: 'BAD_REQUEST',
              form: { errors: [], fields: { defaultHourlyRate: ['This amount is too large.'] } },
            },
          };
        const body = call.body as { version: number; defaultHourlyRate: string };
        return { body: { billingSettings: settings(body.defaultHourlyRate, body.version + 1) } };
      },
    });
    calls = stubFetch(server.answers);
    renderAt('/report/bill-list', <BillListPage />);
    await screen.findByText('#123 Support: October 2026');
    // No timer turns between keystrokes: once in CI, under load, only the first key of "$175" reached the field
    // (a timer between keystrokes is the one gap jsdom leaves); the field is checked before saving.
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Default Hourly Rate' });
    const input = within(dialog).getByLabelText(/Default Hourly Rate/);
    expect(input).toHaveValue('150.00');

    // Checked before it is sent.
    await user.clear(input);
    await user.type(input, 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter an amount like 1,250.00.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    // Refused by the server: under the field.
    await user.clear(input);
    await user.type(input, '$175');
    expect(input).toHaveValue('$175');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This amount is too large.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');

    const before = calls.filter((c) => c.path === '/api/report/bill-list').length;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      version: 3,
      defaultHourlyRate: '175.00',
    });
    expect(screen.getByTestId('billing-rate')).toHaveTextContent('Default hourly rate: $175.00');
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/report/bill-list').length).toBeGreaterThan(before),
    );
  });

  it('changed by someone else meanwhile: their rate is said, and saving again replaces it', async () => {
    let saves = 0;
    const server = billListServer({
      'POST /api/report/billing-settings': (call) => {
        saves += 1;
        if (saves === 1)
          return {
            status: 409,
            body: {
              message: 'This record was changed by Bob Jones at 11/24/2026 3:00 PM.',
              code: 'CONFLICT',
              form: { errors: [], fields: {} },
              current: settings('160.00', 4),
            },
          };
        const body = call.body as { version: number; defaultHourlyRate: string };
        return { body: { billingSettings: settings(body.defaultHourlyRate, body.version + 1) } };
      },
    });
    calls = stubFetch(server.answers);
    renderAt('/report/bill-list', <BillListPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Default Hourly Rate' });
    const input = within(dialog).getByLabelText(/Default Hourly Rate/);
    await user.clear(input);
    await user.type(input, '175');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const conflict = await within(dialog).findByTestId('conflict');
    expect(conflict).toHaveTextContent('This record was changed by Bob Jones at 11/24/2026 3:00 PM.');
    expect(conflict).toHaveTextContent('The rate is now $160.00.');
    expect(screen.getByTestId('billing-rate')).toHaveTextContent('Default hourly rate: $160.00');
    expect(input).toHaveValue('175');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      version: 4,
      defaultHourlyRate: '175.00',
    });
    expect(screen.getByTestId('billing-rate')).toHaveTextContent('Default hourly rate: $175.00');
  });

  it('no Change for those who may not save it', async () => {
    const server = billListServer({
      '/api/report/billing-settings': { body: { billingSettings: settings(), can: { save: false } } },
    });
    stubFetch(server.answers);
    renderAt('/report/bill-list', <BillListPage />);
    await waitFor(() => expect(screen.getByTestId('billing-rate')).toHaveTextContent('$150.00'));
    expect(screen.queryByRole('button', { name: 'Change' })).toBeNull();
  });
});
