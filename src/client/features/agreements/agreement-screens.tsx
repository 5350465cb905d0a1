// Agreements: the list (/manage/agreement with filters in the address, and an organization's Agreements tab) with
// the monthly value of the filtered set, the basics and the field history, in both places.

import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatMoney } from '../../../shared/format/money';
import {
  AGREEMENT_STATUSES,
  type AgreementRecord,
  type AgreementTotals,
  agreementForm,
} from '../../../shared/schemas/agreement';
import type { Option } from '../../../shared/schemas/common';
import { codeOptions } from '../../../shared/schemas/fields';
import { apiGet } from '../../api/http';
import { HistoryView } from '../history/history-view';
import { OrganizationHeader } from '../organizations/organization-header';
import { RecordBasics } from '../records/record-basics';
import type { FieldSection } from '../records/record-fields';
import { type Column, type FilterDef, label, RecordList } from '../records/record-list';
import { useQueryFilters } from '../records/use-filters';
import { AgreementHeader } from './agreement-header';
import { type AgreementPlace, agreementListPath, agreementPath, useAgreementPlace } from './agreement-paths';

const SECTIONS: FieldSection[] = [
  {
    fields: [
      {
        name: 'organization',
        label: 'Organization',
        kind: 'typeahead',
        url: '/api/suggest/clients/',
        required: true,
        col: 'col-md-6',
      },
      { name: 'number', label: 'Number', kind: 'text', required: true, col: 'col-6 col-md-3' },
      { name: 'status', label: 'Status', kind: 'select', required: true, col: 'col-6 col-md-3' },
      { name: 'title', label: 'Title', kind: 'text', required: true, col: 'col-md-6' },
      { name: 'type', label: 'Type', kind: 'select', required: true, col: 'col-md-6' },
    ],
  },
  {
    title: 'Term',
    fields: [
      { name: 'startDate', label: 'Start Date', kind: 'date', required: true, col: 'col-6 col-md-3' },
      { name: 'endDate', label: 'End Date', kind: 'date', col: 'col-6 col-md-3', hint: 'Empty: open-ended.' },
      { name: 'renewalDate', label: 'Renewal Date', kind: 'date', col: 'col-6 col-md-3' },
      {
        name: 'termMonths',
        label: 'Renewal Term (months)',
        kind: 'number',
        col: 'col-6 col-md-3',
        inputMode: 'numeric',
      },
    ],
  },
  {
    title: 'People',
    fields: [
      {
        name: 'billingContact',
        label: 'Billing Contact',
        kind: 'typeahead',
        url: '/api/suggest/people/',
        params: (v) => ({ organization: (v.organization as Option | null)?.value ?? '-1' }),
        col: 'col-md-6',
      },
      {
        name: 'accountManager',
        label: 'Account Manager',
        kind: 'typeahead',
        url: '/api/suggest/staff/',
        col: 'col-md-6',
      },
    ],
  },
  { fields: [{ name: 'notes', label: 'Notes', kind: 'textarea', col: 'col-12' }] },
];

const FILTER_NAMES = [
  'q',
  'organization',
  'organizationName',
  'status',
  'serviceType',
  'renewalWithin',
  'sort',
];
/** An organization's tab fixes its organization: no picker there. */
const TAB_FILTER_NAMES = FILTER_NAMES.filter((n) => !n.startsWith('organization'));
const DEFAULTS = { status: 'OPEN' };

function useServiceTypeChoices(): Option[] {
  const query = useQuery({
    queryKey: ['service-type-choices'],
    queryFn: ({ signal }) =>
      apiGet<Option[]>('/api/suggest/service-types/', { signal, query: { limit: 100 } }),
    staleTime: 5 * 60_000,
  });
  return query.data ?? [];
}

function filterDefs(serviceTypes: Option[], withOrganization: boolean): FilterDef[] {
  return [
    { name: 'q', label: 'Search', kind: 'text', placeholder: 'Number, title or organization' },
    ...(withOrganization
      ? [
          {
            name: 'organization',
            label: 'Organization',
            kind: 'typeahead' as const,
            url: '/api/suggest/clients/',
            labelName: 'organizationName',
          },
        ]
      : []),
    {
      name: 'status',
      label: 'Status',
      kind: 'select',
      options: codeOptions(AGREEMENT_STATUSES),
      emptyValue: 'all',
    },
    { name: 'serviceType', label: 'Service Type', kind: 'select', options: serviceTypes },
    {
      name: 'renewalWithin',
      label: 'Renewal',
      kind: 'select',
      placeholder: 'Any time',
      options: [
        { value: '30', label: 'Within 30 days' },
        { value: '60', label: 'Within 60 days' },
        { value: '90', label: 'Within 90 days' },
        { value: '180', label: 'Within 180 days' },
      ],
    },
    {
      name: 'sort',
      label: 'Sort',
      kind: 'select',
      placeholder: 'Number',
      options: [
        { value: 'title', label: 'Title' },
        { value: 'renewalDate', label: 'Renewal Date' },
      ],
    },
  ];
}

