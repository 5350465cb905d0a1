// An organization's required uploads (documents it must receive periodically: Received, Due or Overdue) and this
// month's RMM import status per kind (SPEC §4: Missing or Uploaded).
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Spinner } from 'react-bootstrap';
import type { RequiredUploadStatus, UploadState } from '../../../shared/reports';
import type { ListPage } from '../../../shared/schemas/common';
import { IMPORT_KINDS, type ImportStatusRow } from '../../../shared/schemas/file-import';
import { apiGet } from '../../api/http';
import { ListTable } from '../../ui';
import { formatDayOrInstant } from './report-format';

const STATE_BADGE: Record<UploadState, string> = { RECEIVED: 'success', DUE: 'warning', OVERDUE: 'danger' };

/** "2026-03" of a day in the browser's calendar. */
export const monthOf = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
const monthName = (d: Date) => d.toLocaleDateString('en-US', { month: 'long', year: 'numeric' });

export function RequiredUploads({
  organization,
  openOnly = false,
}: {
  organization: string;
  openOnly?: boolean;
}) {
  const uploads = useQuery({
    queryKey: ['required-uploads', organization],
    queryFn: ({ signal }) =>
      apiGet<{ items: RequiredUploadStatus[] }>('/api/report/required-uploads', {
        signal,
        query: { organization },
      }),
  });
  if (uploads.isPending) return <Spinner animation="border" size="sm" role="status" aria-label="Loading" />;
  if (uploads.isError) return <Alert variant="danger">{uploads.error.message}</Alert>;
  const items = openOnly
    ? uploads.data.items.filter((i) => i.state.value !== 'RECEIVED')
    : uploads.data.items;
  if (openOnly && items.length === 0) return null;
  return (
    <section aria-labelledby="required-uploads" className="mb-4">
      <h2 id="required-uploads" className="h6">
        {openOnly ? 'Required Uploads Due' : 'Required Uploads'}
      </h2>
      {items.length === 0 ? (
        <p className="text-body-secondary small">No required uploads for this organization.</p>
      ) : (
        <ListTable>
          <table className="table table-sm align-middle sd-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col" className="d-none d-md-table-cell">
                  Frequency
                </th>
                <th scope="col">Period</th>
                <th scope="col" className="d-none d-md-table-cell">
                  Last Sent
                </th>
                <th scope="col">Due On</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {items.map((i) => (
                <tr key={i.id}>
                  <td>{i.name}</td>
                  <td className="d-none d-md-table-cell">{i.frequency.label}</td>
                  <td>{i.period.label}</td>
                  <td className="d-none d-md-table-cell">
                    {i.lastSent ? (
                      <a href={i.lastSent.download} download title={i.lastSent.title}>
                        {formatDayOrInstant(i.lastSent.at)}
                      </a>
                    ) : (
                      'Never'
                    )}
                  </td>
                  <td className="text-nowrap">{i.dueOn}</td>
                  <td>
                    <Badge bg={STATE_BADGE[i.state.value] ?? 'secondary'}>{i.state.label}</Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ListTable>
      )}
    </section>
  );
}

export function ImportStatus({ organization, today = new Date() }: { organization: string; today?: Date }) {
  const month = monthOf(today);
  const status = useQuery({
    queryKey: ['import-status', organization, month],
    queryFn: ({ signal }) =>
      apiGet<ListPage<ImportStatusRow>>('/api/admin/file-import/status', {
        signal,
        query: { month, organization },
      }),
  });
  return (
    <section aria-labelledby="import-status" className="mb-4">
      <h2 id="import-status" className="h6">
        RMM Imports, {monthName(today)}
      </h2>
      {status.isPending ? (
        <Spinner animation="border" size="sm" role="status" aria-label="Loading" />
      ) : status.isError ? (
        <Alert variant="danger">{status.error.message}</Alert>
      ) : (
        <ul className="list-unstyled row row-cols-2 row-cols-md-4 g-2 mb-0">
          {IMPORT_KINDS.map(({ value: kind, label }) => {
            const item = status.data.items.find((i) => String(i.organization.value) === organization)?.kinds[
              kind
            ];
            const uploaded = item?.status === 'Uploaded';
            return (
              <li key={kind} className="col">
                <div className="card h-100">
                  <div className="card-body py-2 px-3 small">
                    <div className="fw-semibold">{label}</div>
                    <Badge bg={uploaded ? 'success' : 'secondary'}>{uploaded ? 'Uploaded' : 'Missing'}</Badge>
                    {uploaded && item?.uploadedAt ? (
                      <div className="text-body-secondary">{formatDayOrInstant(item.uploadedAt)}</div>
                    ) : null}
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
