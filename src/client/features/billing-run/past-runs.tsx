// The latest runs, newest month first, to pick the one the screen shows: month, status, invoices and total.
import { Card, ListGroup } from 'react-bootstrap';
import { Link } from 'react-router';
import { formatMoney } from '../../../shared/format/money';
import { pathFor } from '../../../shared/routes';
import type { BillingRun } from '../../../shared/schemas/billing-run';
import { StatusBadge } from './billing-parts';

const invoiceCount = (run: BillingRun) => {
  const { draft, approved, posted, void: voided } = run.invoices;
  const n = draft + approved + posted + voided;
  return `${n} ${n === 1 ? 'invoice' : 'invoices'}`;
};

export function PastRuns({ runs, selected }: { runs: BillingRun[]; selected: number | null }) {
  return (
    <Card className="sd-card mb-3">
      <Card.Header>
        <h2 className="h6 mb-0">Runs</h2>
      </Card.Header>
      {runs.length === 0 ? (
        <Card.Body className="small text-body-secondary">No billing run yet.</Card.Body>
      ) : (
        <ListGroup variant="flush" as="ul" aria-label="Billing runs">
          {runs.map((run) => (
            <ListGroup.Item
              as="li"
              key={run.id}
              active={run.id === selected}
              className="d-flex flex-wrap align-items-center column-gap-2 py-2"
            >
              <Link
                to={`${pathFor('report_billing_run')}?run=${run.id}`}
                className={`me-auto fw-medium ${run.id === selected ? 'link-light' : ''}`}
                aria-current={run.id === selected ? 'true' : undefined}
              >
                {run.periodLabel}
              </Link>
              <StatusBadge status={run.status} of="run" />
              <span className="w-100 small d-flex justify-content-between">
                <span>{invoiceCount(run)}</span>
                <span>{formatMoney(run.total)}</span>
              </span>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </Card>
  );
}
