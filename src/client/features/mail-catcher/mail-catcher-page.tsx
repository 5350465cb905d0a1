// /resources/mail-catcher (administrators; dev and design): the mail the app sent or caught, newest first; open one
// to read it with its links clickable; Delete All.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Badge, Button, Modal, Spinner } from 'react-bootstrap';
import type { CaughtMail, CaughtMailPage } from '../../../shared/schemas/mail-catcher';
import { apiDelete, apiGet } from '../../api/http';
import { ListTable } from '../../ui';
import { formatWhen } from '../history/history-api';
import { linkify } from './linkify';

const KEY = ['mail-catcher'] as const;

const STATUS_VARIANT: Record<string, string> = {
  CAUGHT: 'info',
  SENT: 'success',
  QUEUED: 'secondary',
  FAILED: 'danger',
};

export function MailCatcherPage() {
  const queryClient = useQueryClient();
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useInfiniteQuery({
    queryKey: KEY,
    queryFn: ({ pageParam, signal }) =>
      apiGet<{ mail: CaughtMailPage }>('/api/mail-catcher', {
        signal,
        query: { after: pageParam ?? undefined },
      }).then((r) => r.mail),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    staleTime: 0,
  });
  const deleteAll = useMutation({
    mutationFn: () => apiDelete<{ deleted: number }>('/api/mail-catcher'),
    onSuccess: () => queryClient.resetQueries({ queryKey: KEY }),
  });
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section aria-labelledby="mail-catcher-heading">
      <div className="sd-page-head">
        <div>
          <h1 id="mail-catcher-heading" className="h4 mb-0">
            Mail Catcher
          </h1>
          <div className="text-body-secondary small">
            Mail the app sent. Without SMTP_URL it is caught here instead of being delivered.
          </div>
        </div>
        <div className="d-flex gap-2 text-nowrap">
          <Button size="sm" variant="outline-secondary" onClick={() => void list.refetch()}>
            Refresh
          </Button>
          <Button
            size="sm"
            variant="outline-danger"
            disabled={items.length === 0 || deleteAll.isPending}
            onClick={() => {
              if (window.confirm('Delete all mail in the mail catcher?')) deleteAll.mutate();
            }}
          >
            Delete All
          </Button>
        </div>
      </div>
      {deleteAll.isError ? <Alert variant="danger">{deleteAll.error.message}</Alert> : null}
      {list.isPending ? <Spinner animation="border" size="sm" role="status" aria-label="Loading" /> : null}
      {list.isError ? <Alert variant="danger">{list.error.message}</Alert> : null}
      {list.data ? (
        <ListTable>
          <table className="table table-sm table-hover align-middle sd-table">
            <thead>
              <tr>
                <th scope="col" className="d-none d-md-table-cell">
                  To
                </th>
                <th scope="col">Subject</th>
                <th scope="col">Status</th>
                <th scope="col">When</th>
              </tr>
            </thead>
            <tbody>
              {items.length === 0 ? (
                <tr>
                  <td colSpan={4} className="text-body-secondary">
                    No Results
                  </td>
                </tr>
              ) : (
                items.map((m) => (
                  <tr key={m.id}>
                    <td className="d-none d-md-table-cell text-break">{m.to}</td>
                    <td>
                      <Button
                        variant="link"
                        size="sm"
                        className="p-0 text-start"
                        onClick={() => setOpenId(m.id)}
                      >
                        {m.subject || '(no subject)'}
                      </Button>
                      {/* Phones: the address under the subject instead of a narrow column of its own. */}
                      <div className="d-md-none small text-body-secondary text-break">{m.to}</div>
                    </td>
                    <td>
                      <Badge bg={STATUS_VARIANT[m.status] ?? 'secondary'}>{m.status}</Badge>
                    </td>
                    <td className="text-nowrap">{formatWhen(m.createdAt)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </ListTable>
      ) : null}
      {list.hasNextPage ? (
        <Button
          size="sm"
          variant="outline-primary"
          onClick={() => void list.fetchNextPage()}
          disabled={list.isFetchingNextPage}
        >
          Load More
        </Button>
      ) : null}
      {openId !== null ? <MailModal id={openId} onClose={() => setOpenId(null)} /> : null}
    </section>
  );
}

function MailModal({ id, onClose }: { id: number; onClose: () => void }) {
  const mail = useQuery({
    queryKey: [...KEY, id],
    queryFn: ({ signal }) =>
      apiGet<{ message: CaughtMail }>(`/api/mail-catcher/${id}`, { signal }).then((r) => r.message),
  });
  return (
    <Modal show onHide={onClose} size="lg" aria-labelledby="mail-subject">
      <Modal.Header closeButton>
        <Modal.Title id="mail-subject" as="h2" className="h5">
          {mail.data?.subject ?? 'Mail'}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {mail.isPending ? <Spinner animation="border" size="sm" role="status" aria-label="Loading" /> : null}
        {mail.isError ? <Alert variant="danger">{mail.error.message}</Alert> : null}
        {mail.data ? <MailBody mail={mail.data} /> : null}
      </Modal.Body>
    </Modal>
  );
}

function MailBody({ mail }: { mail: CaughtMail }) {
  return (
    <>
      <dl className="row small mb-3">
        <dt className="col-3 col-sm-2">To</dt>
        <dd className="col-9 col-sm-10 text-break">{mail.to}</dd>
        <dt className="col-3 col-sm-2">When</dt>
        <dd className="col-9 col-sm-10">{formatWhen(mail.createdAt)}</dd>
        <dt className="col-3 col-sm-2">Status</dt>
        <dd className="col-9 col-sm-10">
          {mail.status}
          {mail.error ? <span className="text-danger"> ({mail.error})</span> : null}
        </dd>
      </dl>
      <div className="border rounded p-3 bg-body-tertiary text-break sd-pre-line" data-testid="mail-text">
        {linkify(mail.text).map((part, i) =>
          part.kind === 'link' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
            <a key={i} href={part.href} rel="noopener noreferrer">
              {part.href}
            </a>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
            <span key={i}>{part.text}</span>
          ),
        )}
      </div>
    </>
  );
}
