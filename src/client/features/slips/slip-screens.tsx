// The task's slips screens (SPEC §2 "Cases"): the slips list, slip basics (read, edit, create) and copy.
import { useQuery } from '@tanstack/react-query';
import Spinner from 'react-bootstrap/Spinner';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { slipDuration, timeRange } from '../../../shared/format/slip-display';
import { pathFor } from '../../../shared/routes';
import type { Slip } from '../../../shared/schemas/slip';
import { errorPageStatus } from '../../api/entity';
import { profileQuery } from '../../api/profile';
import { useCurrentRoute } from '../../shell/current-route';
import { useDaily } from './daily-state';
import { NewSlipButton } from './new-slip-button';
import { fetchSlip, fetchTaskSlips, SLIP_KEY, TASK_SLIPS_KEY } from './slip-api';
import { SlipCard } from './slip-card';
import { useSlipRouteSync } from './use-slip-route-sync';

function useIds() {
  const params = useParams();
  return {
    caseId: Number(params.caseId),
    taskId: Number(params.taskId),
    slipId: params.slipId === 'create' ? ('create' as const) : Number(params.slipId),
  };
}

function Failure({ error, errorPage = true }: { error: unknown; errorPage?: boolean }) {
  const status = errorPage ? errorPageStatus(error) : null;
  if (status) return <Navigate to={pathFor('error', { statusCode: status })} replace />;
  return (
    <div className="alert alert-danger" role="alert">
      {error instanceof Error ? error.message : String(error)}
    </div>
  );
}

/** case_task_slips: the task's slips, and New Slip (the daily panel on larger screens, the create route on phones). */
export function TaskSlipsPage() {
  const { caseId, taskId } = useIds();
  const slips = useQuery({
    queryKey: [TASK_SLIPS_KEY, taskId],
    queryFn: ({ signal }) => fetchTaskSlips(taskId, signal),
  });
  return (
    <section className="sd-task-slips">
      <div className="d-flex align-items-center gap-2 mb-3">
        <h1 className="h4 mb-0 me-auto">Slips</h1>
        <NewSlipButton caseId={caseId} taskId={taskId} />
      </div>
      {slips.isLoading ? <Spinner animation="border" size="sm" aria-label="Loading" /> : null}
      {slips.error ? <Failure error={slips.error} errorPage={false} /> : null}
      {slips.data ? (
        <div className="table-responsive">
          <table className="table table-sm table-hover align-middle">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Time Range</th>
                <th scope="col">Time</th>
                <th scope="col">Biller</th>
                <th scope="col">Description</th>
              </tr>
            </thead>
            <tbody>
              {slips.data.length === 0 ? (
                <tr>
                  <td colSpan={5} className="text-body-secondary">
                    No Results
                  </td>
                </tr>
              ) : (
                slips.data.map((s) => (
                  <tr key={s.id}>
                    <td>
                      <Link to={pathFor('case_task_slip_basics', { caseId, taskId, slipId: s.id })}>
                        {s.date}
                      </Link>
                    </td>
                    <td className="text-nowrap">{timeRange(s.startTime, s.stopTime)}</td>
                    <td>{slipDuration(s.startTime, s.stopTime)}</td>
                    <td>{s.user?.label}</td>
                    <td className="sd-slip-comment">{s.comment}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

/** A copy: the source's values in create mode (no id, number or stamps). */
function asCopy(source: Slip): Slip {
  return {
    ...source,
    id: 0,
    number: 0,
    version: 0,
    created: { at: '', by: null },
    updated: { at: '', by: null },
  };
}

/** case_task_slip_basics (read, or create), case_task_slip_basics_edit (edit mode), case_task_slip_basics_copy. */
export function SlipBasicsPage() {
  const { caseId, taskId, slipId } = useIds();
  const current = useCurrentRoute();
  const navigate = useNavigate();
  const sync = useSlipRouteSync();
  const daily = useDaily();
  const routeName = current?.route.name;
  const copying = routeName === 'case_task_slip_basics_copy';
  const editing = routeName === 'case_task_slip_basics_edit';
  const { data: profile } = useQuery(profileQuery);
  const loaded = useQuery({
    queryKey: [SLIP_KEY, slipId, slipId === 'create' ? taskId : null],
    queryFn: ({ signal }) => fetchSlip(slipId, taskId, signal),
    staleTime: 0,
  });
  const isNew = slipId === 'create' || copying;
  const basics = (id: number | 'create', c = caseId, t = taskId) =>
    pathFor('case_task_slip_basics', { caseId: c, taskId: t, slipId: id });

  if (loaded.error) return <Failure error={loaded.error} />;
  if (!loaded.data) return <Spinner animation="border" size="sm" aria-label="Loading" />;
  const slip = copying ? asCopy(loaded.data.slip) : loaded.data.slip;
  const owner = isNew || String(slip.user?.value) === String(profile?.id);
  const title = isNew ? 'New Slip' : `Slip #${slip.number}`;
  return (
    <section className="sd-slip-page">
      <h1 className="h4 mb-3">{title}</h1>
      <SlipCard
        key={`${routeName}-${slip.id}-${slip.version}`}
        slip={slip}
        formOptions={loaded.data.formOptions}
        isNew={isNew}
        startInEdit={editing}
        canEdit={owner}
        onSaved={(saved) => {
          sync.refresh();
          void sync.refreshSummary();
          navigate(basics(saved.id, saved.caseId, saved.taskId), { replace: isNew || editing });
        }}
        onCancel={() => {
          if (isNew) navigate(pathFor('case_task_slips', { caseId, taskId }));
          else if (editing) navigate(basics(slip.id));
        }}
        onEditRequest={(s) => {
          navigate(pathFor('case_task_slip_basics_edit', { caseId, taskId, slipId: s.id }));
          return true;
        }}
        onCopy={(s) => navigate(pathFor('case_task_slip_basics_copy', { caseId, taskId, slipId: s.id }))}
        onDeleted={(s) => {
          void sync.refreshSummary();
          sync.afterDelete(s);
        }}
        onMove={(s) => daily.openMove(s.id, s.taskId)}
      />
    </section>
  );
}
