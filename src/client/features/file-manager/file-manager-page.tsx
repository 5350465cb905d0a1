// /admin/file-manager (administrators; reached with a full page load): every stored file — documents of agreements
// and opportunities, RMM imports, report exports and packs — with size, owner and where it is used; Download, and
// Delete for a file nothing uses; the storage total.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Badge, Button } from 'react-bootstrap';
import { Link } from 'react-router';
import { fileKind } from '../../../shared/file-kinds';
import type { ListPage } from '../../../shared/schemas/common';
import type { FileList, StoredFileItem } from '../../../shared/schemas/file-manager';
import { apiDelete, errorMessages } from '../../api/http';
import { Dialog } from '../../ui';
import { formatWhen } from '../history/history-api';
import { type Column, type FilterDef, RecordList } from '../records/record-list';
import { useQueryFilters } from '../records/use-filters';
import { formatSize } from '../reports/report-format';

const API = '/api/admin/file-manager';
const QUERY_KEY = 'file-manager';

const FILTERS: FilterDef[] = [
  {
    name: 'filter',
    label: 'Show',
    kind: 'select',
    options: [{ value: 'unused', label: 'Unused' }],
    placeholder: 'All',
  },
  {
    name: 'sort',
    label: 'Sort',
    kind: 'select',
    options: [{ value: 'size', label: 'Largest first' }],
    placeholder: 'Newest first',
  },
];

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

function Totals({ first }: { first: ListPage<StoredFileItem> }) {
  const { totals } = first as FileList;
  return (
    <p className="small mb-2" data-testid="storage-total">
      <strong>
        {plural(totals.count, 'file')}, {formatSize(totals.bytes)}
      </strong>{' '}
      stored · {plural(totals.unusedCount, 'unused file')}, {formatSize(totals.unusedBytes)}
    </p>
  );
}

/** The kind users know; the media type itself on hover. */
function Kind({ file }: { file: StoredFileItem }) {
  return <span title={file.contentType}>{fileKind(file.contentType, file.name)}</span>;
}

function Uses({ file }: { file: StoredFileItem }) {
  if (!file.uses.length) return <Badge bg="secondary">Unused</Badge>;
  return (
    <ul className="list-unstyled mb-0 small">
      {file.uses.map((u) => (
        <li key={`${u.kind}-${u.href}-${u.label}`}>
          <span className="text-body-secondary">{u.kindLabel}: </span>
          <Link to={u.href}>{u.label}</Link>
        </li>
      ))}
    </ul>
  );
}

function Actions({ file, onDelete }: { file: StoredFileItem; onDelete: (file: StoredFileItem) => void }) {
  return (
    <span className="d-inline-flex gap-2 align-items-center text-nowrap">
      <a href={`${API}/${file.id}/download`} download aria-label={`Download ${file.name}`}>
        Download
      </a>
      {file.uses.length === 0 ? (
        <Button
          size="sm"
          variant="outline-danger"
          onClick={() => onDelete(file)}
          aria-label={`Delete ${file.name}`}
        >
          Delete
        </Button>
      ) : null}
    </span>
  );
}

export function FileManagerPage() {
  const state = useQueryFilters(['filter', 'sort']);
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<StoredFileItem | null>(null);
  // The dialog keeps naming its file while it fades out.
  const [target, setTarget] = useState<StoredFileItem | null>(null);
  const ask = (file: StoredFileItem) => {
    setTarget(file);
    setDeleting(file);
  };
  const [errors, setErrors] = useState<string[]>([]);
  const remove = useMutation({
    mutationFn: (file: StoredFileItem) => apiDelete(`${API}/${file.id}`),
    onSuccess: () => setErrors([]),
    onError: (error) => setErrors(errorMessages(error)),
    onSettled: () => {
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: [QUERY_KEY] });
    },
  });
  const columns: Column<StoredFileItem>[] = [
    { key: 'name', label: 'Name', render: (f) => <span className="text-break">{f.name}</span> },
    { key: 'type', label: 'Type', render: (f) => <Kind file={f} />, wide: true, className: 'text-nowrap' },
    { key: 'size', label: 'Size', render: (f) => formatSize(f.size), className: 'text-nowrap' },
    { key: 'owner', label: 'Owner', render: (f) => f.owner?.label ?? '', wide: true },
    {
      key: 'created',
      label: 'Created',
      render: (f) => formatWhen(f.created),
      wide: true,
      className: 'text-nowrap',
    },
    { key: 'uses', label: 'Where Used', render: (f) => <Uses file={f} /> },
    { key: 'actions', label: '', render: (f) => <Actions file={f} onDelete={ask} /> },
  ];
  const card = (f: StoredFileItem) => (
    <div className="card sd-card mb-2">
      <div className="card-body py-2 px-3 small">
        <div className="d-flex gap-2">
          <span className="fw-semibold text-break me-auto">{f.name}</span>
          <span className="text-nowrap">{formatSize(f.size)}</span>
        </div>
        <div className="text-body-secondary">
          <Kind file={f} /> · {formatWhen(f.created)}
          {f.owner ? ` · ${f.owner.label}` : ''}
        </div>
        <Uses file={f} />
        <div className="mt-1">
          <Actions file={f} onDelete={ask} />
        </div>
      </div>
    </div>
  );
  return (
    <>
      {errors.length ? (
        <Alert variant="danger" className="py-2 small" role="alert" dismissible onClose={() => setErrors([])}>
          {errors.map((e) => (
            <div key={e}>{e}</div>
          ))}
        </Alert>
      ) : null}
      <RecordList<StoredFileItem>
        title="File Manager"
        url={API}
        queryKey={QUERY_KEY}
        columns={columns}
        filters={FILTERS}
        state={state}
        rowKey={(f) => f.id}
        card={card}
        summary={(first) => <Totals first={first} />}
      />
      <Dialog
        show={deleting !== null}
        title="Delete"
        okayLabel="Delete"
        okayDisabled={remove.isPending}
        onOkay={() => deleting && remove.mutate(deleting)}
        onHide={() => setDeleting(null)}
      >
        Delete {target?.name}? This cannot be undone.
      </Dialog>
    </>
  );
}