/** The monthly value and covered hours of every agreement the filters select, not only the rows shown. */
function Totals({ query }: { query: Record<string, string> }) {
  const totals = useQuery({
    queryKey: ['agreement', 'totals', query],
    queryFn: ({ signal }) => apiGet<AgreementTotals>('/api/manage/agreement/totals', { signal, query }),
    staleTime: 10_000,
  });
  if (!totals.data) return null;
  const t = totals.data;
  return (
    <p className="small text-body-secondary mb-2" data-testid="agreement-totals">
      {t.count} agreement{t.count === 1 ? '' : 's'} · monthly value{' '}
      <strong className="text-body">{formatMoney(t.monthlyValue)}</strong>
      {Number(t.coveredHours) > 0 ? ` · ${Number(t.coveredHours)} covered hours / month` : ''}
    </p>
  );
}

function AgreementList({ organization }: { organization: string | null }) {
  const state = useQueryFilters(organization ? TAB_FILTER_NAMES : FILTER_NAMES, DEFAULTS);
  const serviceTypes = useServiceTypeChoices();
  const place = (id: number): AgreementPlace => ({ organization, agreementId: String(id) });
  const columns: Column<AgreementRecord>[] = [
    {
      key: 'number',
      label: 'Number',
      render: (a) => <Link to={agreementPath(place(a.id), 'basics')}>{a.number}</Link>,
      className: 'text-nowrap',
    },
    { key: 'title', label: 'Title', render: (a) => a.title },
    ...(organization
      ? []
      : [
          {
            key: 'organization',
            label: 'Organization',
            render: (a: AgreementRecord) => label(a.organization),
          },
        ]),
    { key: 'status', label: 'Status', render: (a) => label(a.status), wide: true },
    { key: 'renewalDate', label: 'Renewal', render: (a) => a.renewalDate ?? '', wide: true },
    {
      key: 'monthlyValue',
      label: 'Monthly',
      render: (a) => formatMoney(a.monthlyValue ?? '0'),
      className: 'text-end text-nowrap',
    },
  ];
  const { organizationName: _shown, ...values } = state.values;
  const query = { ...values, ...(organization ? { organization } : {}) };
  return (
    <RecordList<AgreementRecord>
      title="Agreements"
      url="/api/manage/agreement"
      queryKey="agreement"
      fixed={organization ? { organization } : undefined}
      heading={organization ? <OrganizationHeader id={organization} title="Agreements" /> : undefined}
      columns={columns}
      state={state}
      filters={filterDefs(serviceTypes, !organization)}
      rowKey={(a) => a.id}
      rowClassName={(a) => (a.status.value === 'CLOSED' ? 'sd-row-inactive' : undefined)}
      // On phones a card per agreement: the monthly value stays whole beside its title (a table cut it off).
      card={(a) => (
        <div className="card card-body py-2 px-3 mb-2">
          <div className="d-flex justify-content-between gap-2">
            <Link className="fw-medium" to={agreementPath(place(a.id), 'basics')}>
              {a.number} · {a.title}
            </Link>
            <span className="text-nowrap fw-semibold" data-testid="agreement-monthly">
              {formatMoney(a.monthlyValue ?? '0')}
            </span>
          </div>
          {organization ? null : <div className="small">{label(a.organization)}</div>}
          <div className="small text-body-secondary">
            {[label(a.status), a.renewalDate ? `renews ${a.renewalDate}` : ''].filter(Boolean).join(' · ')}
          </div>
        </div>
      )}
      summary={() => <Totals query={Object.fromEntries(Object.entries(query).filter(([, v]) => v !== ''))} />}
      actions={
        <Link
          to={
            organization
              ? agreementPath({ organization, agreementId: 'create' }, 'basics')
              : agreementPath({ organization: null, agreementId: 'create' }, 'basics')
          }
          className="btn btn-sm btn-primary"
        >
          New Agreement
        </Link>
      }
    />
  );
}

export const AgreementListPage = () => <AgreementList organization={null} />;
export const OrganizationAgreementsPage = () => <AgreementList organization={useParams().id ?? ''} />;

export function AgreementBasicsPage() {
  const place = useAgreementPlace();
  const [search] = useSearchParams();
  return (
    <RecordBasics<AgreementRecord>
      api="/api/manage/agreement"
      entityKey="agreement"
      historyKey="agreement"
      id={place.agreementId}
      prefill={{ organization: place.organization ?? search.get('organization') ?? undefined }}
      schema={agreementForm}
      sections={SECTIONS}
      title={(a) => `${a.number} · ${a.title}`}
      newTitle="New Agreement"
      subtitle={(a) => [label(a.organization), label(a.type), label(a.status)].filter(Boolean).join(' · ')}
      savedPath={(id) => agreementPath({ ...place, agreementId: String(id) }, 'basics')}
      cancelPath={agreementListPath(place.organization)}
      historyPath={() => agreementPath(place, 'history')}
      headerExtra={<AgreementHeader place={place} title="Agreement" withTitle={false} />}
    />
  );
}

export function AgreementHistoryPage() {
  const place = useAgreementPlace();
  return (
    <>
      <AgreementHeader place={place} title="Agreement" />
      <HistoryView
        entity="agreement"
        id={place.agreementId}
        objectClass="Agreement"
        backTo={agreementPath(place, 'basics')}
        backText="Agreement"
      />
    </>
  );
}
