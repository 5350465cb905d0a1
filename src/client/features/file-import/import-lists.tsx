// Below the upload: the recent imports (each opens its run) and the month's SPEC §4 import file status (Missing or
// Uploaded) of each organization and kind of export.
import { useState } from 'react';
import { Badge, Button, Card, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { pathFor } from '../../../shared/routes';
import { IMPORT_KINDS } from '../../../shared/schemas/file-import';
import { CLIENT_FILTERS } from '../../../shared/schemas/organization';
import { ListTable, Select } from '../../ui';
import { formatWhen } from '../history/history-api';
import { useImportStatus, useRecentRuns } from './file-import-api';
import { StatusBadge } from './run-view';

/** Pages of a keyset list: the cursors of the pages seen, to go back. */
function usePages() {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  return {
    after: cursors[cursors.length - 1]!,
    first: cursors.length === 1,
    next: (cursor: string) => setCursors([...cursors, cursor]),
    back: () => setCursors(cursors.slice(0, -1)),
    reset: () => setCursors([null]),
  };
}

function Pager({ pages, next }: { pages: ReturnType<typeof usePages>; next: string | null | undefined }) {
  if (pages.first && !next) return null;
  return (
    <div className="d-flex gap-2 p-2">
      <Button size="sm" variant="outline-secondary" disabled={pages.first} onClick={pages.back}>
        Previous
      </Button>
      <Button size="sm" variant="outline-secondary" disabled={!next} onClick={() => next && pages.next(next)}>
        Next
      </Button>
    </div>
  );
}

export function RecentImports() {
  const pages = usePages();
  const query = useRecentRuns(pages.after);
  return (
    <Card className="sd-card mb-3">
      <Card.Header>
        <h2 className="h6 mb-0">Recent Imports</h2>
      </Card.Header>
      {query.isPending ? <Spinner animation="border" size="sm" className="m-2" aria-label="Loading" /> : null}
      <ListTable>
        <table className="table table-sm mb-0 sd-table" data-testid="recent-imports">
          <thead>
            <tr>
              <th scope="col">File</th>
              <th scope="col">Preset</th>
              <th scope="col">Status</th>
              <th scope="col">Rows</th>
              <th scope="col">Uploaded</th>
            </tr>
          </thead>
          <tbody>
            {query.data?.items.length === 0 ? (
              <tr>
                <td colSpan={5} className="text-body-secondary">
                  No Results
                </td>
              </tr>
            ) : null}
            {query.data?.items.map((run) => (
              <tr key={run.id}>
                <td className="text-break sd-cell-min">
                  <Link to={pathFor('file_import_run', { runId: run.id })}>{run.fileName}</Link>
                </td>
                <td>{run.presetLabel}</td>
                <td>
                  <StatusBadge status={run.status} />
                </td>
                <td>{run.totalRows.toLocaleString('en-US')}</td>
                <td>{formatWhen(run.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListTable>
      <Pager pages={pages} next={query.data?.next} />
    </Card>
  );
}

const thisMonth = () => new Date().toISOString().slice(0, 7);

export function ImportStatusTable() {
  const [month, setMonth] = useState(thisMonth);
  const [clients, setClients] = useState('1');
  const pages = usePages();
  const query = useImportStatus({ month, clients, after: pages.after });
  return (
    <Card className="sd-card mb-3">
      <Card.Header>
        <h2 className="h6 mb-0">Import Status</h2>
      </Card.Header>
      <Card.Body className="pb-0">
        <div className="row g-2">
          <div className="col-6 col-md-3">
            <label className="form-label" htmlFor="import-month">
              Month
            </label>
            <input
              id="import-month"
              type="month"
              className="form-control"
              value={month}
              onChange={(e) => {
                if (/^\d{4}-\d{2}$/.test(e.target.value)) {
                  setMonth(e.target.value);
                  pages.reset();
                }
              }}
            />
          </div>
          <div className="col-6 col-md-3">
            <Select
              label="Clients"
              name="clients"
              options={CLIENT_FILTERS.map((c) => ({ ...c }))}
              value={clients}
              onChange={(v) => {
                setClients(String(v ?? '1'));
                pages.reset();
              }}
            />
          </div>
        </div>
      </Card.Body>
      <ListTable>
        <table className="table table-sm mb-0 sd-table" data-testid="import-status">
          <thead>
            <tr>
              <th scope="col">Organization</th>
              {IMPORT_KINDS.map((k) => (
                <th key={k.value} scope="col">
                  {k.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {query.data?.items.length === 0 ? (
              <tr>
                <td colSpan={5} className="text-body-secondary">
                  No Results
                </td>
              </tr>
            ) : null}
            {query.data?.items.map((row) => (
              <tr key={row.organization.value}>
                <td className="text-break sd-cell-min">{row.organization.label}</td>
                {IMPORT_KINDS.map((k) => {
                  const s = row.kinds[k.value];
                  return (
                    <td key={k.value}>
                      <Badge
                        bg={s.status === 'Uploaded' ? 'success' : 'light'}
                        text={s.status === 'Uploaded' ? undefined : 'dark'}
                        title={s.uploadedAt ? formatWhen(s.uploadedAt) : undefined}
                      >
                        {s.status}
                      </Badge>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </ListTable>
      <Pager pages={pages} next={query.data?.next} />
    </Card>
  );
}
