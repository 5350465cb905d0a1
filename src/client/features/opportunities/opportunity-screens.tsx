// Opportunities: the list (/manage/opportunity with filters in the address, and an organization's Opportunities
// tab) with the count, amount and weighted amount of the filtered set; the basics (new, a copy of another one, or
// started from an outage), the copy and outage redirects, and the field history, in both places.

import { useQuery } from '@tanstack/react-query';
import { Badge } from 'react-bootstrap';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { formatMoney } from '../../../shared/format/money';
import type { Option } from '../../../shared/schemas/common';
import { codeOptions } from '../../../shared/schemas/fields';
import {
  type OpportunityRecord,
  type OpportunityTotals,
  OUTCOMES,
  opportunityForm,
} from '../../../shared/schemas/opportunity';
import { loadEntity } from '../../api/entity';
import { apiGet } from '../../api/http';
import { HistoryView } from '../history/history-view';
import { OrganizationHeader } from '../organizations/organization-header';
import { RecordBasics } from '../records/record-basics';
import { type Column, type FilterDef, label, RecordList } from '../records/record-list';
import { useQueryFilters } from '../records/use-filters';
import { closeDateWarnings, deriveFromStage, SECTIONS } from './opportunity-form';
import { OpportunityHeader, useOpportunityChanged } from './opportunity-header';
import {
  type OpportunityPlace,
  opportunityListPath,
  opportunityPath,
  useOpportunityPlace,
} from './opportunity-paths';
import { WinButton } from './win-dialog';

const API = '/api/manage/opportunity';

const FILTER_NAMES = [
  'q',
  'organization',
  'organizationName',
  'stage',
  'owner',
  'outcome',
  'closeFrom',
  'closeTo',
  'sort',
  'dir',
];
/** An organization's tab fixes its organization: no picker there. */
const TAB_FILTER_NAMES = FILTER_NAMES.filter((n) => !n.startsWith('organization'));
const DEFAULTS = { outcome: 'OPEN' };

const OUTCOME_BADGE: Record<string, string> = { OPEN: 'primary', WON: 'success', LOST: 'secondary' };
const outcomeValue = (o: OpportunityRecord) => o.outcome.value;

/** The stages and owners the filters offer: the form options of a new opportunity. */
function useChoices(): Record<string, Option[]> {
  const query = useQuery({
    queryKey: ['opportunity', 'choices'],
    queryFn: ({ signal }) =>
      loadEntity<OpportunityRecord, Record<string, Option[]>>(`${API}/create`, 'opportunity', { signal }),
    staleTime: 5 * 60_000,
  });
  return query.data?.formOptions ?? {};
}

function filterDefs(choices: Record<string, Option[]>, withOrganization: boolean): FilterDef[] {
  const plain = (list: Option[] | undefined) => (list ?? []).map((o) => ({ value: o.value, label: o.label }));
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
    { name: 'stage', label: 'Stage', kind: 'select', options: plain(choices.stage) },
    { name: 'owner', label: 'Owner', kind: 'select', options: plain(choices.owner) },
    { name: 'outcome', label: 'Outcome', kind: 'select', options: codeOptions(OUTCOMES), emptyValue: 'all' },
    { name: 'closeFrom', label: 'Close From', kind: 'date' },
    { name: 'closeTo', label: 'Close To', kind: 'date' },
    {
      name: 'sort',
      label: 'Sort',
      kind: 'select',
      placeholder: 'Close Date',
      options: [
        { value: 'number', label: 'Number' },
        { value: 'title', label: 'Title' },
        { value: 'amount', label: 'Amount' },
      ],
    },
    {
      name: 'dir',
      label: 'Order',
      kind: 'select',
      placeholder: 'Ascending',
      options: [{ value: 'desc', label: 'Descending' }],
    },
  ];
}

