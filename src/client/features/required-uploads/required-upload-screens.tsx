// /admin/required-upload (SPEC "required-upload (report notice)"): the documents each client of a group must receive
// every period, made by a client report, the security pack, or uploaded by hand: list, basics, field history.
import { Link, useParams } from 'react-router';
import { pathFor } from '../../../shared/routes';
import type { Option } from '../../../shared/schemas/common';
import { ACTIVE_CHOICES, codeOptions } from '../../../shared/schemas/fields';
import { CLIENT_FILTERS } from '../../../shared/schemas/organization';
import {
  FREQUENCIES,
  REQUIRED_UPLOAD_REPORTS,
  type RequiredUploadRecord,
  requiredUploadForm,
  UPLOADED_BY_HAND,
} from '../../../shared/schemas/required-upload';
import { Select, TextInput } from '../../ui';
import { HistoryView } from '../history/history-view';
import { RecordBasics } from '../records/record-basics';
import type { CustomFieldProps, FieldSection } from '../records/record-fields';
import { type Column, RecordList } from '../records/record-list';
import { useQueryFilters } from '../records/use-filters';

const API = '/api/admin/required-upload';
const KEY = 'requiredUpload';
const HISTORY = 'required-upload';
const REPORTS = codeOptions(REQUIRED_UPLOAD_REPORTS);

const label = (value: Option | null) => value?.label ?? '';

/** The report choice: its empty choice is a document someone uploads by hand, and says so read-only too. */
function ReportField({ value, set, readOnly, errors }: CustomFieldProps) {
  const current = value && typeof value === 'object' ? (value as Option) : null;
  if (readOnly)
    return (
      <TextInput
        label="Report"
        name="report"
        readOnly
        value={current?.label ?? UPLOADED_BY_HAND}
        onChange={() => {}}
      />
    );
  return (
    <Select
      label="Report"
      name="report"
      options={REPORTS}
      placeholder={UPLOADED_BY_HAND}
      value={current?.value ?? null}
      errors={errors}
      hint="Empty: a document someone uploads by hand."
      onChange={(v) => set(REPORTS.find((o) => o.value === v) ?? null)}
    />
  );
}

const SECTIONS: FieldSection[] = [
  {
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true, col: 'col-md-8', maxLength: 200 },
      { name: 'active', label: 'Active', kind: 'checkbox', col: 'col-md-4 sd-check-cell' },
      { name: 'description', label: 'Description', kind: 'textarea', col: 'col-12', maxLength: 2000 },
      {
        name: 'report',
        label: 'Report',
        kind: 'custom',
        col: 'col-md-6',
        render: (p) => <ReportField {...p} />,
      },
      {
        name: 'frequency',
        label: 'Frequency',
        kind: 'select',
        required: true,
        col: 'col-md-6',
        options: codeOptions(FREQUENCIES),
      },
      {
        name: 'clients',
        label: 'Clients',
        kind: 'select',
        required: true,
        col: 'col-md-6',
        options: codeOptions(CLIENT_FILTERS),
        hint: 'The organizations that must receive it.',
      },
      {
        name: 'notice',
        label: 'Notice',
        kind: 'select',
        col: 'col-md-6',
        hint: 'A notice printed with it (active notices shown on reports).',
      },
    ],
  },
];

export function RequiredUploadListPage() {
  const state = useQueryFilters(['q', 'frequency', 'active'], { active: '1' });
  const columns: Column<RequiredUploadRecord>[] = [
    {
      key: 'name',
      label: 'Name',
      render: (r) => <Link to={pathFor('required_upload_basics', { id: r.id })}>{r.name}</Link>,
    },
    { key: 'report', label: 'Report', render: (r) => label(r.report) || UPLOADED_BY_HAND, wide: true },
    { key: 'frequency', label: 'Frequency', render: (r) => label(r.frequency) },
    {
      key: 'clients',
      label: 'Clients',
      render: (r) => label(r.clients),
      wide: true,
    },
    { key: 'active', label: 'Status', render: (r) => (r.active ? 'Active' : 'Inactive') },
  ];
  return (
    <RecordList<RequiredUploadRecord>
      title="Required Uploads"
      url={API}
      queryKey={KEY}
      columns={columns}
      state={state}
      filters={[
        { name: 'q', label: 'Search', kind: 'text' },
        { name: 'frequency', label: 'Frequency', kind: 'select', options: codeOptions(FREQUENCIES) },
        { name: 'active', label: 'Show', kind: 'select', options: ACTIVE_CHOICES, emptyValue: 'all' },
      ]}
      rowKey={(r) => r.id}
      rowClassName={(r) => (r.active ? undefined : 'sd-row-inactive')}
      actions={
        <Link to={pathFor('required_upload_basics', { id: 'create' })} className="btn btn-sm btn-primary">
          New Required Upload
        </Link>
      }
    />
  );
}

export function RequiredUploadBasicsPage() {
  const id = useParams().id ?? 'create';
  return (
    <RecordBasics<RequiredUploadRecord>
      api={API}
      entityKey={KEY}
      historyKey={HISTORY}
      id={id}
      schema={requiredUploadForm}
      sections={SECTIONS}
      title={(r) => r.name}
      newTitle="New Required Upload"
      savedPath={(rid) => pathFor('required_upload_basics', { id: rid })}
      cancelPath={pathFor('required_uploads')}
      historyPath={(rid) => pathFor('required_upload_history', { id: rid })}
    />
  );
}

export function RequiredUploadHistoryPage() {
  const id = useParams().id ?? '';
  return (
    <HistoryView
      entity={HISTORY}
      id={id}
      objectClass="ReportNotice"
      backTo={pathFor('required_upload_basics', { id })}
      backText="Required Upload"
    />
  );
}
