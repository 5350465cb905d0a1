// The invoices of a run, 100 a page (Previous / Next), filtered by status: client (to the invoice), number, status,
// lines, warnings, total. On phones the client's cell carries what the hidden columns say.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card } from 'react-bootstrap';
import { Link } from 'react-router';
import { formatMoney } from '../../../shared/format/money';
import { pathFor } from '../../../shared/routes';
import {
  INVOICE_STATUSES,
  type InvoiceStatus,
  type InvoiceSummary,
} from '../../../shared/schemas/billing-run';
import { codeOptions } from '../../../shared/schemas/fields';
import { loadProblem } from '../../api/query-client';
import { ListTable, Select, TableStateRow } from '../../ui';
import { StatusBadge } from './billing-parts';
import { INVOICE_PAGE, listRunInvoices, runInvoicesKey } from './billing-run-api';

const WIDE = 'd-none d-md-table-cell';
const STATUS_OPTIONS = codeOptions(INVOICE_STATUSES);

export type InvoicesView = { status: InvoiceStatus | null; start: number };

function ClientCell({ invoice }: { invoice: InvoiceSummary }) {
  return (
    <>
      <Link to={pathFor('report_invoice', { id: invoice.id })} className="fw-medium">
        {invoice.organization.label}
      </Link>
      {invoice.contact ? <div className="small text-body-secondary">{invoice.contact}</div> : null}
      <div className="small text-body-secondary d-md-none">
        {invoice.number ?? invoice.kind.label} · {invoice.lines} {invoice.lines === 1 ? 'line' : 'lines'}
        {invoice.warnings ? ` · ${invoice.warnings} ${invoice.warnings === 1 ? 'warning' : 'warnings'}` : ''}
      </div>
    </>
  );
}

export function RunInvoices({
  runId,
  view,
  onView,
}: {
  runId: number;
  view: InvoicesView;
  onView: (view: InvoicesView) => void;
}) {
  const list = useQuery({
    queryKey: [...runInvoicesKey(runId), view.status ?? 'all', view.start],
    queryFn: ({ signal }) => listRunInvoices(runId, view.status, view.start, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const problem = loadProblem(list);
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const last = Math.min(view.start + items.length, total);
  return (
    <Card className="sd-card mb-3">
      <Card.Header className="d-flex flex-wrap align-items-center gap-2">
        <h2 className="h6 mb-0 me-auto">Invoices</h2>
        {list.data ? (
          <span className="small text-body-secondary" data-testid="invoice-range">
            {total === 0 ? 'None' : `${view.start + 1}–${last} of ${total}`}
          </span>
        ) : null}
      </Card.Header>
      <Card.Body>
        <div className="row">
          <div className="col-sm-6 col-md-4">
            <Select
              label="Status"
              name="invoiceStatus"
              options={STATUS_OPTIONS}
              placeholder="All statuses"
              value={view.status}
              onChange={(v) => onView({ status: (v as InvoiceStatus | null) ?? null, start: 0 })}
            />
          </div>
        </div>
        {problem ? <Alert variant="danger">{problem.message}</Alert> : null}
        <ListTable>
          <table
            className="table table-sm table-hover align-middle sd-table mb-2"
            aria-label="Invoices"
            aria-busy={list.isFetching}
          >
            <thead>
              <tr>
                <th scope="col">Client</th>
                <th scope="col" className={WIDE}>
                  Number
                </th>
                <th scope="col">Status</th>
                <th scope="col" className={`${WIDE} text-end`}>
                  Lines
                </th>
                <th scope="col" className={`${WIDE} text-end`}>
                  Warnings
                </th>
                <th scope="col" className="text-end">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {list.isPending || items.length === 0 ? (
                <TableStateRow pending={list.isPending} colSpan={6} />
              ) : (
                items.map((invoice) => (
                  <tr key={invoice.id}>
                    <td style={{ minWidth: '10rem' }}>
                      <ClientCell invoice={invoice} />
                    </td>
                    <td className={`${WIDE} text-nowrap`}>
                      {invoice.number ?? ''}
                      {invoice.kind.value === 'CREDIT_NOTE' ? (
                        <div className="small text-body-secondary">{invoice.kind.label}</div>
                      ) : null}
                    </td>
                    <td>
                      <StatusBadge status={invoice.status} of="invoice" />
                    </td>
                    <td className={`${WIDE} text-end`}>{invoice.lines}</td>
                    <td
                      className={`${WIDE} text-end ${invoice.warnings ? 'text-warning-emphasis fw-semibold' : ''}`}
                    >
                      {invoice.warnings}
                    </td>
                    <td className="text-end text-nowrap">{formatMoney(invoice.total)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </ListTable>
        {total > INVOICE_PAGE ? (
          <nav className="d-flex gap-2 justify-content-end" aria-label="Invoice pages">
            <Button
              size="sm"
              variant="outline-secondary"
              disabled={view.start === 0 || list.isFetching}
              onClick={() => onView({ ...view, start: Math.max(0, view.start - INVOICE_PAGE) })}
            >
              Previous
            </Button>
            <Button
              size="sm"
              variant="outline-secondary"
              disabled={view.start + INVOICE_PAGE >= total || list.isFetching}
              onClick={() => onView({ ...view, start: view.start + INVOICE_PAGE })}
            >
              Next
            </Button>
          </nav>
        ) : null}
      </Card.Body>
    </Card>
  );
}