/** Count, amount and weighted amount of every opportunity the filters select, not only the rows shown. */
function Totals({ query }: { query: Record<string, string> }) {
  const totals = useQuery({
    queryKey: ['opportunity', 'totals', query],
    queryFn: ({ signal }) => apiGet<OpportunityTotals>(`${API}/totals`, { signal, query }),
    staleTime: 10_000,
  });
  if (!totals.data) return null;
  const t = totals.data;
  return (
    <p className="small text-body-secondary mb-2" data-testid="opportunity-totals">
      {t.count} {t.count === 1 ? 'opportunity' : 'opportunities'} · Amount{' '}
      <strong className="text-body">{formatMoney(t.amount)}</strong> · Weighted{' '}
      <strong className="text-body">{formatMoney(t.weighted)}</strong>
    </p>
  );
}

function StageBadge({ row }: { row: OpportunityRecord }) {
  return <Badge bg={OUTCOME_BADGE[outcomeValue(row)] ?? 'secondary'}>{label(row.stage)}</Badge>;
}

function OpportunityList({ organization }: { organization: string | null }) {
  const state = useQueryFilters(organization ? TAB_FILTER_NAMES : FILTER_NAMES, DEFAULTS);
  const choices = useChoices();
  const place = (id: number | 'create'): OpportunityPlace => ({ organization, opportunityId: String(id) });
  const link = (o: OpportunityRecord, text: string) => (
    <Link to={opportunityPath(place(o.id), 'basics')}>{text}</Link>
  );
  const columns: Column<OpportunityRecord>[] = [
    { key: 'number', label: 'Number', render: (o) => link(o, o.number), className: 'text-nowrap' },
    { key: 'title', label: 'Title', render: (o) => o.title },
    ...(organization
      ? []
      : [
          {
            key: 'organization',
            label: 'Organization',
            render: (o: OpportunityRecord) => label(o.organization),
          },
        ]),
    { key: 'stage', label: 'Stage', render: (o) => <StageBadge row={o} /> },
    { key: 'owner', label: 'Owner', render: (o) => label(o.owner), wide: true },
    { key: 'closeDate', label: 'Close Date', render: (o) => o.closeDate ?? '', wide: true },
    {
      key: 'amount',
      label: 'Amount',
      render: (o) => formatMoney(o.amount),
      className: 'text-end text-nowrap',
    },
    {
      key: 'probability',
      label: 'Prob.',
      render: (o) => `${o.probability}%`,
      className: 'text-end',
      wide: true,
    },
    {
      key: 'weighted',
      label: 'Weighted',
      render: (o) => formatMoney(o.weighted),
      className: 'text-end text-nowrap',
      wide: true,
    },
  ];
  const { organizationName: _shown, ...values } = state.values;
  const query = Object.fromEntries(
    Object.entries({ ...values, ...(organization ? { organization } : {}) }).filter(([, v]) => v !== ''),
  );
  return (
    <RecordList<OpportunityRecord>
      title="Opportunities"
      url={API}
      queryKey="opportunity"
      fixed={organization ? { organization } : undefined}
      heading={organization ? <OrganizationHeader id={organization} title="Opportunities" /> : undefined}
      columns={columns}
      state={state}
      filters={filterDefs(choices, !organization)}
      rowKey={(o) => o.id}
      rowClassName={(o) => (outcomeValue(o) === 'LOST' ? 'sd-row-inactive' : undefined)}
      summary={() => <Totals query={query} />}
      card={(o) => (
        <div className="card card-body py-2 px-3 mb-2">
          <div className="d-flex justify-content-between gap-2">
            <span className="fw-medium">{link(o, `${o.number} · ${o.title}`)}</span>
            <span className="align-self-start">
              <StageBadge row={o} />
            </span>
          </div>
          {organization ? null : <div className="small">{label(o.organization)}</div>}
          <div className="small text-body-secondary">
            {[
              `${formatMoney(o.amount)} · ${o.probability}% → ${formatMoney(o.weighted)}`,
              o.closeDate ? `closes ${o.closeDate}` : '',
              label(o.owner),
            ]
              .filter(Boolean)
              .join(' · ')}
          </div>
        </div>
      )}
      actions={
        <Link to={opportunityPath(place('create'), 'basics')} className="btn btn-sm btn-primary">
          New Opportunity
        </Link>
      }
    />
  );
}

