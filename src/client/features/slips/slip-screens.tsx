// The task's slips screens (SPEC §2 "Cases"): the slips list, slip basics (read, edit, create) and copy.
import { useQuery } from '@tanstack/react-query';
import Spinner from 'react-bootstrap/Spinner';
import { Navigate, useNavigate, useParams } from 'react-router';
import { pathFor } from '../../../shared/routes';
import type { Slip } from '../../../shared/schemas/slip';
import { errorPageStatus } from '../../api/entity';
import { useCurrentRoute } from '../../shell/current-route';
import { TaskHeader } from '../cases/case-header';
import { useGrammarText } from '../language-settings/grammar';
import { RecordList } from '../records/record-list';
import { useQueryFilters } from '../records/use-filters';
import { useDaily } from './daily-state';
import { NewSlipButton } from './new-slip-button';
import { fetchSlip, fetchSlipCopy, SLIP_KEY, TASK_SLIPS_KEY } from './slip-api';
import { SlipCard } from './slip-card';
import { TASK_SLIP_COLUMNS, TaskSlipCard, TaskSlipsTotal } from './task-slip-rows';
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

/** case_task_slips: the task's header and tabs, its total hours and slips newest first (cards on phones). */
export function TaskSlipsPage() {
  const params = useParams();
  const caseId = params.caseId ?? '';
  const taskId = params.taskId ?? '';
  const state = useQueryFilters([]);
  const words = useGrammarText();
  return (
    <section className="sd-task-slips">
      <RecordList<Slip>
        title={words('Slips')}
        url="/api/manage/slip"
        queryKey={TASK_SLIPS_KEY}
        fixed={{ task: taskId }}
        heading={
          <TaskHeader
            caseId={caseId}
            taskId={taskId}
            actions={<NewSlipButton caseId={Number(caseId)} taskId={Number(taskId)} size="sm" />}
          />
        }
        columns={TASK_SLIP_COLUMNS}
        filters={[]}
        state={state}
        rowKey={(s) => s.id}
        card={(s) => <TaskSlipCard slip={s} />}
        summary={(first) => <TaskSlipsTotal first={first} />}
      />
    </section>
  );
}

/** case_task_slip_basics (read, or create), case_task_slip_basics_edit (edit mode), case_task_slip_basics_copy. */
export function SlipBasicsPage() {
  const { caseId, taskId, slipId } = useIds();
  const current = useCurrentRoute();
  const navigate = useNavigate();
  const sync = useSlipRouteSync();
  const daily = useDaily();
  const words = useGrammarText();
  const routeName = current?.route.name;
  const copying = routeName === 'case_task_slip_basics_copy';
  const editing = routeName === 'case_task_slip_basics_edit';
  const loaded = useQuery({
    queryKey: [SLIP_KEY, slipId, slipId === 'create' ? taskId : null, copying],
    queryFn: ({ signal }) =>
      copying && slipId !== 'create' ? fetchSlipCopy(slipId, signal) : fetchSlip(slipId, taskId, signal),
    staleTime: 0,
  });
  const isNew = slipId === 'create' || copying;
  const basics = (id: number | 'create', c = caseId, t = taskId) =>
    pathFor('case_task_slip_basics', { caseId: c, taskId: t, slipId: id });

  if (loaded.error) return <Failure error={loaded.error} />;
  if (!loaded.data) return <Spinner animation="border" size="sm" aria-label="Loading" />;
  const slip = loaded.data.slip;
  const title = words(isNew ? 'New Slip' : `Slip #${slip.number}`);
  // A slip the user may not change opens read-only, with the reason, before any edit (the edit route included).
  const locked = !isNew && slip.can?.edit === false ? slip.locked : null;
  return (
    <section className="sd-slip-page">
      <h1 className="h4 mb-3">{title}</h1>
      {locked ? (
        <div
          className={`alert ${editing ? 'alert-warning' : 'alert-secondary'} py-2 sd-slip-read-only`}
          role={editing ? 'alert' : 'status'}
        >
          <strong>Read-only.</strong> {locked}
        </div>
      ) : null}
      <SlipCard
        key={`${routeName}-${slip.id}-${slip.version}`}
        slip={slip}
        formOptions={loaded.data.formOptions}
        isNew={isNew}
        startInEdit={editing}
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
