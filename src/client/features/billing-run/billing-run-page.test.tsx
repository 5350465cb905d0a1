// The billing run screen: last month is drafted by default; a month that has a run is drafted again only once
// confirmed; the server's refusals show under the month or above the form; a drafting run shows its progress and is
// asked again until it is ready, then its figures and invoices show; the invoices are filtered and paged; posting
// the approved invoices is confirmed and says how many were posted.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  NOTHING_APPROVED,
  PERIOD_NOT_BEGUN,
  periodLabel,
  runInProgress,
} from '../../../shared/schemas/billing-run';
import { renderAt, stubFetch } from '../reports/report-test-kit';
import { companyMonth, shiftMonth } from './billing-parts';
import { BillingRunPage } from './billing-run-page';
import { billingRun, invoiceSummary } from './billing-test-kit';

const refused = (fields: Record<string, string[]>, errors: string[] = []) => ({
  status: 400,
  body: { message: errors[0] ?? 'Invalid request.', code: 'INVALID', form: { errors, fields } },
});
const invoices = { items: [invoiceSummary(41, 'Acme Dental'), invoiceSummary(42, 'Beta Labs')], total: 2 };

beforeEach(() => {
  vi.useRealTimers();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const lastMonth = () => shiftMonth(companyMonth(), -1);

describe('drafting a month', () => {
  it('drafts last month by default and shows the new run', async () => {
    const started = billingRun({ id: 9, period: lastMonth(), periodLabel: periodLabel(lastMonth()) });
    const calls = stubFetch({
      '/api/report/billing-run': { body: { runs: [] } },
      'POST /api/report/billing-run': { body: { run: started } },
      '/api/report/billing-run/9': { body: { run: started } },
      '/api/report/billing-run/9/invoices': { body: invoices },
    });
    const { search } = renderAt('/report/billing-run', <BillingRunPage />);
    await screen.findByText('No billing run yet: choose a month and draft its invoices.');
    expect(screen.getByLabelText(/^Month/)).toHaveValue(lastMonth());
    await userEvent.click(screen.getByRole('button', { name: 'Draft invoices' }));
    await screen.findByRole('heading', { name: periodLabel(lastMonth()) });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ period: lastMonth() });
    expect(search().get('run')).toBe('9');
    await screen.findByRole('link', { name: 'Beta Labs' });
  });

  it('shows a month not begun under the month, and a run in progress above the form', async () => {
    let answer = refused({ period: [PERIOD_NOT_BEGUN] });
    stubFetch({
      '/api/report/billing-run': { body: { runs: [] } },
      'POST /api/report/billing-run': () => answer,
    });
    renderAt('/report/billing-run', <BillingRunPage />);
    const user = userEvent.setup();
    await screen.findByText('No billing run yet.');
    await user.click(screen.getByRole('button', { name: 'Draft invoices' }));
    const field = (await screen.findByText(PERIOD_NOT_BEGUN)).closest('[data-field="period"]');
    expect(field).not.toBeNull();
    expect(screen.getByLabelText(/^Month/)).toHaveAttribute('aria-invalid', 'true');

    answer = refused({}, [runInProgress('2026-10')]);
    await user.click(screen.getByRole('button', { name: 'Draft invoices' }));
    const alert = await screen.findByText(runInProgress('2026-10'));
    expect(alert.closest('[data-field]')).toBeNull();
    expect(screen.queryByText(PERIOD_NOT_BEGUN)).toBeNull();
  });

  it('asks before drafting a month again that has a run, and drafts nothing on Cancel', async () => {
    const existing = billingRun({ id: 3, period: lastMonth(), periodLabel: periodLabel(lastMonth()) });
    const calls = stubFetch({
      '/api/report/billing-run': { body: { runs: [existing] } },
      '/api/report/billing-run/3': { body: { run: existing } },
      '/api/report/billing-run/3/invoices': { body: invoices },
      'POST /api/report/billing-run': {
        body: { run: { ...existing, status: { value: 'QUEUED', label: 'Queued' } } },
      },
    });
    renderAt('/report/billing-run', <BillingRunPage />);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: periodLabel(lastMonth()) });
    await user.click(screen.getByRole('button', { name: 'Draft invoices' }));
    let dialog = await screen.findByRole('dialog', { name: 'Draft Again' });
    expect(dialog).toHaveTextContent('changes made to their lines and their approvals are lost');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Draft invoices' }));
    dialog = await screen.findByRole('dialog', { name: 'Draft Again' });
    await user.click(within(dialog).getByRole('button', { name: 'Draft invoices' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
  });
});

describe('a run', () => {
  it('shows a progress bar while drafting, asks again until ready, then its figures and invoices', async () => {
    let polls = 0;
    const drafting = billingRun({ status: { value: 'RUNNING', label: 'Drafting' }, done: 3, clients: 12 });
    const calls = stubFetch({
      '/api/report/billing-run': { body: { runs: [drafting] } },
      '/api/report/billing-run/5': () => {
        polls += 1;
        return { body: { run: polls < 2 ? drafting : billingRun() } };
      },
      '/api/report/billing-run/5/invoices': { body: invoices },
    });
    renderAt('/report/billing-run', <BillingRunPage />);
    const bar = await screen.findByRole('progressbar', { name: 'Drafting progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText('Drafting invoices: 3 of 12 clients')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Invoices' })).toBeNull();

    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull(), { timeout: 4000 });
    const figures = screen.getByTestId('run-figures');
    expect(figures).toHaveTextContent('Draft9');
    expect(figures).toHaveTextContent('Warnings3');
    expect(figures).toHaveTextContent('$12,345.67');
    await screen.findByRole('link', { name: 'Acme Dental' });
    expect(screen.getByRole('link', { name: 'Acme Dental' })).toHaveAttribute(
      'href',
      '/report/billing-run/invoice/41',
    );
    expect(calls.filter((c) => c.path === '/api/report/billing-run/5').length).toBeGreaterThanOrEqual(2);
  });

  it('says why a run failed and lists the cases it left out', async () => {
    const failed = billingRun({
      status: { value: 'FAILED', label: 'Failed' },
      error: 'The database went away.',
      skipped: [{ id: 88, title: '#88 Printer outage' }],
    });
    stubFetch({
      '/api/report/billing-run': { body: { runs: [failed] } },
      '/api/report/billing-run/5': { body: { run: failed } },
      '/api/report/billing-run/5/invoices': { body: { items: [], total: 0 } },
    });
    renderAt('/report/billing-run', <BillingRunPage />);
    expect(await screen.findByTestId('run-error')).toHaveTextContent('The database went away.');
    const skipped = screen.getByTestId('run-skipped');
    expect(skipped).toHaveTextContent('a timer is still running on 1 case');
    expect(within(skipped).getByRole('link', { name: '#88 Printer outage' })).toHaveAttribute(
      'href',
      '/manage/case/88',
    );
  });

  it('filters the invoices by status and pages them by 100', async () => {
    const many = Array.from({ length: 100 }, (_, i) => invoiceSummary(100 + i, `Client ${i}`));
    const calls = stubFetch({
      '/api/report/billing-run': { body: { runs: [billingRun()] } },
      '/api/report/billing-run/5': { body: { run: billingRun() } },
      '/api/report/billing-run/5/invoices': (call) => ({
        body: { items: call.query.start === '100' ? many.slice(0, 30) : many, total: 130 },
      }),
    });
    const { search } = renderAt('/report/billing-run?run=5', <BillingRunPage />);
    const user = userEvent.setup();
    await screen.findByText('1–100 of 130');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('101–130 of 130');
    expect(search().get('start')).toBe('100');
    await user.selectOptions(screen.getByLabelText('Status'), 'APPROVED');
    await waitFor(() => expect(search().get('status')).toBe('APPROVED'));
    expect(search().get('start')).toBeNull();
    const last = calls.filter((c) => c.path.endsWith('/invoices')).at(-1);
    expect(last?.query).toEqual({ status: 'APPROVED', start: '0', limit: '100' });
  });

  it('posts the approved invoices once confirmed and says how many, or why not', async () => {
    const answer = {
      body: {
        run: billingRun({ invoices: { draft: 9, approved: 0, posted: 3, void: 0, warnings: 3 } }),
        posted: 2,
        failed: [{ invoice: { value: 77, label: 'Ōsaka Dental' }, message: 'The time of case #12 changed.' }],
      },
    };
    const calls = stubFetch({
      '/api/report/billing-run': { body: { runs: [billingRun()] } },
      '/api/report/billing-run/5': { body: { run: billingRun() } },
      '/api/report/billing-run/5/invoices': { body: invoices },
      'POST /api/report/billing-run/5/post': () => answer,
    });
    renderAt('/report/billing-run', <BillingRunPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Post approved invoices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post Approved Invoices' });
    expect(dialog).toHaveTextContent('Post the 2 approved invoices of October 2026?');
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));
    await screen.findByText('Posted 2 invoices.');
    // The one that could not be posted says why, with a link to it.
    const failed = screen.getByTestId('post-failed');
    expect(failed).toHaveTextContent('Ōsaka Dental: The time of case #12 changed.');
    expect(within(failed).getByRole('link', { name: 'Ōsaka Dental' })).toHaveAttribute(
      'href',
      '/report/billing-run/invoice/77',
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/report/billing-run/5/post',
    ]);
    expect(screen.getByTestId('run-figures')).toHaveTextContent('Posted3');
    // Nothing is approved any more: the button is off.
    expect(screen.getByRole('button', { name: 'Post approved invoices' })).toBeDisabled();
  });

  it('says why nothing was posted', async () => {
    stubFetch({
      '/api/report/billing-run': { body: { runs: [billingRun()] } },
      '/api/report/billing-run/5': { body: { run: billingRun() } },
      '/api/report/billing-run/5/invoices': { body: invoices },
      'POST /api/report/billing-run/5/post': refused({}, [NOTHING_APPROVED]),
    });
    renderAt('/report/billing-run', <BillingRunPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Post approved invoices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post Approved Invoices' });
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NOTHING_APPROVED);
  });
});
