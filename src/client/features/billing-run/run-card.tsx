// One billing run: its month and status, a progress bar while its invoices are drafted, why it failed, the cases it
// left out (a timer still running), how many invoices are draft, approved, posted, void or carry warnings, the run's
// total; and "Post approved invoices" (confirmed), which says how many it posted.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button, Card, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { formatMoney } from '../../../shared/format/money';
import { pathFor } from '../../../shared/routes';
import type { BillingRun } from '../../../shared/schemas/billing-run';
import { errorMessages } from '../../api/http';
import { Dialog } from '../../ui';
import { Problem, StatusBadge, stampText } from './billing-parts';
import { isDrafting, type PostRunAnswer, postRun } from './billing-run-api';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Done of the clients to draft, as a bar with its figures in words. */
export function RunProgress({ run }: { run: BillingRun }) {
  const percent = run.clients > 0 ? Math.min(100, Math.round((run.done / run.clients) * 100)) : 0;
  const words =
    run.status.value === 'QUEUED' && run.done === 0
      ? 'Waiting to start…'
      : `Drafting invoices: ${run.done} of ${plural(run.clients, 'client', 'clients')}`;
  return (
    <div className="mb-3" data-testid="run-progress">
      <div className="d-flex align-items-center gap-2 small mb-1">
        <Spinner animation="border" size="sm" aria-hidden="true" />
        <span>{words}</span>
      </div>
      <div
        className="progress"
        role="progressbar"
        aria-label="Drafting progress"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={`${percent}%: ${run.done} of ${run.clients} clients`}
      >
        <div
          className="progress-bar progress-bar-striped progress-bar-animated"
          style={{ width: `${percent}%` }}
        >
          {percent}%
        </div>
      </div>
    </div>
  );
}

function Skipped({ run }: { run: BillingRun }) {
  if (run.skipped.length === 0) return null;
  return (
    <Alert variant="warning" className="small py-2" data-testid="run-skipped">
      <div className="fw-semibold">
        Left out: a timer is still running on {plural(run.skipped.length, 'case', 'cases')}
      </div>
      <ul className="mb-1 ps-3">
        {run.skipped.map((c) => (
          <li key={c.id}>
            <Link to={pathFor('case_basics', { caseId: c.id })}>{c.title}</Link>
          </li>
        ))}
      </ul>
      <div>Stop each timer, then rebuild its client’s invoice (or draft the month again).</div>
    </Alert>
  );
}

// The report frame's figure cards, drawn here: importing its summary would tie the report chunk's shared code to
// this screen and move it into a chunk the first screens load.
const TONES = { good: 'var(--bs-success)', warning: 'var(--bs-warning)' } as const;

type FigureProps = { label: string; value: string; tone?: keyof typeof TONES; wide?: boolean };

function Figure({ label, value, tone, wide }: FigureProps) {
  return (
    <div
      className="card h-100"
      style={{
        borderLeft: `4px solid ${tone ? TONES[tone] : 'var(--bs-gray-400)'}`,
        gridColumn: wide ? 'span 2' : undefined,
      }}
    >
      <div className="card-body py-2 px-3">
        <div className="small text-body-secondary">{label}</div>
        <div className={`${value.length > 9 ? 'fs-5' : 'fs-4'} fw-semibold text-nowrap`}>{value}</div>
      </div>
    </div>
  );
}

function Figures({ run }: { run: BillingRun }) {
  const { draft, approved, posted, void: voided, warnings } = run.invoices;
  const figures: FigureProps[] = [
    { label: 'Draft', value: String(draft) },
    { label: 'Approved', value: String(approved) },
    { label: 'Posted', value: String(posted), tone: posted > 0 ? ('good' as const) : undefined },
    { label: 'Void', value: String(voided) },
    { label: 'Warnings', value: String(warnings), tone: warnings > 0 ? ('warning' as const) : undefined },
    { label: 'Total', value: formatMoney(run.total), wide: true },
  ];
  return (
    <section aria-label="Invoices of the run" className="sd-run-figures mb-3" data-testid="run-figures">
      {figures.map((f) => (
        <Figure key={f.label} {...f} />
      ))}
    </section>
  );
}