export const OpportunityListPage = () => <OpportunityList organization={null} />;
export const OrganizationOpportunitiesPage = () => <OpportunityList organization={useParams().id ?? ''} />;

export function OpportunityBasicsPage() {
  const place = useOpportunityPlace();
  const changed = useOpportunityChanged(place.opportunityId);
  const [search] = useSearchParams();
  const creating = place.opportunityId === 'create';
  const copyId = creating ? search.get('oppCopyId') : null;
  const outageId = creating ? search.get('outageId') : null;
  const prefill = {
    organization: place.organization ?? search.get('organization') ?? undefined,
    oppCopyId: copyId ?? undefined,
    outageId: outageId ?? undefined,
  };
  return (
    <RecordBasics<OpportunityRecord>
      key={`${place.opportunityId}:${copyId ?? ''}:${outageId ?? ''}`}
      api={API}
      entityKey="opportunity"
      historyKey="opportunity"
      id={place.opportunityId}
      prefill={prefill}
      schema={opportunityForm}
      sections={SECTIONS}
      derive={deriveFromStage}
      warnings={closeDateWarnings}
      title={(o) => `${o.number} · ${o.title}`}
      newTitle={copyId ? 'New Opportunity (copy)' : 'New Opportunity'}
      subtitle={(o) => [label(o.organization), label(o.stage), label(o.outcome)].filter(Boolean).join(' · ')}
      savedPath={(id) => opportunityPath({ ...place, opportunityId: String(id) }, 'basics')}
      // SPEC §2: Cancel returns to the list (the organization's in its tree), or to the opportunity copied.
      cancelPath={
        copyId
          ? opportunityPath({ ...place, opportunityId: copyId }, 'basics')
          : opportunityListPath(place.organization)
      }
      historyPath={() => opportunityPath(place, 'history')}
      onChanged={changed}
      headerExtra={<OpportunityHeader place={place} title="Opportunity" withTitle={false} />}
      actions={(o) => (
        <>
          <WinButton
            place={place}
            opportunity={{
              id: o.id,
              version: o.version,
              outcome: o.outcome,
              agreement: o.agreement,
            }}
            onWon={changed}
          />
          <Link to={opportunityPath(place, 'copy')} className="btn btn-sm btn-outline-secondary">
            Copy
          </Link>
        </>
      )}
    />
  );
}

/** A new opportunity carrying the id in the path as `query` (the copy's source, or the outage it starts from). */
function CreateFrom({ query }: { query: 'oppCopyId' | 'outageId' }) {
  const place = useOpportunityPlace();
  return (
    <Navigate
      to={opportunityPath(
        { ...place, opportunityId: 'create' },
        'basics',
        {},
        { [query]: place.opportunityId },
      )}
      replace
    />
  );
}

/** …/{id}/copy → a new opportunity carrying the source's id (SPEC §2 oppCopyId). */
export const OpportunityCopyPage = () => <CreateFrom query="oppCopyId" />;

/** …/{outageId}/outage → a new opportunity started from that outage (the id in the path is the outage's). */
export const OpportunityOutagePage = () => <CreateFrom query="outageId" />;

export function OpportunityHistoryPage() {
  const place = useOpportunityPlace();
  return (
    <>
      <OpportunityHeader place={place} title="Opportunity" />
      <HistoryView
        entity="opportunity"
        id={place.opportunityId}
        objectClass="Opportunity"
        backTo={opportunityPath(place, 'basics')}
        backText="Basics"
      />
    </>
  );
}
