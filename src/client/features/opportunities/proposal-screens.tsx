// An opportunity's proposals: the list (with each one's one-time, monthly and first-year totals), basics (the line
// editor, live totals, terms, Copy, Print PDF, History), copy (SPEC §2: redirects to a new proposal carrying
// proposalCopyId; Cancel returns to the source) and history (Proposal entity, back text "Proposal").
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { formatMoney } from '../../../shared/format/money';
import { codeOptions } from '../../../shared/schemas/fields';
import {
  PROPOSAL_STATUSES,
  type ProposalRecord,
  type ProposalTotals,
  proposalForm,
} from '../../../shared/schemas/opportunity';
import { HistoryView } from '../history/history-view';
import { RecordBasics } from '../records/record-basics';
import type { FieldSection } from '../records/record-fields';
import { type Column, label, RecordList } from '../records/record-list';
import { useQueryFilters } from '../records/use-filters';
import { OpportunityHeader, useOpportunityChanged } from './opportunity-header';
import { opportunityPath, useOpportunityPlace } from './opportunity-paths';
import { LinesField, TermsField } from './proposal-lines';

const SECTIONS: FieldSection[] = [
  {
    fields: [
      {
        name: 'number',
        label: 'Number',
        kind: 'text',
        col: 'col-6 col-md-3',
        hint: 'Empty: the next number is given on save.',
      },
      { name: 'title', label: 'Title', kind: 'text', required: true, col: 'col-md-9' },
      { name: 'status', label: 'Status', kind: 'select', required: true, col: 'col-6 col-md-3' },
      { name: 'validUntil', label: 'Valid Until', kind: 'date', col: 'col-6 col-md-3' },
      {
        name: 'copiedFrom',
        label: 'Copied From',
        kind: 'display',
        col: 'col-md-6',
        display: (v) => label(v.copiedFrom),
        visible: (v) => !!v.copiedFrom,
      },
      { name: 'lines', label: 'Lines', kind: 'custom', col: 'col-12', render: LinesField },
      { name: 'terms', label: 'Terms', kind: 'custom', col: 'col-12', render: TermsField },
    ],
  },
];

export const proposalsApi = (opportunityId: string) => `/api/manage/opportunity/${opportunityId}/proposal`;

export function ProposalsPage() {
  const place = useOpportunityPlace();
  const state = useQueryFilters(['status', 'q'], {});
  const money = (key: keyof ProposalTotals) => (p: ProposalRecord) => formatMoney(p.totals?.[key] ?? '0');
  const columns: Column<ProposalRecord>[] = [
    {
      key: 'number',
      label: 'Number',
      render: (p) => <Link to={opportunityPath(place, 'proposal', { proposalId: p.id })}>{p.number}</Link>,
      className: 'text-nowrap',
    },
    { key: 'title', label: 'Title', render: (p) => p.title },
    { key: 'status', label: 'Status', render: (p) => label(p.status) },
    { key: 'validUntil', label: 'Valid Until', render: (p) => p.validUntil ?? '', wide: true },
    { key: 'oneTime', label: 'One-time', render: money('oneTime'), wide: true, className: 'text-end' },
    { key: 'monthly', label: 'Monthly', render: money('monthly'), wide: true, className: 'text-end' },
    { key: 'firstYear', label: 'First Year', render: money('firstYear'), className: 'text-end' },
  ];
  return (
    <RecordList<ProposalRecord>
      title="Proposals"
      url={proposalsApi(place.opportunityId)}
      queryKey="proposal"
      heading={<OpportunityHeader place={place} title="Proposals" />}
      columns={columns}
      state={state}
      filters={[
        { name: 'q', label: 'Search', kind: 'text', placeholder: 'Number or title' },
        {
          name: 'status',
          label: 'Status',
          kind: 'select',
          options: codeOptions(PROPOSAL_STATUSES),
          emptyValue: 'all',
        },
      ]}
      rowKey={(p) => p.id}
      rowClassName={(p) => (p.status.value === 'DECLINED' ? 'sd-row-inactive' : undefined)}
      actions={
        <Link
          to={opportunityPath(place, 'proposal', { proposalId: 'create' })}
          className="btn btn-sm btn-primary"
        >
          New Proposal
        </Link>
      }
    />
  );
}

export function ProposalBasicsPage() {
  const place = useOpportunityPlace();
  const changed = useOpportunityChanged(place.opportunityId);
  const proposalId = useParams().proposalId ?? 'create';
  const [search] = useSearchParams();
  const copyId = proposalId === 'create' ? search.get('proposalCopyId') : null;
  const api = proposalsApi(place.opportunityId);
  return (
    <RecordBasics<ProposalRecord>
      key={`${proposalId}:${copyId ?? ''}`}
      api={api}
      entityKey="proposal"
      historyKey="proposal"
      id={proposalId}
      prefill={copyId ? { proposalCopyId: copyId } : undefined}
      schema={proposalForm}
      sections={SECTIONS}
      title={(p) => `Proposal ${p.number}`}
      newTitle={copyId ? 'New Proposal (copy)' : 'New Proposal'}
      subtitle={(p) =>
        [
          p.title,
          label(p.status),
          p.validUntil ? `valid until ${p.validUntil}` : '',
          `first year ${formatMoney(p.totals?.firstYear ?? '0')}`,
        ]
          .filter(Boolean)
          .join(' · ')
      }
      savedPath={(id) => opportunityPath(place, 'proposal', { proposalId: id })}
      // A copy's Cancel returns to the proposal it copies.
      cancelPath={
        copyId
          ? opportunityPath(place, 'proposal', { proposalId: copyId })
          : opportunityPath(place, 'proposals')
      }
      historyPath={(id) => opportunityPath(place, 'proposalHistory', { proposalId: id })}
      onChanged={changed}
      headerExtra={<OpportunityHeader place={place} title="Proposal" withTitle={false} child />}
      actions={(p) => (
        <>
          <Link
            to={opportunityPath(place, 'proposalCopy', { proposalId: p.id })}
            className="btn btn-sm btn-outline-secondary"
          >
            Copy
          </Link>
          {/* The saved proposal, as the server prints it (a download named after its number). */}
          <a href={`${api}/${p.id}/pdf`} className="btn btn-sm btn-outline-secondary text-nowrap" download>
            Print PDF
          </a>
        </>
      )}
    />
  );
}

/** /…/proposals/{proposalId}/copy → a new proposal carrying the source's id. */
export function ProposalCopyPage() {
  const place = useOpportunityPlace();
  const proposalId = useParams().proposalId ?? '';
  return (
    <Navigate
      to={opportunityPath(place, 'proposal', { proposalId: 'create' }, { proposalCopyId: proposalId })}
      replace
    />
  );
}

export function ProposalHistoryPage() {
  const place = useOpportunityPlace();
  const proposalId = useParams().proposalId ?? '';
  return (
    <>
      <OpportunityHeader place={place} title="Proposal" />
      <HistoryView
        entity="proposal"
        id={proposalId}
        objectClass="Proposal"
        backTo={opportunityPath(place, 'proposal', { proposalId })}
        backText="Proposal"
      />
    </>
  );
}