const EXPORTS = [
  { format: 'xero', label: 'Xero CSV' },
  { format: 'qbo', label: 'QuickBooks Online CSV' },
  { format: 'iif', label: 'QuickBooks Desktop IIF' },
  { format: 'csv', label: 'CSV' },
  { format: 'xlsx', label: 'XLSX' },
] as const;

/** The run's posted invoices and credit notes for accounting: each file is kept in report history as it is made. */
function Exports({ run }: { run: BillingRun }) {
  if (run.invoices.posted + run.invoices.void === 0) return null;
  return (
    <nav className="d-flex flex-wrap align-items-center gap-2 mb-3" aria-label="Export for accounting">
      <span className="small text-body-secondary">Export posted invoices:</span>
      {EXPORTS.map((e) => (
        <a
          key={e.format}
          className="btn btn-sm btn-outline-primary"
          href={`/api/report/billing-run/${run.id}/export?format=${e.format}`}
          download
        >
          {e.label}
        </a>
      ))}
    </nav>
  );
}

export function RunCard({ run, onPosted }: { run: BillingRun; onPosted: (run: BillingRun) => void }) {
  const [confirming, setConfirming] = useState(false);
  const [posted, setPosted] = useState<PostRunAnswer | null>(null);
  const post = useMutation({
    mutationFn: () => postRun(run.id),
    onMutate: () => setPosted(null),
    onSuccess: (answer) => {
      setPosted(answer);
      onPosted(answer.run);
    },
  });
  const drafting = isDrafting(run);
  const approved = run.invoices.approved;
  return (
    <Card className="sd-card mb-3" data-testid="billing-run">
      <Card.Header className="d-flex flex-wrap align-items-center gap-2">
        <h2 className="h5 mb-0">{run.periodLabel}</h2>
        <StatusBadge status={run.status} of="run" />
        <span className="small text-body-secondary me-auto">Started {stampText(run.started)}</span>
        {run.status.value === 'READY' ? (
          <Button
            size="sm"
            variant="primary"
            disabled={post.isPending || approved === 0}
            onClick={() => setConfirming(true)}
            aria-haspopup="dialog"
          >
            {post.isPending ? (
              <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
            ) : null}
            Post approved invoices
          </Button>
        ) : null}
      </Card.Header>
      <Card.Body className="pb-0">
        <div role="status">
          {posted !== null ? (
            <Alert
              variant={posted.failed.length ? 'warning' : 'success'}
              className="py-2 small"
              dismissible
              onClose={() => setPosted(null)}
            >
              Posted {plural(posted.posted, 'invoice', 'invoices')}.
              {posted.failed.length ? (
                <ul className="mb-0 mt-1" data-testid="post-failed">
                  {posted.failed.map((f) => (
                    <li key={f.invoice.value}>
                      <Link to={pathFor('report_invoice', { id: f.invoice.value })}>{f.invoice.label}</Link>:{' '}
                      {f.message}
                    </li>
                  ))}
                </ul>
              ) : null}
            </Alert>
          ) : null}
        </div>
        <Problem messages={post.isError ? errorMessages(post.error) : []} onClose={() => post.reset()} />
        {drafting ? <RunProgress run={run} /> : null}
        {run.status.value === 'FAILED' ? (
          <Alert variant="danger" className="py-2 small" data-testid="run-error">
            <div className="fw-semibold">The invoices could not be drafted.</div>
            {run.error ? <div className="sd-pre-line">{run.error}</div> : null}
            <div>Draft the month again once it is fixed.</div>
          </Alert>
        ) : null}
        <Skipped run={run} />
        <Exports run={run} />
        {drafting ? null : <Figures run={run} />}
      </Card.Body>
      <Dialog
        show={confirming}
        title="Post Approved Invoices"
        okayLabel="Post"
        onHide={() => setConfirming(false)}
        onOkay={() => {
          setConfirming(false);
          post.mutate();
        }}
      >
        <p>
          Post the {plural(approved, 'approved invoice', 'approved invoices')} of {run.periodLabel}?
        </p>
        <p className="mb-0">
          Each is numbered and never changes again; the cases it bills are marked billed and their time is
          locked. A posted invoice is taken back only by voiding it with a credit note.
        </p>
      </Dialog>
    </Card>
  );
}
