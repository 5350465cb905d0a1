// An organization's Systems tab: the documented systems (email, backup, firewall, …) tying its equipment and
// software together; list and basics.
import { Link, useParams } from 'react-router';
import { pathFor } from '../../../shared/routes';
import { type SystemRecord, systemForm } from '../../../shared/schemas/system';
import { OrganizationHeader } from '../organizations/organization-header';
import { OrganizationTabs } from '../organizations/organization-tabs';
import { RecordBasics } from '../records/record-basics';
import type { FieldSection } from '../records/record-fields';
import { type Column, label, RecordList } from '../records/record-list';
import { useQueryFilters } from '../records/use-filters';

const sections = (organization: string): FieldSection[] => [
  {
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true, col: 'col-md-8' },
      { name: 'category', label: 'Category', kind: 'select', col: 'col-md-4' },
      { name: 'description', label: 'Description', kind: 'textarea', col: 'col-12' },
      {
        name: 'equipment',
        label: 'Equipment',
        kind: 'multi',
        url: '/api/suggest/equipment/',
        params: () => ({ organization }),
        col: 'col-md-6',
      },
      {
        name: 'software',
        label: 'Software',
        kind: 'multi',
        url: '/api/suggest/software/',
        params: () => ({ organization }),
        col: 'col-md-6',
      },
    ],
  },
];

export function OrganizationSystemsPage() {
  const organization = useParams().id ?? '';
  const state = useQueryFilters(['q']);
  const columns: Column<SystemRecord>[] = [
    {
      key: 'name',
      label: 'Name',
      render: (s) => (
        <Link to={pathFor('organization_system_basics', { id: organization, systemId: s.id })}>{s.name}</Link>
      ),
    },
    { key: 'category', label: 'Category', render: (s) => label(s.category) },
    { key: 'description', label: 'Description', render: (s) => s.description ?? '', wide: true },
  ];
  return (
    <RecordList<SystemRecord>
      title="Systems"
      url="/api/manage/system"
      queryKey="system"
      fixed={{ organization }}
      heading={<OrganizationHeader id={organization} title="Systems" />}
      columns={columns}
      state={state}
      filters={[{ name: 'q', label: 'Search', kind: 'text', placeholder: 'Name or description' }]}
      rowKey={(s) => s.id}
      actions={
        <Link
          to={pathFor('organization_system_basics', { id: organization, systemId: 'create' })}
          className="btn btn-sm btn-primary"
        >
          New System
        </Link>
      }
    />
  );
}

export function OrganizationSystemBasicsPage() {
  const params = useParams();
  const organization = params.id ?? '';
  return (
    <RecordBasics<SystemRecord>
      api="/api/manage/system"
      entityKey="system"
      historyKey="system"
      id={params.systemId ?? 'create'}
      prefill={{ organization }}
      schema={systemForm}
      sections={sections(organization)}
      title={(s) => s.name}
      newTitle="New System"
      subtitle={(s) => label(s.category)}
      savedPath={(sid) => pathFor('organization_system_basics', { id: organization, systemId: sid })}
      cancelPath={pathFor('organization_systems', { id: organization })}
      headerExtra={<OrganizationTabs id={organization} />}
    />
  );
}
