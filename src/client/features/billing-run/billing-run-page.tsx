// /report/billing-run (Report → Internal, administrators): draft a month's invoices, follow the run while it drafts
// (asked again every second until it is ready or failed), review its invoices and post the approved ones; the
// latest runs to pick from. The address keeps the run shown (`?run=`), the status filter and the page.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { Alert, Spinner } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import { ROUTES } from '../../../shared/routes';
import { type BillingRun, INVOICE_STATUSES, type InvoiceStatus } from '../../../shared/schemas/billing-run';
import { loadProblem } from '../../api/query-client';
import {
  BILLING_KEY,
  isDrafting,
  listRuns,
  loadRun,
  runInvoicesKey,
  runKey,
  runsKey,
} from './billing-run-api';
import { PastRuns } from './past-runs';
import { RunCard } from './run-card';
import { RunForm } from './run-form';
import { type InvoicesView, RunInvoices } from './run-invoices';

const positive = (text: string | null) => (text && /^\d{1,10}$/.test(text) ? Number(text) : null);

function useView() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const view: InvoicesView = {
    status: INVOICE_STATUSES.some((s) => s.value === status) ? (status as InvoiceStatus) : null,
    start: positive(params.get('start')) ?? 0,
  };
  const setView = useCallback(
    (next: { run?: number } & InvoicesView) => {
      setParams(
        (old) => {
          const out = new URLSearchParams(old);
          if (next.run !== undefined) out.set('run', String(next.run));
          for (const [key, value] of [
            ['status', next.status],
            ['start', next.start > 0 ? String(next.start) : null],
          ] as const) {
            if (value) out.set(key, value);
            else out.delete(key);
          }
          return out;
        },
        { preventScrollReset: true },
      );
    },
    [setParams],
  );
  return { chosen: positive(params.get('run')), view, setView };
}

/** The run shown, followed while it drafts; when it ends, what it drafted loads again. */
function useRun(id: number | null, listed: BillingRun | undefined) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: runKey(id ?? 0),
    queryFn: ({ signal }) => loadRun(id!, signal),
    enabled: id !== null,
    initialData: listed,
    initialDataUpdatedAt: 0,
    staleTime: 0,
    refetchInterval: (q) => (isDrafting(q.state.data) ? 1000 : false),
  });
  const status = query.data?.status.value;
  const was = useRef(status);
  useEffect(() => {
    const before = was.current;
    was.current = status;
    if (id === null || before === status || (before !== 'QUEUED' && before !== 'RUNNING')) return;
    void queryClient.invalidateQueries({ queryKey: runInvoicesKey(id) });
    void queryClient.invalidateQueries({ queryKey: runsKey });
  }, [status, id, queryClient]);
  return query;
}

export function BillingRunPage() {
  const queryClient = useQueryClient();
  const { chosen, view, setView } = useView();
  const runs = useQuery({ queryKey: runsKey, queryFn: ({ signal }) => listRuns(signal), staleTime: 0 });
  const list = runs.data ?? [];
  const selectedId = chosen ?? list[0]?.id ?? null;
  const run = useRun(
    selectedId,
    list.find((r) => r.id === selectedId),
  );
  const shown = run.data;
  const problem = loadProblem(runs) ?? loadProblem(run);

  /** A run started or posted: shown at once, and everything listing its invoices asks again. */
  const changed = (next: BillingRun, select: boolean) => {
    queryClient.setQueryData(runKey(next.id), next);
    void queryClient.invalidateQueries({ queryKey: runsKey });
    void queryClient.invalidateQueries({ queryKey: runInvoicesKey(next.id) });
    void queryClient.invalidateQueries({ queryKey: [...BILLING_KEY, 'invoice'] });
    if (select) setView({ run: next.id, status: null, start: 0 });
  };

  return (
    <>
      <div className="sd-page-head">
        <h1 className="h4 mb-0">{ROUTES.report_billing_run?.title ?? 'Billing Run'}</h1>
      </div>
      <RunForm runs={list} onStarted={(r) => changed(r, true)} />
      {problem ? <Alert variant="danger">{problem.message}</Alert> : null}
      <div className="row">
        <div className="col-lg-9">
          {runs.isPending || (selectedId !== null && !shown && run.isPending) ? (
            <Spinner animation="border" size="sm" role="status" aria-label="Loading" />
          ) : null}
          {runs.data && selectedId === null ? (
            <p className="text-body-secondary">No billing run yet: choose a month and draft its invoices.</p>
          ) : null}
          {shown ? (
            <>
              <RunCard key={shown.id} run={shown} onPosted={(r) => changed(r, false)} />
              {isDrafting(shown) ? null : (
                <RunInvoices runId={shown.id} view={view} onView={(v) => setView(v)} />
              )}
            </>
          ) : null}
        </div>
        <div className="col-lg-3">
          {runs.data ? <PastRuns runs={list} selected={shown?.id ?? null} /> : null}
        </div>
      </div>
    </>
  );
}
