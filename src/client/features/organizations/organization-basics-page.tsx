// /manage/organization/:id (numeric or create; ?name= prefills a new one): the organization's basics.
import { useParams, useSearchParams } from 'react-router';
import { pathFor } from '../../../shared/routes';
import { type OrganizationRecord, organizationForm } from '../../../shared/schemas/organization';
import { RecordBasics } from '../records/record-basics';
import type { FieldSection } from '../records/record-fields';
import { roundingFieldDefs } from '../records/rounding-field-defs';
import { OrganizationTabs } from './organization-tabs';

const SECTIONS: FieldSection[] = [
  {
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true },
      {
        name: 'shortCode',
        label: 'Short Code',
        kind: 'text',
        col: 'col-md-3',
        hint: 'Up to 10 letters or digits.',
      },
      { name: 'active', label: 'Active', kind: 'checkbox', col: 'col-md-3 sd-check-cell' },
      { name: 'salesStatus', label: 'Sales Status', kind: 'select', col: 'col-md-4' },
      { name: 'vendorStatus', label: 'Vendor Status', kind: 'select', col: 'col-md-4' },
      { name: 'rmmPlan', label: 'RMM Service Plan', kind: 'select', col: 'col-md-4' },
    ],
  },
  {
    title: 'Contact',
    fields: [
      { name: 'phone', label: 'Phone', kind: 'text', type: 'tel', inputMode: 'tel', col: 'col-md-4' },
      { name: 'website', label: 'Website', kind: 'text', inputMode: 'url', col: 'col-md-4' },
      {
        name: 'primaryContact',
        label: 'Primary Contact',
        kind: 'typeahead',
        col: 'col-md-4',
        url: '/api/suggest/people/',
        params: (v) => ({ organization: v.id ? String(v.id) : '-1' }),
        hint: 'A person of this organization.',
      },
      { name: 'address', label: 'Address', kind: 'textarea', col: 'col-md-6' },
      {
        name: 'accountManager',
        label: 'Account Manager',
        kind: 'typeahead',
        col: 'col-md-6',
        url: '/api/suggest/staff/',
      },
    ],
  },
  {
    title: 'Identifiers',
    fields: [
      { name: 'federalTaxId', label: 'Federal Tax ID', kind: 'text', col: 'col-md-4', hint: '##-#######' },
      { name: 'duns', label: 'DUNS', kind: 'text', col: 'col-md-4', hint: '##-###-####' },
    ],
  },
  {
    title: 'Billable Time',
    fields: [...roundingFieldDefs('empty: 5 (the default).')],
  },
  { fields: [{ name: 'notes', label: 'Notes', kind: 'textarea', col: 'col-12' }] },
];

export function OrganizationBasicsPage() {
  const id = useParams().id ?? 'create';
  const [search] = useSearchParams();
  return (
    <RecordBasics<OrganizationRecord>
      api="/api/manage/organization"
      entityKey="organization"
      historyKey="organization"
      id={id}
      prefill={{ name: search.get('name') ?? undefined }}
      schema={organizationForm}
      sections={SECTIONS}
      title={(o) => o.name}
      newTitle="New Organization"
      subtitle={(o) => [o.shortCode, o.salesStatus?.label].filter(Boolean).join(' · ')}
      savedPath={(newId) => pathFor('organization_basics', { id: newId })}
      cancelPath={pathFor('organizations')}
      historyPath={(rid) => pathFor('organization_history', { id: rid })}
      headerExtra={id === 'create' ? null : <OrganizationTabs id={id} />}
    />
  );
}
