// Cases & Tasks: the case list (/manage/case, filters in the address), apart from the case forms so the home
// screen loads without them.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { pathFor } from '../../../shared/routes';
import type { CaseRecord } from '../../../shared/schemas/case';
import type { Option } from '../../../shared/schemas/common';
import { CASE_STATUS_FILTERS } from '../../../shared/schemas/constants';
import { loadEntity } from '../../api/entity';
import { profileQuery } from '../../api/profile';
import { useMediaQuery } from '../../shell/use-media-query';
import { formatWhen } from '../history/history-api';
import { useGrammarText } from '../language-settings/grammar';
import { type Column, type FilterDef, label, RecordList } from '../records/record-list';
import { useQueryFilters } from '../records/use-filters';
import { DAILY_BESIDE_QUERY, useDaily } from '../slips/daily-state';
import { CASE_LIST } from './case-list-query';

const COLUMNS: Column<CaseRecord>[] = [
  {
    key: 'id',
    label: 'Number',
    render: (c) => <Link to={pathFor('case_basics', { caseId: c.id })}>#{c.id}</Link>,
  },
  {
    key: 'title',
    label: 'Title',
    render: (c) => <Link to={pathFor('case_tasks', { caseId: c.id })}>{c.title}</Link>,
  },
  { key: 'organization', label: 'Organization', render: (c) => label(c.organization) },
  { key: 'status', label: 'Status', render: (c) => label(c.status) },
  { key: 'department', label: 'Department', render: (c) => label(c.department), wide: true },
  { key: 'assignedTo', label: 'Assigned To', render: (c) => label(c.assignedTo), wide: true },
  {
    key: 'updated',
    label: 'Updated',
    render: (c) => formatWhen(c.updated),
    wide: true,
    className: 'text-nowrap',
  },
];

/** The department options come with the form of a new case. */
function useCaseOptions(): Record<string, Option[]> {
  const query = useQuery({
    queryKey: ['case-options'],
    queryFn: ({ signal }) =>
      loadEntity<CaseRecord, Record<string, Option[]>>('/api/manage/case/create', 'case', { signal }),
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
    if (mode === 'OPEN' && roomy) open({ quiet: true });
  }, [mode, roomy, open]);
}

export function CaseListPage() {
  const state = useQueryFilters(FILTER_NAMES, CASE_LIST.defaults);
  const options = useCaseOptions();
  useDailyBesideList();
  const words = useGrammarText();
  return (
    <RecordList<CaseRecord>
      title={words('Cases & Tasks')}
      url={CASE_LIST.url}
      queryKey={CASE_LIST.queryKey}
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
