// Outages: incidents hitting one or many customers, newest first; basics (start and end in company time, and a
// Create opportunity button: an outage often sells a replacement) and history.
import { Link, useParams, useSearchParams } from 'react-router';
import { pathFor } from '../../../shared/routes';
import { OUTAGE_STATUS_FILTERS, type OutageRecord, outageForm } from '../../../shared/schemas/outage';
import { HistoryView } from '../history/history-view';
import { RecordBasics } from '../records/record-basics';
import type { FieldSection } from '../records/record-fields';
import { type Column, label, RecordList } from '../records/record-list';
import { useQueryFilters } from '../records/use-filters';

const SECTIONS: FieldSection[] = [
  {
    fields: [
      { name: 'title', label: 'Title', kind: 'text', required: true, col: 'col-md-8' },
      { name: 'status', label: 'Status', kind: 'select', required: true, col: 'col-md-4' },
      { name: 'outageType', label: 'Outage Type', kind: 'select', required: true, col: 'col-md-4' },
      {
        name: 'organization',
        label: 'Organization',
        kind: 'typeahead',
        url: '/api/suggest/clients/',
        col: 'col-md-4',
        hint: 'Leave empty when the outage hits many customers.',
      },
      {
        name: 'assignedTo',
        label: 'Assigned To',
        kind: 'typeahead',
        url: '/api/suggest/staff/',
        col: 'col-md-4',
        hint: 'Empty: the auto-assignment rules choose.',
      },
      { name: 'startDate', label: 'Start Date', kind: 'date', required: true, col: 'col-6 col-md-3' },
      { name: 'startTime', label: 'Start Time', kind: 'time', required: true, col: 'col-6 col-md-3' },
      { name: 'endDate', label: 'End Date', kind: 'date', col: 'col-6 col-md-3' },
      { name: 'endTime', label: 'End Time', kind: 'time', col: 'col-6 col-md-3' },
      { name: 'description', label: 'Description', kind: 'textarea', col: 'col-12' },
    ],
  },
];

const when = (date: string | null, time: string | null) => (date ? `${date} ${time ?? ''}`.trim() : '');

const COLUMNS: Column<OutageRecord>[] = [
  {
    key: 'title',
    label: 'Title',
    render: (o) => <Link to={pathFor('outage_basics', { id: o.id })}>{o.title}</Link>,
  },
  { key: 'outageType', label: 'Type', render: (o) => label(o.outageType), wide: true },
  { key: 'organization', label: 'Organization', render: (o) => label(o.organization) || 'Many customers' },
  { key: 'start', label: 'Start', render: (o) => when(o.startDate, o.startTime), className: 'text-nowrap' },
  {
    key: 'end',
    label: 'End',
    render: (o) => when(o.endDate, o.endTime),
    wide: true,
    className: 'text-nowrap',
  },
  { key: 'status', label: 'Status', render: (o) => label(o.status) },
  { key: 'assignedTo', label: 'Assigned To', render: (o) => label(o.assignedTo), wide: true },
];

export function OutageListPage() {
  const state = useQueryFilters(['q', 'status'], { status: 'open' });
  return (
    <RecordList<OutageRecord>
      title="Outages"
      url="/api/manage/outage"
      queryKey="outage"
      columns={COLUMNS}
      state={state}
      filters={[
        { name: 'q', label: 'Search', kind: 'text', placeholder: 'Title' },
        {
          name: 'status',
          label: 'Status',
          kind: 'select',
          options: OUTAGE_STATUS_FILTERS.filter((f) => f.value !== 'all').map((f) => ({ ...f })),
          emptyValue: 'all',
        },
      ]}
      rowKey={(o) => o.id}
      actions={
        <Link to={pathFor('outage_basics', { id: 'create' })} className="btn btn-sm btn-primary">
          New Outage
        </Link>
      }
    />
  );
}

export function OutageBasicsPage() {
  const id = useParams().id ?? 'create';
  const [search] = useSearchParams();
  return (
    <RecordBasics<OutageRecord>
      api="/api/manage/outage"
      entityKey="outage"
      historyKey="outage"
      id={id}
      prefill={{ organization: search.get('organization') ?? undefined }}
      schema={outageForm}
      sections={SECTIONS}
      title={(o) => o.title}
      newTitle="New Outage"
      subtitle={(o) => [label(o.outageType), label(o.status)].filter(Boolean).join(' · ')}
      savedPath={(oid) => pathFor('outage_basics', { id: oid })}
      cancelPath={pathFor('outages')}
      historyPath={(oid) => pathFor('outage_history', { id: oid })}
      actions={(o) => (
        <Link to={pathFor('opportunity_outage', { id: o.id })} className="btn btn-sm btn-outline-primary">
          Create opportunity
        </Link>
      )}
    />
  );
}

export function OutageHistoryPage() {
  const id = useParams().id ?? '';
  return (
    <HistoryView
      entity="outage"
      id={id}
      objectClass="Outage"
      backTo={pathFor('outage_basics', { id })}
      backText="Outage"
    />
  );
}
