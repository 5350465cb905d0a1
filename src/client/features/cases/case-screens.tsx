// Cases & Tasks: the case list (/manage/case, filters in the address), case basics (also /manage/case/create) and
// the case's field history.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { pathFor } from '../../../shared/routes';
import { CASE_STATUS_FILTERS, caseForm } from '../../../shared/schemas/case';
import type { Option } from '../../../shared/schemas/common';
import { loadEntity } from '../../api/entity';
import { profileQuery } from '../../api/profile';
import { useMediaQuery } from '../../shell/use-media-query';
import { formatWhen } from '../history/history-api';
import { HistoryView } from '../history/history-view';
import { RecordBasics, type RecordValues } from '../records/record-basics';
import type { FieldSection } from '../records/record-fields';
import { type Column, type FilterDef, label, RecordList } from '../records/record-list';
import { useQueryFilters } from '../records/use-filters';
import { DAILY_BESIDE_QUERY } from '../slips/daily-panel';
import { useDaily } from '../slips/daily-state';
import { CaseTabs } from './case-header';

const SECTIONS: FieldSection[] = [
  {
    fields: [
      {
        name: 'id',
        label: 'Number',
        kind: 'display',
        col: 'col-md-2',
        display: (v) => `#${v.id}`,
        visible: (v) => Number(v.id) > 0,
      },
      { name: 'title', label: 'Title', kind: 'text', required: true, col: 'col-md-10' },
      {
        name: 'organization',
        label: 'Organization',
        kind: 'typeahead',
        url: '/api/suggest/clients/',
        required: true,
        col: 'col-md-6',
      },
      { name: 'status', label: 'Status', kind: 'select', required: true, col: 'col-md-6' },
      { name: 'department', label: 'Department', kind: 'select', col: 'col-md-6' },
      {
        name: 'assignedTo',
        label: 'Assigned To',
        kind: 'typeahead',
        url: '/api/suggest/staff/',
        col: 'col-md-6',
      },
      { name: 'description', label: 'Description', kind: 'textarea', col: 'col-12' },
    ],
  },
];

const COLUMNS: Column<RecordValues>[] = [
  {
    key: 'id',
    label: 'Number',
    render: (c) => <Link to={pathFor('case_basics', { caseId: c.id })}>#{c.id}</Link>,
  },
  {
    key: 'title',
    label: 'Title',
    render: (c) => <Link to={pathFor('case_tasks', { caseId: c.id })}>{String(c.title)}</Link>,
  },
  { key: 'organization', label: 'Organization', render: (c) => label(c.organization) },
  { key: 'status', label: 'Status', render: (c) => label(c.status) },
  { key: 'department', label: 'Department', render: (c) => label(c.department), wide: true },
  { key: 'assignedTo', label: 'Assigned To', render: (c) => label(c.assignedTo), wide: true },
  {
    key: 'updated',
    label: 'Updated',
    render: (c) => formatWhen(String(c.updated)),
    wide: true,
    className: 'text-nowrap',
  },
];

/** The department options come with the form of a new case. */
function useCaseOptions(): Record<string, Option[]> {
  const query = useQuery({
    queryKey: ['case-options'],
    queryFn: ({ signal }) =>
      loadEntity<RecordValues, Record<string, Option[]>>('/api/manage/case/create', 'case', { signal }),
    staleTime: 5 * 60_000,
  });
  return query.data?.formOptions ?? {};
}

function filterDefs(options: Record<string, Option[]>): FilterDef[] {
  return [
    { name: 'q', label: 'Search', kind: 'text', placeholder: 'Title, organization or number' },
    {
      name: 'organization',
      label: 'Organization',
      kind: 'typeahead',
      url: '/api/suggest/clients/',
      labelName: 'organizationName',
    },
    {
      name: 'status',
      label: 'Status',
      kind: 'select',
      options: CASE_STATUS_FILTERS.filter((f) => f.value !== 'all').map((f) => ({ ...f })),
      emptyValue: 'all',
    },
    { name: 'department', label: 'Department', kind: 'select', options: options.department ?? [] },
    {
      name: 'assignedTo',
      label: 'Assigned To',
      kind: 'typeahead',
      url: '/api/suggest/staff/',
      labelName: 'assignedToName',
    },
  ];
}

const FILTER_NAMES = [
  'q',
  'organization',
  'organizationName',
  'status',
  'department',
  'assignedTo',
  'assignedToName',
];

/** The user's daily-slips mode OPEN opens the daily panel beside the list where there is room for both. */
function useDailyBesideList() {
  const { data: profile } = useQuery(profileQuery);
  const roomy = useMediaQuery(DAILY_BESIDE_QUERY);
  const { open } = useDaily();
  const mode = profile?.caseListDailySlipsMode;
  useEffect(() => {
    if (mode === 'OPEN' && roomy) open();
  }, [mode, roomy, open]);
}

export function CaseListPage() {
  const state = useQueryFilters(FILTER_NAMES, { status: 'OPEN' });
  const options = useCaseOptions();
  useDailyBesideList();
  return (
    <RecordList<RecordValues>
      title="Cases & Tasks"
      url="/api/manage/case"
      queryKey="case"
      columns={COLUMNS}
      state={state}
      filters={filterDefs(options)}
      rowKey={(c) => c.id}
      actions={
        <Link to={pathFor('case_create')} className="btn btn-sm btn-primary">
          New Case
        </Link>
      }
    />
  );
}

/** Case basics; `create` (or the case_create route) makes a new one, ?organization= prefills its organization. */
export function CaseBasicsPage() {
  const id = useParams().caseId ?? 'create';
  const [search] = useSearchParams();
  return (
    <RecordBasics
      api="/api/manage/case"
      entityKey="case"
      historyKey="case"
      id={id}
      prefill={{ organization: search.get('organization') ?? undefined }}
      schema={caseForm}
      sections={SECTIONS}
      title={(c) => `#${c.id} ${String(c.title)}`}
      newTitle="New Case"
      subtitle={(c) => [label(c.organization), label(c.status)].filter(Boolean).join(' · ')}
      savedPath={(cid) => pathFor('case_basics', { caseId: cid })}
      cancelPath={pathFor('cases')}
      historyPath={(cid) => pathFor('case_history', { caseId: cid })}
      headerExtra={id === 'create' ? null : <CaseTabs caseId={id} />}
    />
  );
}

export function CaseHistoryPage() {
  const caseId = useParams().caseId ?? '';
  return (
    <HistoryView
      entity="case"
      id={caseId}
      objectClass="Case"
      backTo={pathFor('case_basics', { caseId })}
      backText="Case"
    />
  );
}
