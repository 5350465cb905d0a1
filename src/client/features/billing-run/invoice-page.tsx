// /report/billing-run/invoice/:id: one invoice (a credit note too) under review: its header, warnings, lines and
// total; its lines edited, removed and added while it is a draft; the actions its `can` allows. What a change did
// is said at the top, and so is a refusal.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Spinner } from 'react-bootstrap';
import { Link, Navigate, useParams } from 'react-router';
import { pathFor } from '../../../shared/routes';
import type { Invoice } from '../../../shared/schemas/billing-run';
import { errorPageStatus } from '../../api/entity';
import { loadProblem } from '../../api/query-client';
import { RouteTabs } from '../../ui/route-tabs';
import { Problem, StatusBadge } from './billing-parts';
import { invoiceKey, loadInvoice } from './billing-run-api';
import { InvoiceActions } from './invoice-actions';
import { InvoiceHeader } from './invoice-header';
import { InvoiceLines } from './invoice-lines';
import { AddLineForm } from './line-form';

/** The tabs of an invoice's screens: Invoice, Field History. */
export function InvoiceTabs({ id }: { id: string }) {
  return (
    <RouteTabs
      label="Invoice"
      exact
      tabs={[
        { label: 'Invoice', to: pathFor('report_invoice', { id }) },
        { label: 'Field History', to: pathFor('report_invoice_history', { id }) },
      ]}
    />
  );
}

export const invoiceTitle = (invoice: Invoice) =>
  `${invoice.kind.value === 'CREDIT_NOTE' ? 'Credit Note' : 'Invoice'}${invoice.number ? ` ${invoice.number}` : ''}`;

/** The run's screen, showing the run the invoice belongs to. */
export const runPath = (invoice: Invoice) =>
  `${pathFor('report_billing_run')}${invoice.run ? `?run=${invoice.run.id}` : ''}`;

export function InvoicePage() {
  const id = useParams().id ?? '';
  // Each invoice a screen of its own: what one said does not carry over to a credit note opened from it.
  return <InvoiceScreen key={id} id={id} />;
}

function InvoiceScreen({ id }: { id: string }) {
  const query = useQuery({
    queryKey: invoiceKey(id),
    queryFn: ({ signal }) => loadInvoice(id, signal),
    staleTime: 0,
  });
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string[]>([]);
  const goTo = errorPageStatus(query.error);
  if (goTo) return <Navigate to={pathFor('error', { statusCode: goTo })} replace />;
  const invoice = query.data;
  const failed = loadProblem(query);
  const changed = (_saved: Invoice, text: string) => {
    setProblem([]);
    setNotice(text);
  };
  const refused = (messages: string[]) => {
    setNotice(null);
    setProblem(messages);
  };
  return (
    <>
      <div className="sd-page-head flex-wrap">
        <div style={{ minWidth: 0 }}>
          <h1 className="h4 mb-1 d-flex flex-wrap align-items-center gap-2">
            <span>{invoice ? invoiceTitle(invoice) : 'Invoice'}</span>
            {invoice ? <StatusBadge status={invoice.status} of="invoice" /> : null}
          </h1>
          {invoice ? (
            <div className="text-body-secondary">
              {invoice.organization.label}
              {invoice.run ? ` · ${invoice.run.periodLabel}` : ''}
            </div>
          ) : null}
        </div>
        {invoice ? (
          <Link to={runPath(invoice)} className="btn btn-sm btn-outline-secondary">
            <span aria-hidden="true">‹ </span>
            {invoice.run ? `${invoice.run.periodLabel} run` : 'Billing Run'}
          </Link>
        ) : null}
      </div>
      <InvoiceTabs id={id} />
      {query.isPending ? <Spinner animation="border" size="sm" role="status" aria-label="Loading" /> : null}
      {failed ? <Alert variant="danger">{failed.message}</Alert> : null}
      <div role="status" data-testid="invoice-status">
        {notice ? (
          <Alert variant="success" className="py-2 small" dismissible onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        ) : null}
      </div>
      <Problem messages={problem} onClose={() => setProblem([])} />
      {invoice ? (
        <>
          <InvoiceActions invoice={invoice} onChanged={changed} onRefused={refused} />
          <InvoiceHeader invoice={invoice} />
          {invoice.warningsText.length ? (
            <Alert variant="warning" className="py-2 small" data-testid="invoice-warnings">
              <div className="fw-semibold">Check before approving</div>
              <ul className="mb-0 ps-3">
                {invoice.warningsText.map((w) => (
                  <li key={w}>{w}</li>
                ))}
              </ul>
            </Alert>
          ) : null}
          <h2 className="h6">Lines</h2>
          <InvoiceLines invoice={invoice} onChanged={changed} onRefused={refused} />
          {invoice.can.edit ? (
            <AddLineForm invoice={invoice} onSaved={(s) => changed(s, 'Line added.')} />
          ) : null}
        </>
      ) : null}
    </>
  );
}
