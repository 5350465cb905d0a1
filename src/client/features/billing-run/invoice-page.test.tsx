// The invoice screen: its header, warnings and lines (a changed line says what it was, a source links to where it
// comes from); a line edited in a dialog, removed once confirmed, a credit added (its amount negative as typed), with
// the server's field messages under the fields; Approve, Post (confirmed) and Void (a reason required) call their
// endpoints with the version seen and show the answer; a stale version shows the invoice as it is now; the field
// history screen reads the invoice's history.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INVOICE_APPROVED, type Invoice, NO_CONTACT, VOID_REASON } from '../../../shared/schemas/billing-run';
import { BLANK } from '../../../shared/schemas/messages';
import { type Answers, renderAt, stubFetch } from '../reports/report-test-kit';
import { invoice, invoiceLine } from './billing-test-kit';
import { InvoiceHistoryPage } from './invoice-history-page';
import { InvoicePage } from './invoice-page';

const URL = '/api/report/invoice/41';
const PATTERN = '/report/billing-run/invoice/:id';
const said = (body: Invoice) => ({ body: { invoice: body } });

afterEach(() => {
  vi.unstubAllGlobals();
});

function open(answers: Answers, shown: Invoice = invoice()) {
  const calls = stubFetch({
    [URL]: said(shown),
    '/api/history/invoice/41': { body: { history: { items: [], next: null } } },
    ...answers,
  });
  renderAt('/report/billing-run/invoice/41', <InvoicePage />, PATTERN);
  return calls;
}

const posts = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.path, c.body]);

describe('reading an invoice', () => {
  it('shows the header, the warnings, the lines with their sources and originals, and the total', async () => {
    open({}, invoice({ warningsText: [NO_CONTACT] }));
    const lines = await screen.findByRole('table', { name: 'Lines' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Invoice');
    expect(screen.getByTestId('bill-to')).toHaveTextContent('Acme Dental LLC');
    expect(screen.getByText('10/01/2026 – 10/31/2026')).toBeInTheDocument();
    expect(screen.getByTestId('invoice-warnings')).toHaveTextContent(NO_CONTACT);
    const changed = within(lines).getByTestId('line-2');
    expect(changed).toHaveTextContent('Changed from: Case #88 Printer outage · 3 × $150.00 = $450.00');
    expect(changed).toHaveTextContent('2.5');
    expect(changed).toHaveTextContent('$375.00');
    expect(within(changed).getAllByRole('link', { name: 'Case #88' })[0]).toHaveAttribute(
      'href',
      '/manage/case/88',
    );
    expect(within(lines).getByTestId('line-1')).not.toHaveTextContent('Changed from');
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('$875.00');
    expect(screen.getByRole('link', { name: /October 2026 run/ })).toHaveAttribute(
      'href',
      '/report/billing-run?run=5',
    );
  });

  it('offers no editing and no actions the invoice does not allow', async () => {
    const posted = invoice({
      number: 'INV-00012',
      status: { value: 'POSTED', label: 'Posted' },
      can: { edit: false, approve: false, unapprove: false, post: false, void: true, rebuild: false },
    });
    open({}, posted);
    await screen.findByRole('table', { name: 'Lines' });
    expect(screen.queryByRole('button', { name: /Edit line/ })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Add line' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Void' })).toBeInTheDocument();
    expect(screen.getByTestId('invoice-number')).toHaveTextContent('INV-00012');
  });
});

