// Software (stored as the "Project" entity): the list (/manage/software and an organization's Software tab),
// basics and history, in both places.
import { Link, useSearchParams } from 'react-router';
import { ACTIVE_CHOICES } from '../../../shared/schemas/fields';
import { type SoftwareRecord, softwareForm } from '../../../shared/schemas/software';
import { HistoryView } from '../history/history-view';
import {
  organizationList,
  organizationListProps,
  organizationScopedPaths,
  organizationScopedRecord,
  organizationTabs,
  type ScopedProps,
  type ScopedRecordProps,
  topLevelList,
} from '../organizations/organization-scope';
import { RecordBasics } from '../records/record-basics';
import type { FieldSection } from '../records/record-fields';
import { type Column, label, RecordList } from '../records/record-list';
import { useQueryFilters } from '../records/use-filters';

const SECTIONS: FieldSection[] = [
  {
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true, col: 'col-md-8' },
      { name: 'active', label: 'Active', kind: 'checkbox', col: 'col-md-4 sd-check-cell' },
      {
        name: 'organization',
        label: 'Organization',
        kind: 'typeahead',
        required: true,
        url: '/api/suggest/clients/',
        col: 'col-md-8',
      },
      { name: 'vendor', label: 'Vendor', kind: 'text', col: 'col-md-4' },
      { name: 'softwareVersion', label: 'Version', kind: 'text', col: 'col-md-4' },
      { name: 'seats', label: 'Seats', kind: 'number', col: 'col-md-4' },
      { name: 'renewalDate', label: 'Renewal Date', kind: 'date', col: 'col-md-4' },
      { name: 'notes', label: 'Notes', kind: 'textarea', col: 'col-12' },
    ],
  },
];

const paths = organizationScopedPaths({
  param: 'softwareId',
  list: ['software', 'organization_software'],
  basics: ['software_basics', 'organization_software_basics'],
  history: ['software_history', 'organization_software_history'],
});
const basicsPath = paths.basics;

function columns(organization: string | null): Column<SoftwareRecord>[] {
  return [
    {
      key: 'name',
      label: 'Name',
      render: (s) => <Link to={basicsPath(organization, s.id)}>{s.name}</Link>,
    },
    ...(organization
      ? []
      : [
          {
            key: 'organization',
            label: 'Organization',
            render: (s: SoftwareRecord) => label(s.organization),
          },
        ]),
    { key: 'vendor', label: 'Vendor', render: (s) => s.vendor ?? '', wide: true },
    { key: 'softwareVersion', label: 'Version', render: (s) => s.softwareVersion ?? '', wide: true },
    { key: 'seats', label: 'Seats', render: (s) => (s.seats === null ? '' : String(s.seats)), wide: true },
    { key: 'renewalDate', label: 'Renewal', render: (s) => s.renewalDate ?? '' },
  ];
}

function SoftwareList({ organization }: ScopedProps) {
  const state = useQueryFilters(['q', 'active', 'renewal'], { active: '1' });
  return (
    <RecordList<SoftwareRecord>
      title="Software"
      url="/api/manage/software"
      queryKey="software"
      {...organizationListProps(organization, 'Software')}
      columns={columns(organization)}
      state={state}
      filters={[
        { name: 'q', label: 'Search', kind: 'text', placeholder: 'Name or vendor' },
        {
          name: 'active',
          label: 'Show',
          kind: 'select',
          options: ACTIVE_CHOICES,
          emptyValue: 'all',
        },
        {
          name: 'renewal',
          label: 'Renewal',
          kind: 'select',
          options: [{ value: 'expiring', label: 'Due within 90 days or past' }],
          placeholder: 'Any',
        },
      ]}
      rowKey={(s) => s.id}
      rowClassName={(s) => (s.active ? undefined : 'sd-row-inactive')}
      actions={
        <Link to={basicsPath(organization, 'create')} className="btn btn-sm btn-primary">
          New Software
        </Link>
      }
    />
  );
}

export const SoftwareListPage = topLevelList(SoftwareList);
export const OrganizationSoftwarePage = organizationList(SoftwareList);

function SoftwareBasics({ organization, id }: ScopedRecordProps) {
  const [search] = useSearchParams();
  return (
    <RecordBasics<SoftwareRecord>
      api="/api/manage/software"
      entityKey="software"
      historyKey="software"
      id={id}
      prefill={{
        name: search.get('name') ?? undefined,
        organization: organization ?? search.get('organization') ?? undefined,
      }}
      schema={softwareForm}
      sections={SECTIONS}
      title={(s) => s.name}
      newTitle="New Software"
      subtitle={(s) => [s.vendor, label(s.organization)].filter(Boolean).join(' · ')}
      savedPath={(sid) => basicsPath(organization, sid)}
      cancelPath={paths.list(organization)}
      historyPath={(sid) => paths.history(organization, sid)}
      headerExtra={organizationTabs(organization)}
    />
  );
}

export const SoftwareBasicsPage = organizationScopedRecord(SoftwareBasics, 'softwareId');
export const OrganizationSoftwareBasicsPage = SoftwareBasicsPage;

function SoftwareHistory({ organization, id }: ScopedRecordProps) {
  return (
    <HistoryView
      entity="software"
      id={id}
      objectClass="Project"
      backTo={basicsPath(organization, id)}
      backText="Software"
    />
  );
}

export const SoftwareHistoryPage = organizationScopedRecord(SoftwareHistory, 'softwareId');
