// A case's tasks: the Tasks tab (/manage/case/:caseId/task) with each task's logged time, task basics (create,
// ?outageId= prefills the outage) with the Basics / Slips tabs, and the task's field history.
import { Link, useParams, useSearchParams } from 'react-router';
import { minutesToHmm } from '../../../shared/format/duration';
import { pathFor } from '../../../shared/routes';
import { CASE_STATUS_FILTERS } from '../../../shared/schemas/case';
import { type TaskRecord, taskForm } from '../../../shared/schemas/task';
import { HistoryView } from '../history/history-view';
import { useGrammarText } from '../language-settings/grammar';
import { RecordBasics } from '../records/record-basics';
import type { FieldSection } from '../records/record-fields';
import { type Column, label, RecordList } from '../records/record-list';
import { useQueryFilters } from '../records/use-filters';
import { NewSlipButton } from '../slips/new-slip-button';
import { StartTimerButton } from '../timer/start-timer-button';
import { CaseHeader, CaseLink, TaskTabBar } from './case-header';

const SECTIONS: FieldSection[] = [
  {
    fields: [
      { name: 'case', label: 'Case', kind: 'display', col: 'col-md-4', display: (v) => label(v.case) },
      {
        name: 'title',
        label: 'Title',
        kind: 'text',
        required: true,
        col: 'col-md-8',
        hint: 'Title-cased on save.',
      },
      { name: 'status', label: 'Status', kind: 'select', required: true, col: 'col-md-4' },
      { name: 'department', label: 'Department', kind: 'select', col: 'col-md-4' },
      {
        name: 'assignedTo',
        label: 'Assigned To',
        kind: 'typeahead',
        url: '/api/suggest/staff/',
        col: 'col-md-4',
      },
      { name: 'points', label: 'Points', kind: 'text', inputMode: 'decimal', col: 'col-6 col-md-4' },
      { name: 'isProject', label: 'Project', kind: 'checkbox', col: 'col-6 col-md-4 sd-check-cell' },
      {
        name: 'outage',
        label: 'Outage',
        kind: 'display',
        col: 'col-md-4',
        display: (v) => label(v.outage),
        visible: (v) => !!v.outage,
      },
      { name: 'description', label: 'Description', kind: 'textarea', col: 'col-12' },
    ],
  },
];

function columns(caseId: string): Column<TaskRecord>[] {
  return [
    {
      key: 'title',
      label: 'Title',
      render: (t) => <Link to={pathFor('case_task_basics', { caseId, taskId: t.id })}>{t.title}</Link>,
    },
    { key: 'status', label: 'Status', render: (t) => label(t.status) },
    { key: 'type', label: 'Type', render: (t) => (t.isProject ? 'Project' : 'Support') },
    { key: 'department', label: 'Department', render: (t) => label(t.department), wide: true },
    { key: 'assignedTo', label: 'Assigned To', render: (t) => label(t.assignedTo), wide: true },
    { key: 'points', label: 'Points', render: (t) => (t.points == null ? '' : String(t.points)), wide: true },
    {
      key: 'minutes',
      label: 'Time',
      render: (t) => minutesToHmm(t.minutes ?? 0),
      className: 'text-end text-nowrap',
    },
  ];
}

export function CaseTasksPage() {
  const caseId = useParams().caseId ?? '';
  const state = useQueryFilters(['q', 'status'], {});
  const words = useGrammarText();
  return (
    <RecordList<TaskRecord>
      title={words('Tasks')}
      url="/api/manage/task"
      queryKey="task"
      fixed={{ case: caseId }}
      heading={<CaseHeader caseId={caseId} title="Tasks" />}
      columns={columns(caseId)}
      state={state}
      filters={[
        { name: 'q', label: 'Search', kind: 'text', placeholder: 'Title' },
        {
          name: 'status',
          label: 'Status',
          kind: 'select',
          options: CASE_STATUS_FILTERS.filter((f) => f.value !== 'all').map((f) => ({ ...f })),
          emptyValue: 'all',
        },
      ]}
      rowKey={(t) => t.id}
      rowClassName={(t) => (t.status.value === 'CLOSED' ? 'sd-row-inactive' : undefined)}
      actions={
        <Link
          to={pathFor('case_task_basics', { caseId, taskId: 'create' })}
          className="btn btn-sm btn-primary"
        >
          New Task
        </Link>
      }
    />
  );
}

export function TaskBasicsPage() {
  const params = useParams();
  const caseId = params.caseId ?? '';
  const taskId = params.taskId ?? 'create';
  const [search] = useSearchParams();
  return (
    <RecordBasics<TaskRecord>
      api="/api/manage/task"
      entityKey="task"
      historyKey="task"
      id={taskId}
      prefill={{ case: caseId, outageId: search.get('outageId') ?? undefined }}
      schema={taskForm}
      sections={SECTIONS}
      title={(t) => t.title}
      newTitle="New Task"
      subtitle={() => <CaseLink caseId={caseId} />}
      savedPath={(tid) => pathFor('case_task_basics', { caseId, taskId: tid })}
      cancelPath={pathFor('case_tasks', { caseId })}
      historyPath={(tid) => pathFor('case_task_history', { caseId, taskId: tid })}
      headerExtra={
        taskId === 'create' ? null : (
          <TaskTabBar
            caseId={caseId}
            taskId={taskId}
            actions={
              <>
                <StartTimerButton taskId={Number(taskId)} size="sm" />
                <NewSlipButton caseId={Number(caseId)} taskId={Number(taskId)} size="sm" />
              </>
            }
          />
        )
      }
    />
  );
}

export function TaskHistoryPage() {
  const params = useParams();
  const caseId = params.caseId ?? '';
  const taskId = params.taskId ?? '';
  return (
    <HistoryView
      entity="task"
      id={taskId}
      objectClass="Task"
      backTo={pathFor('case_task_basics', { caseId, taskId })}
      backText="Task"
    />
  );
}
