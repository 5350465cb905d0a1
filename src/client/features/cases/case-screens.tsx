import { useParams, useSearchParams } from 'react-router';
import { pathFor } from '../../../shared/routes';
import { type CaseRecord, caseForm } from '../../../shared/schemas/case';
import { formatWhen } from '../history/history-api';
import { HistoryView } from '../history/history-view';
import { RecordBasics } from '../records/record-basics';
import type { FieldSection } from '../records/record-fields';
import { label } from '../records/record-list';
import { CaseTabs } from './case-header';

const SECTIONS: FieldSection[] = [
  {
    fields: [
      {
        name: 'id',
        label: 'Number',
        kind: 'display',
        col: 'col-md-2',
        display: (v) => `#${v.id}`,
        visible: (v) => Number(v.id) > 0,
      },
      { name: 'title', label: 'Title', kind: 'text', required: true, col: 'col-md-10' },
      {
        name: 'organization',
        label: 'Organization',
        kind: 'typeahead',
        url: '/api/suggest/clients/',
        required: true,
        col: 'col-md-6',
      },
      { name: 'status', label: 'Status', kind: 'select', required: true, col: 'col-md-6' },
      { name: 'department', label: 'Department', kind: 'select', col: 'col-md-6' },
      {
        name: 'assignedTo',
        label: 'Assigned To',
        kind: 'typeahead',
        url: '/api/suggest/staff/',
        col: 'col-md-6',
      },
      {
        name: 'billedAt',
        label: 'Billed',
        kind: 'display',
        col: 'col-md-6',
        // Set from the bill list; the case's time is then locked.
        display: (v) => `${formatWhen(String(v.billedAt))}${v.billedBy ? ` by ${String(v.billedBy)}` : ''}`,
        visible: (v) => Boolean(v.billedAt),
      },
      { name: 'description', label: 'Description', kind: 'textarea', col: 'col-12' },
    ],
  },
];

/** Case basics; `create` (or the case_create route) makes a new one, ?organization= prefills its organization. */
export function CaseBasicsPage() {
  const id = useParams().caseId ?? 'create';
  const [search] = useSearchParams();
  return (
    <RecordBasics<CaseRecord>
      api="/api/manage/case"
      entityKey="case"
      historyKey="case"
      id={id}
      prefill={{ organization: search.get('organization') ?? undefined }}
      schema={caseForm}
      sections={SECTIONS}
      title={(c) => `#${c.id} ${c.title}`}
      newTitle="New Case"
      subtitle={(c) =>
        [label(c.organization), label(c.status), c.billedAt ? 'Billed' : null].filter(Boolean).join(' · ')
      }
      savedPath={(cid) => pathFor('case_basics', { caseId: cid })}
      cancelPath={pathFor('cases')}
      historyPath={(cid) => pathFor('case_history', { caseId: cid })}
      headerExtra={id === 'create' ? null : <CaseTabs caseId={id} />}
    />
  );
}

export function CaseHistoryPage() {
  const caseId = useParams().caseId ?? '';
  return (
    <HistoryView
      entity="case"
      id={caseId}
      objectClass="Case"
      backTo={pathFor('case_basics', { caseId })}
      backText="Case"
    />
  );
}
