// The headers of case and task screens: tabs (Basics, Tasks / Basics, Slips), and for tab screens the record's title.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { pathFor, type RouteName } from '../../../shared/routes';
import { loadEntity } from '../../api/entity';
import { RouteTabs } from '../../ui/route-tabs';
import { useGrammarText } from '../language-settings/grammar';

const CASE_TABS: { label: string; route: RouteName }[] = [
  { label: 'Basics', route: 'case_basics' },
  { label: 'Tasks', route: 'case_tasks' },
];

const TASK_TABS: { label: string; route: RouteName }[] = [
  { label: 'Basics', route: 'case_task_basics' },
  { label: 'Slips', route: 'case_task_slips' },
];

function Tabs(props: { tabs: typeof CASE_TABS; params: Record<string, string | number>; label: string }) {
  // The tabs name tasks and slips as the menus and breadcrumbs do: in the Case & Task Grammar words.
  const words = useGrammarText();
  return (
    <RouteTabs
      label={words(props.label)}
      tabs={props.tabs.map((t) => ({ label: words(t.label), to: pathFor(t.route, props.params) }))}
    />
  );
}

export const CaseTabs = ({ caseId }: { caseId: string | number }) => (
  <Tabs tabs={CASE_TABS} params={{ caseId }} label="Case" />
);

export const TaskTabs = ({ caseId, taskId }: { caseId: string | number; taskId: string | number }) => (
  <Tabs tabs={TASK_TABS} params={{ caseId, taskId }} label="Task" />
);

/** "#12 Replace firewall" of a case, once loaded. */
export function useCaseLabel(caseId: string | number | null | undefined): string | null {
  const query = useQuery({
    queryKey: ['case-label', String(caseId)],
    queryFn: ({ signal }) =>
      loadEntity<{ id: number; title: string }>(`/api/manage/case/${caseId}`, 'case', { signal }),
    enabled: !!caseId && caseId !== 'create',
    staleTime: 60_000,
  });
  const entity = query.data?.entity;
  return entity ? `#${entity.id} ${entity.title}` : null;
}

/** A link back to the case, for screens below it. */
export function CaseLink({ caseId }: { caseId: string }) {
  const label = useCaseLabel(caseId);
  return <Link to={pathFor('case_basics', { caseId })}>{label ?? '…'}</Link>;
}

export function CaseHeader({ caseId, title }: { caseId: string; title: string }) {
  const words = useGrammarText();
  return (
    <>
      <div className="sd-page-head">
        <div>
          <h1 className="h4 mb-0">{words(title)}</h1>
          <div className="text-body-secondary small">
            <CaseLink caseId={caseId} />
          </div>
        </div>
      </div>
      <CaseTabs caseId={caseId} />
    </>
  );
}

/** A task's title, once loaded. */
function useTaskTitle(taskId: string | number): string | null {
  const query = useQuery({
    queryKey: ['task-label', String(taskId)],
    queryFn: ({ signal }) =>
      loadEntity<{ id: number; title: string }>(`/api/manage/task/${taskId}`, 'task', { signal }),
    staleTime: 60_000,
  });
  return query.data?.entity.title ?? null;
}

/** The header of a task's tab screens, as Task basics shows it: title, case link, tabs and actions. */
export function TaskHeader(props: { caseId: string; taskId: string; actions?: ReactNode }) {
  const title = useTaskTitle(props.taskId);
  return (
    <>
      <div className="sd-page-head">
        <div>
          <h1 className="h4 mb-0">{title ?? '…'}</h1>
          <div className="text-body-secondary small">
            <CaseLink caseId={props.caseId} />
          </div>
        </div>
      </div>
      <TaskTabBar {...props} />
    </>
  );
}

/** The task's tabs with the screen's actions beside them (Task basics and the task's Slips). */
export function TaskTabBar(props: { caseId: string; taskId: string; actions?: ReactNode }) {
  return (
    <div className="d-flex align-items-start gap-2">
      <div className="flex-grow-1">
        <TaskTabs caseId={props.caseId} taskId={props.taskId} />
      </div>
      {props.actions}
    </div>
  );
}
