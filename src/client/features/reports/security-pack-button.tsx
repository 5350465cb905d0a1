// "Make security packs": one client's pack (from its Reports tab) or every client a SPEC §4 client code matches
// (from Report History). The server makes them in a background job; this follows it to the end, then the packs
// appear in report history.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Alert, Button, ProgressBar } from 'react-bootstrap';
import { packsQueuedText, type SecurityPackJob, type SecurityPackStarted } from '../../../shared/reports';
import { CLIENT_FILTERS } from '../../../shared/schemas/organization';
import { apiGet, apiPost, isApiError } from '../../api/http';
import { Dialog, Select } from '../../ui';

const POLL_MS = 1000;

function useJob(id: string | null) {
  return useQuery({
    queryKey: ['security-pack', id],
    queryFn: ({ signal }) => apiGet<{ job: SecurityPackJob }>(`/api/report/security-pack/${id}`, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => {
      const state = query.state.data?.job.state;
      return state === 'DONE' || state === 'FAILED' ? false : POLL_MS;
    },
  });
}

function JobProgress({ job }: { job: SecurityPackJob }) {
  const label = `${job.done} of ${job.total} ${job.total === 1 ? 'pack' : 'packs'} made`;
  if (job.state === 'FAILED')
    return (
      <Alert variant="danger" className="mb-0">
        Making the security packs failed after {label.replace(' made', '')}. Those made are in report history;
        try again for the rest.
      </Alert>
    );
  if (job.state === 'DONE')
    return (
      <Alert variant="success" className="mb-0" role="status">
        Security packs ready: {label}. They are in report history.
      </Alert>
    );
  return (
    <div role="status">
      <div className="small mb-1">{job.state === 'QUEUED' ? 'Waiting to start…' : `${label}…`}</div>
      <ProgressBar
        now={job.total ? (job.done / job.total) * 100 : 0}
        label={`${job.done}/${job.total}`}
        aria-label="Security packs made"
        animated
      />
    </div>
  );
}

export function SecurityPackButton({ organization }: { organization?: string }) {
  const [open, setOpen] = useState(false);
  const [clients, setClients] = useState('1');
  const [started, setStarted] = useState<SecurityPackStarted | null>(null);
  const jobId = started?.job.id ?? null;
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const job = useJob(jobId);
  const queryClient = useQueryClient();
  const state = job.data?.job.state;

  useEffect(() => {
    if (state === 'DONE' || state === 'FAILED')
      void queryClient.invalidateQueries({ queryKey: ['report-history'] });
  }, [state, queryClient]);

  const start = async () => {
    setStarting(true);
    setError(null);
    try {
      const body = organization ? { organization } : { clients };
      setStarted(await apiPost<SecurityPackStarted>('/api/report/security-pack', body));
    } catch (e) {
      const fields = isApiError(e) ? Object.values(e.fields).flat() : [];
      setError(fields[0] ?? (e instanceof Error ? e.message : String(e)));
    } finally {
      setStarting(false);
    }
  };
  const running = jobId !== null && state !== 'DONE' && state !== 'FAILED';

  return (
    <>
      <Button variant="outline-primary" size="sm" onClick={() => setOpen(true)}>
        {organization ? 'Make security pack' : 'Make security packs'}
      </Button>
      <Dialog
        show={open}
        title={organization ? 'Security pack' : 'Security packs'}
        onHide={() => {
          setOpen(false);
          if (!running) setStarted(null);
        }}
        okayLabel={jobId ? 'Done' : 'Make'}
        okayDisabled={starting || running}
        onOkay={() => {
          if (jobId) {
            setOpen(false);
            setStarted(null);
          } else void start();
        }}
        showCancel={!jobId}
      >
        <p className="small">
          One PDF per client with the antivirus, BitLocker, patch, warranty, device-age and outdated-response
          summaries and the client's notices, kept in each client's report history.
          {organization ? null : ' Clients with no active devices have nothing to report and are skipped.'}
        </p>
        {!organization && !jobId ? (
          <Select
            label="Clients"
            name="clients"
            options={CLIENT_FILTERS.map((c) => ({ value: c.value, label: c.label }))}
            value={clients}
            onChange={(v) => setClients(v === null ? '1' : String(v))}
            required
            errors={error ? [error] : undefined}
          />
        ) : null}
        {organization && error ? <Alert variant="danger">{error}</Alert> : null}
        {started ? (
          <p className="small fw-semibold" data-testid="packs-queued">
            {packsQueuedText(started.job.total, started.skipped)}
          </p>
        ) : null}
        {job.data ? <JobProgress job={job.data.job} /> : null}
        {jobId && !job.data ? <div role="status">Waiting to start…</div> : null}
      </Dialog>
    </>
  );
}
