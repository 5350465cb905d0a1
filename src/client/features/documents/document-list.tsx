// The documents of any record (an agreement, an opportunity): newest first, filtered by title or kind, each with
// its kind, signed date, file, a Download link and who uploaded it when; cards on phones; Load More.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  DOCUMENT_KINDS,
  type DocumentRecord,
  fileTypeLabel,
  formatFileSize,
} from '../../../shared/schemas/document';
import { formatWhen } from '../history/history-api';
import { type Column, type FilterDef, label, RecordList } from '../records/record-list';
import { useQueryFilters } from '../records/use-filters';

export type DocumentListProps = {
  /** API path of the documents (GET, keyset list); a file downloads from {api}/{id}/file. */
  api: string;
  /** Response key of one document: the list's query key, refreshed by every save of the basics screen. */
  entityKey: string;
  /** The parent record's header (title, figures, tabs). */
  heading: ReactNode;
  /** The basics screen of a document, or of a new one ('create'). */
  documentPath: (id: number | 'create') => string;
};

const FILTERS: FilterDef[] = [
  { name: 'q', label: 'Search', kind: 'text', placeholder: 'Title' },
  { name: 'kind', label: 'Kind', kind: 'select', options: DOCUMENT_KINDS.map((k) => ({ ...k })) },
];

const fileText = (d: DocumentRecord) =>
  typeof d.fileSize === 'number' ? `${label(d.file)} (${formatFileSize(d.fileSize)})` : label(d.file);

const uploaded = (d: DocumentRecord) =>
  d.fileUploaded ? `${formatWhen(d.fileUploaded)}${d.fileUploadedBy ? ` · ${d.fileUploadedBy}` : ''}` : '';

export function DocumentList(props: DocumentListProps) {
  const state = useQueryFilters(['q', 'kind']);
  const download = (d: DocumentRecord) =>
    d.file ? (
      <a href={`${props.api}/${d.id}/file`} download={label(d.file)} aria-label={`Download ${d.title}`}>
        Download
      </a>
    ) : null;
  const columns: Column<DocumentRecord>[] = [
    {
      key: 'title',
      label: 'Title',
      render: (d) => <Link to={props.documentPath(d.id)}>{d.title}</Link>,
    },
    { key: 'kind', label: 'Kind', render: (d) => label(d.kind) },
    { key: 'signedDate', label: 'Signed', render: (d) => d.signedDate ?? '', wide: true },
    {
      key: 'file',
      label: 'File',
      render: (d) => (
        <span title={fileTypeLabel(d.fileType)} className="text-break">
          {fileText(d)}
        </span>
      ),
    },
    { key: 'download', label: 'Download', render: download },
    { key: 'uploaded', label: 'Uploaded', render: uploaded, wide: true, className: 'text-nowrap' },
  ];
  return (
    <RecordList<DocumentRecord>
      title="Documents"
      url={props.api}
      queryKey={props.entityKey}
      heading={props.heading}
      columns={columns}
      filters={FILTERS}
      state={state}
      rowKey={(d) => d.id}
      card={(d) => (
        <div className="card card-body py-2 px-3 mb-2">
          <div className="d-flex justify-content-between gap-2">
            <Link to={props.documentPath(d.id)} className="fw-medium">
              {d.title}
            </Link>
            {download(d)}
          </div>
          <div className="small text-body-secondary">
            {[label(d.kind), d.signedDate ? `signed ${d.signedDate}` : ''].filter(Boolean).join(' · ')}
          </div>
          <div className="small text-break">{fileText(d)}</div>
          <div className="small text-body-secondary">{uploaded(d)}</div>
        </div>
      )}
      actions={
        <Link to={props.documentPath('create')} className="btn btn-sm btn-primary">
          New Document
        </Link>
      }
    />
  );
}
