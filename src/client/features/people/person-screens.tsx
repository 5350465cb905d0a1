// People: the list (/manage/person and an organization's People tab), basics and history, in both places.
import { Link, useSearchParams } from 'react-router';
import { ACTIVE_CHOICES } from '../../../shared/schemas/fields';
import { type PersonRecord, personForm } from '../../../shared/schemas/person';
import { EmailText } from '../../ui/email-text';
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
import { namesFrom } from './names-from';

const name = (p: PersonRecord) => `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim();

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

const paths = organizationScopedPaths({
  param: 'personId',
  list: ['people', 'organization_people'],
  basics: ['person_basics', 'organization_person_basics'],
  history: ['person_history', 'organization_person_history'],
});

function columns(inOrganization: string | null): Column<PersonRecord>[] {
  return [
    {
      key: 'name',
      label: 'Name',
      render: (p) => <Link to={paths.basics(inOrganization, p.id)}>{name(p)}</Link>,
    },
    ...(inOrganization
      ? []
      : [{ key: 'organization', label: 'Organization', render: (p: PersonRecord) => label(p.organization) }]),
    { key: 'title', label: 'Title', render: (p) => p.title ?? '', wide: true },
    {
      key: 'email',
      label: 'Email',
      render: (p) => (p.email ? <EmailText email={p.email} /> : ''),
      wide: true,
    },
    { key: 'phone', label: 'Phone', render: (p) => p.phone ?? '', className: 'text-nowrap' },
  ];
}

function PeopleList({ organization }: ScopedProps) {
  const state = useQueryFilters(['q', 'active'], { active: '1' });
  // A name searched for and not found becomes the new person's name (SPEC: firstName/lastName prefill).
  const newPath = paths.basics(organization, 'create', namesFrom(state.values.q ?? ''));
  return (
    <RecordList<PersonRecord>
      title="People"
      url="/api/manage/person"
      queryKey="person"
      {...organizationListProps(organization, 'People')}
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

export const PeopleListPage = topLevelList(PeopleList);
export const OrganizationPeoplePage = organizationList(PeopleList);

function PersonBasics({ organization, id }: ScopedRecordProps) {
  const [search] = useSearchParams();
  return (
    <RecordBasics<PersonRecord>
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
      savedPath={(pid) => paths.basics(organization, pid)}
      // Reached from an organization, Cancel returns to its people (SPEC §2).
      cancelPath={paths.list(organization)}
      historyPath={(pid) => paths.history(organization, pid)}
      headerExtra={organizationTabs(organization)}
    />
  );
}

export const PersonBasicsPage = organizationScopedRecord(PersonBasics, 'personId');
export const OrganizationPersonBasicsPage = PersonBasicsPage;

function PersonHistory({ organization, id }: ScopedRecordProps) {
  return (
    <HistoryView
      entity="person"
      id={id}
      objectClass="Person"
      backTo={paths.basics(organization, id)}
      backText="Person"
    />
  );
}

export const PersonHistoryPage = organizationScopedRecord(PersonHistory, 'personId');
