// What an invoice says about itself: the client it bills and its contact, the period, its number and dates, the
// credit note that voided it (or the invoice a credit note takes back), why it was voided, and who approved,
// posted or voided it.
import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';
import { Link } from 'react-router';
import { pathFor } from '../../../shared/routes';
import { type Invoice, PAYMENT_TERMS } from '../../../shared/schemas/billing-run';
import { EmailText } from '../../ui';
import { StatusBadge, stampText } from './billing-parts';

function Item({ term, children, testId }: { term: string; children: ReactNode; testId?: string }) {
  return (
    <div className="col-6 col-md-4 col-xl-3 mb-2">
      <dt className="small text-body-secondary fw-normal">{term}</dt>
      <dd className="mb-0" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

const invoiceLink = (ref: { value: number; label: string }) => (
  <Link to={pathFor('report_invoice', { id: ref.value })}>{ref.label}</Link>
);

export function InvoiceHeader({ invoice }: { invoice: Invoice }) {
  return (
    <Card className="sd-card mb-3">
      <Card.Body className="pb-1">
        <div className="row">
          <div className="col-md-5 mb-3">
            <div className="small text-body-secondary">Bill to</div>
            <div className="fw-semibold" data-testid="bill-to">
              {invoice.billTo}
            </div>
            {invoice.billTo !== invoice.organization.label ? (
              <div className="small">{invoice.organization.label}</div>
            ) : null}
            {invoice.contact ? <div>{invoice.contact}</div> : null}
            {invoice.contactEmail ? (
              <div>
                <a href={`mailto:${invoice.contactEmail}`}>
                  <EmailText email={invoice.contactEmail} />
                </a>
              </div>
            ) : null}
            {invoice.address ? <div className="sd-pre-line small">{invoice.address}</div> : null}
            <Link to={pathFor('organization_basics', { id: invoice.organization.value })} className="small">
              Organization
            </Link>
          </div>
          <dl className="col-md-7 row mb-0 align-content-start">
            <Item term="Status">
              <StatusBadge status={invoice.status} of="invoice" />
            </Item>
            <Item term="Number" testId="invoice-number">
              {invoice.number ?? <span className="text-body-secondary">When posted</span>}
            </Item>
            <Item term="Period">
              {invoice.periodFrom} – {invoice.periodTo}
            </Item>
            <Item term="Issue Date">{invoice.issueDate ?? '—'}</Item>
            <Item term="Due Date">
              <span title={PAYMENT_TERMS}>{invoice.dueDate ?? '—'}</span>
            </Item>
            {invoice.creditOf ? <Item term="Credit of">{invoiceLink(invoice.creditOf)}</Item> : null}
            {invoice.creditNote ? <Item term="Credit Note">{invoiceLink(invoice.creditNote)}</Item> : null}
          </dl>
        </div>
        {invoice.voidReason ? (
          <p className="mb-2">
            <span className="text-body-secondary">Void reason: </span>
            <span className="sd-pre-line" data-testid="void-reason">
              {invoice.voidReason}
            </span>
          </p>
        ) : null}
        <Stamps invoice={invoice} />
      </Card.Body>
    </Card>
  );
}

function Stamps({ invoice }: { invoice: Invoice }) {
  const stamps = [
    ['Approved', invoice.approved],
    ['Posted', invoice.posted],
    ['Voided', invoice.voided],
  ] as const;
  const shown = stamps.filter(([, s]) => s !== null);
  if (shown.length === 0) return null;
  return (
    <p className="small text-body-secondary mb-2">
      {shown.map(([label, s]) => `${label} ${stampText(s!)}`).join(' · ')}
    </p>
  );
}
