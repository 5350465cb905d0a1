// Software (stored as the "Project" entity): the list (/manage/software and an organization's Software tab),
// basics and history, in both places.
import { Link, useParams, useSearchParams } from 'react-router';
import { pathFor } from '../../../shared/routes';
import { ACTIVE_CHOICES } from '../../../shared/schemas/fields';
import { softwareForm } from '../../../shared/schemas/software';
import { HistoryView } from '../history/history-view';
import { OrganizationHeader } from '../organizations/organization-header';
import { OrganizationTabs } from '../organizations/organization-tabs';
import { RecordBasics, type RecordValues } from '../records/record-basics';
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

const basicsPath = (organization: string | null, id: number | string) =>
  organization
    ? pathFor('organization_software_basics', { id: organization, softwareId: id })
    : pathFor('software_basics', { id });

function columns(organization: string | null): Column<RecordValues>[] {
  return [
    {
      key: 'name',
      label: 'Name',
      render: (s) => <Link to={basicsPath(organization, s.id)}>{String(s.name)}</Link>,
    },
    ...(organization
      ? []
      : [{ key: 'organization', label: 'Organization', render: (s: RecordValues) => label(s.organization) }]),
    { key: 'vendor', label: 'Vendor', render: (s) => String(s.vendor ?? ''), wide: true },
    { key: 'softwareVersion', label: 'Version', render: (s) => String(s.softwareVersion ?? ''), wide: true },
    { key: 'seats', label: 'Seats', render: (s) => (s.seats === null ? '' : String(s.seats)), wide: true },
    { key: 'renewalDate', label: 'Renewal', render: (s) => String(s.renewalDate ?? '') },
  ];
}

function SoftwareList({ organization }: { organization: string | null }) {
  const state = useQueryFilters(['q', 'active', 'renewal'], { active: '1' });
  return (
    <RecordList<RecordValues>
      title="Software"
      url="/api/manage/software"
      queryKey="software"
      fixed={organization ? { organization } : undefined}
      heading={organization ? <OrganizationHeader id={organization} title="Software" /> : undefined}
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

export function SoftwareListPage() {
  return <SoftwareList organization={null} />;
}

export function OrganizationSoftwarePage() {
  return <SoftwareList organization={useParams().id ?? ''} />;
}

function SoftwareBasics({ organization, id }: { organization: string | null; id: string }) {
  const [search] = useSearchParams();
  return (
    <RecordBasics
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
      title={(s) => String(s.name)}
      newTitle="New Software"
      subtitle={(s) => [s.vendor, label(s.organization)].filter(Boolean).join(' · ')}
      savedPath={(sid) => basicsPath(organization, sid)}
      cancelPath={organization ? pathFor('organization_software', { id: organization }) : pathFor('software')}
      historyPath={(sid) =>
        organization
          ? pathFor('organization_software_history', { id: organization, softwareId: sid })
          : pathFor('software_history', { id: sid })
      }
      headerExtra={organization ? <OrganizationTabs id={organization} /> : null}
    />
  );
}

export function SoftwareBasicsPage() {
  return <SoftwareBasics organization={null} id={useParams().id ?? 'create'} />;
}

export function OrganizationSoftwareBasicsPage() {
  const params = useParams();
  return <SoftwareBasics organization={params.id ?? ''} id={params.softwareId ?? 'create'} />;
}

export function SoftwareHistoryPage() {
  const params = useParams();
  const organization = params.softwareId ? (params.id ?? '') : null;
  const id = params.softwareId ?? params.id ?? '';
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
