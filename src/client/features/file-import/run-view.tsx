// One import run: its preview (counts, notices, organizations, rejected rows with their reasons, rows with warnings),
// the steps it asks for (sites, columns, date order), Confirm, then a progress bar while the job runs and the result
// with a way to the equipment; an administrator may cancel it (after confirming) until it is done.
import { useState } from 'react';
import { Alert, Badge, Button, Card, ProgressBar, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { pathFor } from '../../../shared/routes';
import { IMPORT_KINDS, type ImportRun, RUN_STATUSES } from '../../../shared/schemas/file-import';
import { errorMessages } from '../../api/http';
import { Dialog, ListTable } from '../../ui';
import { formatWhen } from '../history/history-api';
import { isWorking, useRunChange } from './file-import-api';
import { DateOrderStep, MappingStep, SitesStep } from './import-steps';

const n = (v: number) => v.toLocaleString('en-US');
const statusLabel = (s: ImportRun['status']) => RUN_STATUSES.find((r) => r.value === s)?.label ?? s;
const STATUS_TONE: Record<ImportRun['status'], string> = {
  PREVIEW: 'secondary',
  QUEUED: 'info',
  RUNNING: 'primary',
  DONE: 'success',
  FAILED: 'danger',
  CANCELLED: 'secondary',
};

export function StatusBadge({ status }: { status: ImportRun['status'] }) {
  return <Badge bg={STATUS_TONE[status]}>{statusLabel(status)}</Badge>;
}

function Counts({
  counts,
}: {
  counts: { create: number; update: number; unchanged: number; rejected: number };
}) {
  const items = [
    ['To create', counts.create, 'text-success'],
    ['To update', counts.update, 'text-primary'],
    ['Unchanged', counts.unchanged, 'text-body-secondary'],
    ['Rejected', counts.rejected, counts.rejected ? 'text-danger' : 'text-body-secondary'],
  ] as const;
  return (
    <dl className="row row-cols-2 row-cols-md-4 g-2 mb-3" data-testid="import-counts">
      {items.map(([label, value, tone]) => (
        <div key={label} className="col">
          <dt className="small text-body-secondary fw-normal">{label}</dt>
          <dd className={`h4 mb-0 ${tone}`}>{n(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function Rejected({ run }: { run: ImportRun }) {
  return (
    <RowList
      title="Rejected Rows"
      column="Reason"
      rows={run.preview?.rejected ?? []}
      total={run.preview?.counts.rejected ?? 0}
      noun="rejected rows"
      testId="rejected-rows"
    />
  );
}

/** Rows imported with a warning (a last-seen date in the future, likely misread). */
function Warnings({ run }: { run: ImportRun }) {
  return (
    <RowList
      title="Rows With Warnings"
      column="Warning"
      rows={run.preview?.warnings ?? []}
      total={run.preview?.warningCount ?? 0}
      noun="rows with warnings"
      testId="warning-rows"
    />
  );
}

function RowList({
  title,
  column,
  rows,
  total: counted,
  noun,
  testId,
}: {
  title: string;
  column: string;
  rows: NonNullable<ImportRun['preview']>['rejected'];
  total: number;
  noun: string;
  testId: string;
}) {
  if (rows.length === 0) return null;
  const total = Math.max(counted, rows.length);
  return (
    <Card className="sd-card mb-3">
      <Card.Header>
        <h2 className="h6 mb-0">{title}</h2>
      </Card.Header>
      <ListTable>
        <table className="table table-sm mb-0 sd-table" data-testid={testId}>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Device</th>
              <th scope="col">{column}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.line}>
                <td>{r.line}</td>
                <td className="text-break sd-cell-min">{r.device ?? ''}</td>
                <td>{r.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListTable>
      {total > rows.length ? (
        <Card.Footer className="small text-body-secondary">
          The first {n(rows.length)} of {n(total)} {noun} are shown.
        </Card.Footer>
      ) : null}
    </Card>
  );
}

function Result({ run }: { run: ImportRun }) {
  const orgs = run.preview?.organizations ?? [];
  const equipment =
    orgs.length === 1 ? pathFor('organization_equipment', { id: orgs[0]!.id }) : pathFor('equipment');
  if (run.status === 'FAILED' || run.status === 'CANCELLED')
    return (
      <Alert variant={run.status === 'FAILED' ? 'danger' : 'secondary'} data-testid="import-result">
        {run.error}
      </Alert>
    );
  return (
    <Alert variant="success" data-testid="import-result">
      <div className="fw-medium mb-1">
        Import done: {n(run.counts.create)} created, {n(run.counts.update)} updated, {n(run.counts.unchanged)}{' '}
        unchanged, {n(run.counts.rejected)} rejected.
      </div>
      <Link to={equipment}>
        {orgs.length === 1 ? `View ${orgs[0]!.name}'s equipment` : 'View the equipment list'}
      </Link>
    </Alert>
  );
}

/** Cancel, after asking: a run not yet done (a preview, queued, or one whose process may have died). */
function CancelRun({ run }: { run: ImportRun }) {
  const { cancel } = useRunChange(run.id);
  const [asking, setAsking] = useState(false);
  if (!['PREVIEW', 'QUEUED', 'RUNNING'].includes(run.status)) return null;
  return (
    <>
      <Button variant="outline-danger" size="sm" onClick={() => setAsking(true)} disabled={cancel.isPending}>
        Cancel Import
      </Button>
      {errorMessages(cancel.error).map((e) => (
        <Alert key={e} variant="danger" className="py-2 small mt-2 mb-0">
          {e}
        </Alert>
      ))}
      <Dialog
        show={asking}
        title="Cancel Import"
        okayLabel="Cancel Import"
        cancelLabel="Keep It"
        onOkay={() => {
          setAsking(false);
          cancel.mutate();
        }}
        onHide={() => setAsking(false)}
        data-testid="cancel-import-dialog"
      >
        Cancel the import of {run.fileName}? Nothing of it is applied: an import being applied stops and
        changes nothing. To import the file later, upload it again.
      </Dialog>
    </>
  );
}

export function RunView({ run }: { run: ImportRun }) {
  const { confirm } = useRunChange(run.id);
  const preview = run.preview;
  const working = isWorking(run);
  const percent = run.totalRows ? Math.min(100, Math.round((run.processedRows / run.totalRows) * 100)) : 0;
  const kind = IMPORT_KINDS.find((k) => k.value === run.kind)?.label ?? run.kind;
  return (
    <div data-testid="import-run">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 className="h5 mb-0 text-break">{run.fileName}</h2>
        <StatusBadge status={run.status} />
        <span className="ms-auto">
          <CancelRun run={run} />
        </span>
      </div>
      <p className="small text-body-secondary mb-3">
        {run.presetLabel} · {kind} · {preview?.needsMapping ? '' : `${n(run.totalRows)} rows · `}uploaded{' '}
        {formatWhen(run.createdAt)}
        {run.createdBy ? ` by ${run.createdBy}` : ''}
      </p>
      {preview?.notices.map((notice) => (
        <Alert key={notice} variant="info" className="py-2 small">
          {notice}
        </Alert>
      ))}
      {run.status === 'PREVIEW' && preview?.needsMapping ? <MappingStep run={run} /> : null}
      {run.status === 'PREVIEW' && preview && !preview.needsMapping ? (
        <>
          <Counts counts={preview.counts} />
          {preview.organizations.length ? (
            <p className="small">
              Organizations: {preview.organizations.map((o) => `${o.name} (${n(o.rows)})`).join(', ')}
            </p>
          ) : null}
          <SitesStep run={run} />
          <DateOrderStep run={run} />
          {errorMessages(confirm.error).map((e) => (
            <Alert key={e} variant="danger" className="py-2 small">
              {e}
            </Alert>
          ))}
          <div className="d-flex flex-wrap gap-2 mb-3">
            <Button onClick={() => confirm.mutate()} disabled={confirm.isPending}>
              Confirm Import
            </Button>
            {preview.unmatchedSites.length ? (
              <span className="small text-body-secondary align-self-center">
                Rows of sites without an organization are left out.
              </span>
            ) : null}
          </div>
        </>
      ) : null}
      {working ? (
        <div className="mb-3" data-testid="import-progress">
          <div className="d-flex align-items-center gap-2 small mb-1">
            <Spinner animation="border" size="sm" aria-hidden="true" />
            {run.status === 'QUEUED'
              ? 'Waiting to start…'
              : `Importing: ${n(run.processedRows)} of ${n(run.totalRows)} rows`}
          </div>
          <ProgressBar now={percent} label={`${percent}%`} aria-label="Import progress" animated />
        </div>
      ) : null}
      {run.status === 'DONE' || run.status === 'FAILED' || run.status === 'CANCELLED' ? (
        <Result run={run} />
      ) : null}
      {run.status === 'DONE' && run.counts.rejected ? <Rejected run={run} /> : null}
      {run.status === 'PREVIEW' ? <Rejected run={run} /> : null}
      {run.status === 'PREVIEW' || run.status === 'DONE' ? <Warnings run={run} /> : null}
    </div>
  );
}
