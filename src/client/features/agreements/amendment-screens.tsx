// An agreement's amendments: the list, basics (with its service changes and their before/after table), copy
// (SPEC §2: redirects to a new amendment carrying the source's id; Cancel returns to the source) and history.

import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { AMENDMENT_STATUSES, type AmendmentRecord, amendmentForm } from '../../../shared/schemas/agreement';
import type { Option } from '../../../shared/schemas/common';
import { codeOptions } from '../../../shared/schemas/fields';
import { formatWhen } from '../history/history-api';
import { HistoryView } from '../history/history-view';
import { RecordBasics } from '../records/record-basics';
import type { FieldSection } from '../records/record-fields';
import { type Column, label, RecordList } from '../records/record-list';
import { useQueryFilters } from '../records/use-filters';
import { AgreementHeader, useAgreementChanged } from './agreement-header';
import { agreementPath, useAgreementPlace } from './agreement-paths';
import { ChangesField } from './amendment-changes';

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
      {
        name: 'amendmentType',
        label: 'Amendment Type',
        kind: 'select',
        required: true,
        col: 'col-6 col-md-3',
      },
      { name: 'effectiveDate', label: 'Effective Date', kind: 'date', required: true, col: 'col-6 col-md-3' },
      { name: 'status', label: 'Status', kind: 'select', required: true, col: 'col-6 col-md-3' },
      { name: 'description', label: 'Description', kind: 'textarea', col: 'col-12' },
      { name: 'document', label: 'Signed Document', kind: 'select', col: 'col-md-6' },
      {
        name: 'signedAt',
        label: 'Signed',
        kind: 'display',
        col: 'col-md-6',
        display: (v) =>
          v.signedAt
            ? `${formatWhen(String(v.signedAt))} by ${(v.signedBy as Option | null)?.label ?? ''}`
            : '',
        visible: (v, editing) => !editing && !!v.signedAt,
      },
      { name: 'changes', label: 'Service Changes', kind: 'custom', col: 'col-12', render: ChangesField },
    ],
  },
];

const amendmentsApi = (agreementId: string) => `/api/manage/agreement/${agreementId}/amendment`;

export function AmendmentsPage() {
  const place = useAgreementPlace();
  const state = useQueryFilters(['status'], {});
  const columns: Column<AmendmentRecord>[] = [
    {
      key: 'number',
      label: 'Number',
      render: (a) => <Link to={agreementPath(place, 'amendment', { amendmentId: a.id })}>{a.number}</Link>,
      className: 'text-nowrap',
    },
    { key: 'amendmentType', label: 'Type', render: (a) => label(a.amendmentType) },
    { key: 'effectiveDate', label: 'Effective', render: (a) => a.effectiveDate },
    { key: 'status', label: 'Status', render: (a) => label(a.status) },
    { key: 'description', label: 'Description', render: (a) => a.description ?? '', wide: true },
  ];
  return (
    <RecordList<AmendmentRecord>
      title="Amendments"
      url={amendmentsApi(place.agreementId)}
      queryKey="amendment"
      heading={<AgreementHeader place={place} title="Amendments" />}
      columns={columns}
      state={state}
      filters={[
        {
          name: 'status',
          label: 'Status',
          kind: 'select',
          options: codeOptions(AMENDMENT_STATUSES),
          emptyValue: 'all',
        },
      ]}
      rowKey={(a) => a.id}
      rowClassName={(a) => (a.status.value === 'VOID' ? 'sd-row-inactive' : undefined)}
      actions={
        <Link
          to={agreementPath(place, 'amendment', { amendmentId: 'create' })}
          className="btn btn-sm btn-primary"
        >
          New Amendment
        </Link>
      }
    />
  );
}

const locked = (a: AmendmentRecord) => ['SIGNED', 'VOID'].includes(a.status.value);

export function AmendmentBasicsPage() {
  const place = useAgreementPlace();
  const changed = useAgreementChanged(place.agreementId);
  const amendmentId = useParams().amendmentId ?? 'create';
  const [search] = useSearchParams();
  const copyId = amendmentId === 'create' ? search.get('amendmentCopyId') : null;
  return (
    <RecordBasics<AmendmentRecord>
      key={`${amendmentId}:${copyId ?? ''}`}
      api={amendmentsApi(place.agreementId)}
      entityKey="amendment"
      historyKey="amendment"
      id={amendmentId}
      prefill={copyId ? { amendmentCopyId: copyId } : undefined}
      schema={amendmentForm}
      sections={SECTIONS}
      title={(a) => `Amendment ${a.number}`}
      newTitle={copyId ? 'New Amendment (copy)' : 'New Amendment'}
      subtitle={(a) => [label(a.amendmentType), label(a.status), `effective ${a.effectiveDate}`].join(' · ')}
      savedPath={(id) => agreementPath(place, 'amendment', { amendmentId: id })}
      // A copy's Cancel returns to the amendment it copies (SPEC §2).
      cancelPath={
        copyId
          ? agreementPath(place, 'amendment', { amendmentId: copyId })
          : agreementPath(place, 'amendments')
      }
      historyPath={(id) => agreementPath(place, 'amendmentHistory', { amendmentId: id })}
      onChanged={changed}
      headerExtra={<AgreementHeader place={place} title="Amendment" withTitle={false} child />}
      canEdit={(a) => !locked(a)}
      actions={(a) => (
        <Link
          to={agreementPath(place, 'amendmentCopy', { amendmentId: a.id })}
          className="btn btn-sm btn-outline-secondary"
        >
          Copy
        </Link>
      )}
    />
  );
}

/** /…/amendments/{amendmentId}/copy → a new amendment carrying the source's id. */
export function AmendmentCopyPage() {
  const place = useAgreementPlace();
  const amendmentId = useParams().amendmentId ?? '';
  return (
    <Navigate
      to={agreementPath(place, 'amendment', { amendmentId: 'create' }, { amendmentCopyId: amendmentId })}
      replace
    />
  );
}

export function AmendmentHistoryPage() {
  const place = useAgreementPlace();
  const amendmentId = useParams().amendmentId ?? '';
  return (
    <>
      <AgreementHeader place={place} title="Amendment" />
      <HistoryView
        entity="amendment"
        id={amendmentId}
        objectClass="Amendment"
        backTo={agreementPath(place, 'amendment', { amendmentId })}
        backText="Amendment"
      />
    </>
  );
}
