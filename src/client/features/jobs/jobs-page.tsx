// /admin/jobs (developers): the background jobs newest first (RMM imports, security packs, mail delivery, the
// session clean-up) with state, attempts, progress and error; Retry a failed or cancelled job, Cancel a waiting or
// running one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Badge, Button, ProgressBar } from 'react-bootstrap';
import { Link } from 'react-router';
import {
  JOB_STATE_LABELS,
  JOB_STATES,
  type JobItem,
  type JobStateName,
  QUEUE_LABELS,
} from '../../../shared/schemas/jobs';
import { apiPost, errorMessages } from '../../api/http';
import { formatWhen } from '../history/history-api';
import { type Column, type FilterDef, RecordList } from '../records/record-list';
import { useQueryFilters } from '../records/use-filters';

const QUERY_KEY = 'jobs';

const FILTERS: FilterDef[] = [
  {
    name: 'queue',
    label: 'Queue',
    kind: 'select',
    options: Object.entries(QUEUE_LABELS).map(([value, label]) => ({ value, label })),
    placeholder: 'All queues',
  },
  {
    name: 'state',
    label: 'State',
    kind: 'select',
    options: JOB_STATES.map((s) => ({ value: s, label: JOB_STATE_LABELS[s] })),
    placeholder: 'All states',
  },
];

const STATE_BADGE: Record<JobStateName, string> = {
  created: 'secondary',
  retry: 'warning',
  active: 'primary',
  completed: 'success',
  cancelled: 'dark',
  failed: 'danger',
};

function StateBadge({ job }: { job: JobItem }) {
  return (
    <Badge bg={STATE_BADGE[job.state]} text={job.state === 'retry' ? 'dark' : undefined}>
      {job.stateLabel}
    </Badge>
  );
}

const attempts = (job: JobItem) => `${job.retryCount} of ${job.retryLimit} retries`;

function Details({ job }: { job: JobItem }) {
  return (
    <>
      {job.progress ? (
        <div className="mb-1" style={{ minWidth: '10rem' }}>
          <ProgressBar
            now={job.progress.total ? (100 * job.progress.done) / job.progress.total : 0}
            style={{ height: '0.4rem' }}
            aria-label={`Progress: ${job.progress.text}`}
          />
          <div className="small text-body-secondary">{job.progress.text}</div>
        </div>
      ) : null}
      {job.error ? <div className="small text-danger text-break">{job.error}</div> : null}
      {job.result ? <div className="small text-body-secondary">{job.result}</div> : null}
      {job.link ? (
        <Link className="small" to={job.link.href}>
          {job.link.label}
        </Link>
      ) : null}
    </>
  );
}

function Actions({ job, onError }: { job: JobItem; onError: (messages: string[]) => void }) {
  const queryClient = useQueryClient();
  const act = useMutation({
    mutationFn: (action: 'retry' | 'cancel') =>
      apiPost<{ job: JobItem }>(
        `/api/admin/jobs/${encodeURIComponent(job.queue)}/${encodeURIComponent(job.id)}/${action}`,
      ),
    onSuccess: () => onError([]),
    onError: (error) => onError(errorMessages(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [QUERY_KEY] }),
  });
  return (
    <span className="d-inline-flex gap-2">
      {job.canRetry ? (
        <Button
          size="sm"
          variant="outline-primary"
          disabled={act.isPending}
          onClick={() => act.mutate('retry')}
          aria-label={`Retry ${job.queueLabel} job`}
        >
          Retry
        </Button>
      ) : null}
      {job.canCancel ? (
        <Button
          size="sm"
          variant="outline-danger"
          disabled={act.isPending}
          onClick={() => act.mutate('cancel')}
          aria-label={`Cancel ${job.queueLabel} job`}
        >
          Cancel
        </Button>
      ) : null}
    </span>
  );
}

export function JobsPage() {
  const state = useQueryFilters(['queue', 'state']);
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<string[]>([]);
  const columns: Column<JobItem>[] = [
    { key: 'queue', label: 'Queue', render: (j) => <span className="text-nowrap">{j.queueLabel}</span> },
    { key: 'state', label: 'State', render: (j) => <StateBadge job={j} /> },
    { key: 'created', label: 'Created', render: (j) => formatWhen(j.created), className: 'text-nowrap' },
    {
      key: 'started',
      label: 'Started',
      render: (j) => (j.started ? formatWhen(j.started) : ''),
      wide: true,
      className: 'text-nowrap',
    },
    {
      key: 'completed',
      label: 'Finished',
      render: (j) => (j.completed ? formatWhen(j.completed) : ''),
      wide: true,
      className: 'text-nowrap',
    },
    { key: 'attempts', label: 'Attempts', render: attempts, wide: true, className: 'text-nowrap' },
    { key: 'details', label: 'Progress / Result', render: (j) => <Details job={j} />, wide: true },
    { key: 'actions', label: '', render: (j) => <Actions job={j} onError={setErrors} /> },
  ];
  const card = (j: JobItem) => (
    <div className="card sd-card mb-2">
      <div className="card-body py-2 px-3 small">
        <div className="d-flex gap-2 align-items-center">
          <StateBadge job={j} />
          <span className="fw-semibold">{j.queueLabel}</span>
          <span className="ms-auto text-body-secondary">{attempts(j)}</span>
        </div>
        <div className="text-body-secondary">
          Created {formatWhen(j.created)}
          {j.completed ? ` · Finished ${formatWhen(j.completed)}` : ''}
        </div>
        <Details job={j} />
        <div className="mt-1">
          <Actions job={j} onError={setErrors} />
        </div>
      </div>
    </div>
  );
  return (
    <>
      {errors.length ? (
        <Alert variant="danger" className="py-2 small" dismissible onClose={() => setErrors([])}>
          {errors.map((e) => (
            <div key={e}>{e}</div>
          ))}
        </Alert>
      ) : null}
      <RecordList<JobItem>
        title="Jobs"
        url="/api/admin/jobs"
        queryKey={QUERY_KEY}
        columns={columns}
        filters={FILTERS}
        state={state}
        rowKey={(j) => j.id}
        card={card}
        actions={
          <Button
            size="sm"
            variant="outline-secondary"
            onClick={() => queryClient.invalidateQueries({ queryKey: [QUERY_KEY] })}
          >
            Refresh
          </Button>
        }
      />
    </>
  );
}
