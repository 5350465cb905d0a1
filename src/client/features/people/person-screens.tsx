// People: the list (/manage/person and an organization's People tab), basics and history, in both places.
import { Link, useParams, useSearchParams } from 'react-router';
import { pathFor } from '../../../shared/routes';
import { ACTIVE_CHOICES } from '../../../shared/schemas/fields';
import { personForm } from '../../../shared/schemas/person';
import { HistoryView } from '../history/history-view';
import { OrganizationHeader } from '../organizations/organization-header';
import { OrganizationTabs } from '../organizations/organization-tabs';
import { RecordBasics, type RecordValues } from '../records/record-basics';
import type { FieldSection } from '../records/record-fields';
import { type Column, label, RecordList } from '../records/record-list';
import { useQueryFilters } from '../records/use-filters';
import { namesFrom } from './names-from';

const name = (p: RecordValues) => `${String(p.firstName ?? '')} ${String(p.lastName ?? '')}`.trim();

const SECTIONS: FieldSection[] = [
  {
    fields: [
      { name: 'firstName', label: 'First Name', kind: 'text', required: true, col: 'col-md-4' },
      { name: 'lastName', label: 'Last Name', kind: 'text', required: true, col: 'col-md-4' },
      { name: 'title', label: 'Title', kind: 'text', col: 'col-md-4' },
      {
        name: 'organization',
        label: 'Organization',
        kind: 'typeahead',
        required: true,
        url: '/api/suggest/clients/',
        col: 'col-md-8',
      },
      { name: 'active', label: 'Active', kind: 'checkbox', col: 'col-md-4 sd-check-cell' },
      { name: 'email', label: 'Email', kind: 'text', type: 'email', inputMode: 'email', col: 'col-md-4' },
      { name: 'phone', label: 'Phone', kind: 'text', type: 'tel', inputMode: 'tel', col: 'col-md-4' },
      { name: 'mobile', label: 'Mobile', kind: 'text', type: 'tel', inputMode: 'tel', col: 'col-md-4' },
      { name: 'notes', label: 'Notes', kind: 'textarea', col: 'col-12' },
    ],
  },
];

function columns(inOrganization: string | null): Column<RecordValues>[] {
  const link = (p: RecordValues) =>
    inOrganization
      ? pathFor('organization_person_basics', { id: inOrganization, personId: p.id })
      : pathFor('person_basics', { id: p.id });
  return [
    { key: 'name', label: 'Name', render: (p) => <Link to={link(p)}>{name(p)}</Link> },
    ...(inOrganization
      ? []
      : [{ key: 'organization', label: 'Organization', render: (p: RecordValues) => label(p.organization) }]),
    { key: 'title', label: 'Title', render: (p) => String(p.title ?? ''), wide: true },
    { key: 'email', label: 'Email', render: (p) => String(p.email ?? ''), wide: true },
    { key: 'phone', label: 'Phone', render: (p) => String(p.phone ?? ''), className: 'text-nowrap' },
  ];
}

function PeopleList({ organization }: { organization: string | null }) {
  const state = useQueryFilters(['q', 'active'], { active: '1' });
  // A name searched for and not found becomes the new person's name (SPEC: firstName/lastName prefill).
  const prefill = namesFrom(state.values.q ?? '');
  const newPath = organization
    ? pathFor('organization_person_basics', { id: organization, personId: 'create' }, prefill)
    : pathFor('person_basics', { id: 'create' }, prefill);
  return (
    <RecordList<RecordValues>
      title="People"
      url="/api/manage/person"
      queryKey="person"
      fixed={organization ? { organization } : undefined}
      heading={organization ? <OrganizationHeader id={organization} title="People" /> : undefined}
      columns={columns(organization)}
      state={state}
      filters={[
        { name: 'q', label: 'Search', kind: 'text', placeholder: 'Name, email or phone' },
        {
          name: 'active',
          label: 'Show',
          kind: 'select',
          options: ACTIVE_CHOICES,
          emptyValue: 'all',
        },
      ]}
      rowKey={(p) => p.id}
      rowClassName={(p) => (p.active ? undefined : 'sd-row-inactive')}
      actions={
        <Link to={newPath} className="btn btn-sm btn-primary">
          New Person
        </Link>
      }
    />
  );
}

export function PeopleListPage() {
  return <PeopleList organization={null} />;
}

export function OrganizationPeoplePage() {
  return <PeopleList organization={useParams().id ?? ''} />;
}

function PersonBasics({ organization, id }: { organization: string | null; id: string }) {
  const [search] = useSearchParams();
  const inOrg = organization !== null;
  return (
    <RecordBasics
      api="/api/manage/person"
      entityKey="person"
      historyKey="person"
      id={id}
      prefill={{
        firstName: search.get('firstName') ?? undefined,
        lastName: search.get('lastName') ?? undefined,
        organization: organization ?? search.get('organization') ?? undefined,
      }}
      schema={personForm}
      sections={SECTIONS}
      title={name}
      newTitle="New Person"
      subtitle={(p) => [p.title, label(p.organization)].filter(Boolean).join(' · ')}
      savedPath={(pid) =>
        inOrg
          ? pathFor('organization_person_basics', { id: organization, personId: pid })
          : pathFor('person_basics', { id: pid })
      }
      // Reached from an organization, Cancel returns to its people (SPEC §2).
      cancelPath={inOrg ? pathFor('organization_people', { id: organization }) : pathFor('people')}
      historyPath={(pid) =>
        inOrg
          ? pathFor('organization_person_history', { id: organization, personId: pid })
          : pathFor('person_history', { id: pid })
      }
      headerExtra={inOrg ? <OrganizationTabs id={organization} /> : null}
    />
  );
}

export function PersonBasicsPage() {
  return <PersonBasics organization={null} id={useParams().id ?? 'create'} />;
}

export function OrganizationPersonBasicsPage() {
  const params = useParams();
  return <PersonBasics organization={params.id ?? ''} id={params.personId ?? 'create'} />;
}

export function PersonHistoryPage() {
  const params = useParams();
  const organization = params.personId ? (params.id ?? '') : null;
  const id = params.personId ?? params.id ?? '';
  return (
    <HistoryView
      entity="person"
      id={id}
      objectClass="Person"
      backTo={
        organization
          ? pathFor('organization_person_basics', { id: organization, personId: id })
          : pathFor('person_basics', { id })
      }
      backText="Person"
    />
  );
}