describe('changing lines', () => {
  it('edits a line in a dialog and sends its values with the version seen', async () => {
    const saved = invoice({
      version: 5,
      items: [
        invoiceLine(1, {
          quantity: '12.00',
          amount: '600.00',
          original: {
            description: 'Managed workstations',
            quantity: '10.00',
            unitPrice: '50.00',
            amount: '500.00',
          },
        }),
      ],
      total: '600.00',
    });
    const calls = open({ 'PUT /api/report/invoice/41/line/1': said(saved) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit line 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Line 1' });
    const quantity = within(dialog).getByLabelText(/^Quantity/);
    expect(quantity).toHaveValue('10.00');
    await user.clear(quantity);
    await user.type(quantity, '12');
    expect(within(dialog).getByTestId('edit-line-amount')).toHaveTextContent('$600.00');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Line 1 changed.');
    expect(posts(calls)).toEqual([
      [
        'PUT',
        '/api/report/invoice/41/line/1',
        { description: 'Managed workstations', quantity: '12.00', unitPrice: '50.00', version: 4 },
      ],
    ]);
    expect(screen.getByTestId('line-1-original')).toHaveTextContent(
      'Changed from: Managed workstations · 10 × $50.00 = $500.00',
    );
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('$600.00');
  });

  it('shows a refused field under it and the rest above the form, and sends nothing for a blank field', async () => {
    const calls = open({
      'PUT /api/report/invoice/41/line/1': {
        status: 400,
        body: {
          message: INVOICE_APPROVED,
          code: 'INVALID',
          form: { errors: [INVOICE_APPROVED], fields: { unitPrice: ['This amount is too large.'] } },
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit line 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Line 1' });
    await user.clear(within(dialog).getByLabelText(/^Description/));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(BLANK)).toBeInTheDocument();
    expect(posts(calls)).toEqual([]);

    await user.type(within(dialog).getByLabelText(/^Description/), 'Workstations');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const field = (await within(dialog).findByText('This amount is too large.')).closest('[data-field]');
    expect(field).toHaveAttribute('data-field', 'unitPrice');
    expect(within(dialog).getAllByRole('alert')[0]).toHaveTextContent(INVOICE_APPROVED);
  });

  it('adds a credit, its amount negative as typed', async () => {
    const credit = invoiceLine(3, {
      kind: { value: 'CREDIT', label: 'Credit' },
      description: 'Goodwill',
      quantity: '1.00',
      unitPrice: '25.00',
      amount: '-25.00',
      source: null,
      detail: null,
    });
    const calls = open({
      'POST /api/report/invoice/41/line': said(
        invoice({ version: 5, items: [...invoice().items, credit], total: '850.00' }),
      ),
    });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Add line' });
    await user.selectOptions(within(form).getByLabelText(/^Kind/), 'CREDIT');
    await user.type(within(form).getByLabelText(/^Description/), 'Goodwill');
    await user.type(within(form).getByLabelText(/^Unit Price/), '25');
    expect(within(form).getByTestId('add-line-amount')).toHaveTextContent('-$25.00');
    await user.click(within(form).getByRole('button', { name: 'Add line' }));
    await screen.findByText('Line added.');
    expect(posts(calls)).toEqual([
      [
        'POST',
        '/api/report/invoice/41/line',
        { kind: 'CREDIT', description: 'Goodwill', quantity: '1.00', unitPrice: '25.00', version: 4 },
      ],
    ]);
    expect(screen.getByTestId('line-3')).toHaveTextContent('-$25.00');
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('$850.00');
    // The form is ready for the next line.
    expect(within(form).getByLabelText(/^Description/)).toHaveValue('');
  });

  it('removes a line once confirmed, with the version seen', async () => {
    const calls = open({
      'DELETE /api/report/invoice/41/line/2': said(
        invoice({ version: 5, items: [invoiceLine(1)], total: '500.00' }),
      ),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove line 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Line' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await screen.findByText('Line 2 removed.');
    const removed = calls.find((c) => c.method === 'DELETE');
    expect(removed?.query).toEqual({ version: '4' });
    expect(screen.queryByTestId('line-2')).toBeNull();
  });
});

describe('approving, posting and voiding', () => {
  it('approves, then posts once confirmed: the number shows', async () => {
    const can = { edit: false, approve: false, unapprove: true, post: true, void: false, rebuild: false };
    const approved = invoice({ version: 5, status: { value: 'APPROVED', label: 'Approved' }, can });
    const posted = invoice({
      version: 6,
      number: 'INV-00012',
      issueDate: '11/02/2026',
      dueDate: '12/02/2026',
      status: { value: 'POSTED', label: 'Posted' },
      can: { ...can, unapprove: false, post: false, void: true },
    });
    const calls = open({
      [`POST ${URL}/approve`]: said(approved),
      [`POST ${URL}/post`]: said(posted),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await screen.findByText('Approved: ready to post.');
    expect(screen.queryByRole('button', { name: /Edit line/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post Invoice' });
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));
    await screen.findByText('Posted as INV-00012.');
    expect(screen.getByTestId('invoice-number')).toHaveTextContent('INV-00012');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Invoice INV-00012');
    expect(posts(calls)).toEqual([
      ['POST', `${URL}/approve`, { version: 4 }],
      ['POST', `${URL}/post`, { version: 5 }],
    ]);
  });

  it('voids with a reason, which is required, and links the credit note', async () => {
    const can = { edit: false, approve: false, unapprove: false, post: false, void: true, rebuild: false };
    const posted = invoice({ number: 'INV-00012', status: { value: 'POSTED', label: 'Posted' }, can });
    const voided = invoice({
      ...posted,
      version: 5,
      status: { value: 'VOID', label: 'Void' },
      voidReason: 'Billed twice',
      creditNote: { value: 77, label: 'CN-00003' },
      can: { ...can, void: false },
    });
    const calls = open({ [`POST ${URL}/void`]: said(voided) }, posted);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Void' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void Invoice' });
    await user.click(within(dialog).getByRole('button', { name: 'Void invoice' }));
    expect(await within(dialog).findByText(VOID_REASON)).toBeInTheDocument();
    expect(posts(calls)).toEqual([]);
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Billed twice');
    await user.click(within(dialog).getByRole('button', { name: 'Void invoice' }));
    await screen.findByText('Voided: credit note CN-00003 takes it back.');
    expect(posts(calls)).toEqual([['POST', `${URL}/void`, { reason: 'Billed twice', version: 4 }]]);
    expect(screen.getByRole('link', { name: 'CN-00003' })).toHaveAttribute(
      'href',
      '/report/billing-run/invoice/77',
    );
    expect(screen.getByTestId('void-reason')).toHaveTextContent('Billed twice');
  });

  it('shows the invoice as it is now when someone changed it meanwhile', async () => {
    const theirs = invoice({ version: 7, items: [invoiceLine(1, { description: 'Their change' })] });
    open({
      [`POST ${URL}/approve`]: {
        status: 409,
        body: {
          message: 'This record was changed by Bo Biller on 11/02/2026 9:05 AM.',
          code: 'CONFLICT',
          form: { errors: ['This record was changed by Bo Biller on 11/02/2026 9:05 AM.'], fields: {} },
          current: { invoice: theirs },
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'changed by Bo Biller on 11/02/2026 9:05 AM. The invoice now shows their change',
    );
    await waitFor(() => expect(screen.getByTestId('line-1')).toHaveTextContent('Their change'));
  });
});

describe('field history', () => {
  it('reads the invoice’s history and links back to it', async () => {
    const calls = stubFetch({
      '/api/history/invoice/41': {
        body: {
          history: {
            objectClass: 'Invoice',
            title: 'INV-00012',
            items: [
              {
                id: 1,
                field: 'line1Quantity',
                fieldLabel: 'Line 1 Quantity',
                oldValue: '10',
                newValue: '12',
                actor: { value: 1, label: 'Ada Admin' },
                at: '2026-11-02T14:00:00.000Z',
              },
            ],
            next: null,
          },
        },
      },
    });
    renderAt('/report/billing-run/invoice/41/history', <InvoiceHistoryPage />, `${PATTERN}/history`);
    await screen.findByText('Line 1 Quantity');
    expect(calls[0]?.path).toBe('/api/history/invoice/41');
    // The Invoice tab and the back link.
    for (const link of screen.getAllByRole('link', { name: 'Invoice' }))
      expect(link).toHaveAttribute('href', '/report/billing-run/invoice/41');
    expect(screen.getByRole('navigation', { name: 'Invoice' })).toBeInTheDocument();
  });
});
