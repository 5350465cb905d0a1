// An endpoint's deliveries, newest first, with a status filter and Load More: status, event, the receiver's answer,
// when, attempts and Redeliver. A row opens the delivery (payload and attempts).
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card } from 'react-bootstrap';
import {
  DELIVERY_STATUS_LABELS,
  DELIVERY_STATUSES,
  type DeliveryStatus,
  type WebhookDelivery,
  type WebhookDeliveryList,
} from '../../../shared/schemas/webhook';
import { errorMessages } from '../../api/http';
import { ListTable, Select, TableStateRow } from '../../ui';
import { formatWhen } from '../history/history-api';
import { DeliveryDetail } from './delivery-detail';
import { DeliveryBadge, deliveryStatusLabel } from './webhook-status';
import { deliveriesKey, listDeliveries, redeliver, WEBHOOKS_KEY, webhookKey } from './webhooks-api';

const STATUS_OPTIONS = DELIVERY_STATUSES.map((value) => ({ value, label: DELIVERY_STATUS_LABELS[value] }));
const WIDE = 'd-none d-md-table-cell';
const SOON_MS = 60_000;

/**
 * While a delivery shown is still open the log asks again by itself: every 3 s while one is being sent or due within
 * a minute (the first retry comes after 5 s), every 30 s while the next attempts are further off.
 */
export function pollInterval(pages: WebhookDeliveryList[] | undefined, now = Date.now()): number | false {
  const open = (pages ?? [])
    .flatMap((p) => p.items)
    .filter((d) => d.status === 'pending' || d.status === 'sending');
  if (open.length === 0) return false;
  const soon = open.some(
    (d) => d.status === 'sending' || !d.nextAttemptAt || new Date(d.nextAttemptAt).getTime() - now < SOON_MS,
  );
  return soon ? 3000 : 30_000;
}

export function DeliveryLog({ endpointId }: { endpointId: number }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<DeliveryStatus | null>(null);
  const [open, setOpen] = useState<WebhookDelivery | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const list = useInfiniteQuery({
    queryKey: deliveriesKey(endpointId, status),
    queryFn: ({ pageParam, signal }) => listDeliveries(endpointId, status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    staleTime: 0,
    refetchInterval: (query) => pollInterval(query.state.data?.pages),
  });
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  // A delivery that ends changes the endpoint too (its last delivery, since when it fails): ask for it again.
  const states = rows.map((d) => `${d.id}:${d.status}`).join();
  const seen = useRef(states);
  useEffect(() => {
    if (seen.current === states) return;
    const first = seen.current === '';
    seen.current = states;
    if (!first) void queryClient.invalidateQueries({ queryKey: webhookKey(endpointId) });
  }, [states, endpointId, queryClient]);
  const again = useMutation({
    mutationFn: (delivery: WebhookDelivery) => redeliver(endpointId, delivery.id),
    onSuccess: (delivery) =>
      setNotice({
        ok: delivery.status !== 'failed',
        text:
          delivery.status === 'pending' || delivery.status === 'sending'
            ? `Redelivered as #${delivery.id}: queued, sent in a moment.`
            : `Redelivered as #${delivery.id}: ${deliveryStatusLabel(delivery)}${
                delivery.responseCode !== null ? ` (${delivery.responseCode})` : ''
              }${delivery.error ? `. ${delivery.error}` : ''}`,
      }),
    onError: (error) => setNotice({ ok: false, text: errorMessages(error).join(' ') }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });

  return (
    <Card className="sd-card mb-3">
      <Card.Header className="d-flex flex-wrap align-items-center gap-2">
        <h2 className="h6 mb-0 me-auto">Deliveries</h2>
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={() => queryClient.invalidateQueries({ queryKey: deliveriesKey(endpointId, status) })}
        >
          Refresh
        </Button>
      </Card.Header>
      <Card.Body>
        <div className="row">
          <div className="col-sm-6 col-md-4 col-xl-3">
            <Select
              label="Status"
              name="deliveryStatus"
              options={STATUS_OPTIONS}
              placeholder="All statuses"
              value={status}
              onChange={(v) => setStatus(v === null ? null : (v as DeliveryStatus))}
            />
          </div>
        </div>
        {notice ? (
          <Alert
            variant={notice.ok ? 'success' : 'danger'}
            className="py-2 small text-break"
            dismissible
            onClose={() => setNotice(null)}
            data-testid="redeliver-result"
          >
            {notice.text}
          </Alert>
        ) : null}
        {list.isError ? <Alert variant="danger">{list.error.message}</Alert> : null}
        <ListTable>
          <table
            className="table table-sm table-hover align-middle sd-table mb-2"
            aria-label="Deliveries"
            aria-busy={list.isFetching}
          >
            <thead>
              <tr>
                <th scope="col">Status</th>
                <th scope="col">Event</th>
                <th scope="col" className={WIDE}>
                  Response
                </th>
                <th scope="col" className={WIDE}>
                  Time
                </th>
                <th scope="col" className={WIDE}>
                  Attempts
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.isPending || rows.length === 0 ? (
                <TableStateRow pending={list.isPending} colSpan={6} />
              ) : (
                rows.map((d) => (
                  <tr
                    key={d.id}
                    onClick={() => setOpen(d)}
                    style={{ cursor: 'pointer' }}
                    data-testid="delivery-row"
                  >
                    <td>
                      <DeliveryBadge delivery={d} />
                      {/* Phones: the answer under the status (its column is hidden there). */}
                      {d.responseCode !== null ? (
                        <div className="small d-md-none">{d.responseCode}</div>
                      ) : null}
                    </td>
                    <td>
                      {/* The keyboard's way into the delivery (the row's click is the mouse's). */}
                      <button
                        type="button"
                        className="btn btn-link btn-sm p-0 text-start font-monospace"
                        onClick={(e) => {
                          e.stopPropagation();
                          setOpen(d);
                        }}
                      >
                        {d.eventType}
                      </button>
                      <div className="small text-body-secondary text-nowrap d-md-none">
                        {formatWhen(d.created)}
                      </div>
                    </td>
                    <td className={WIDE}>{d.responseCode ?? '—'}</td>
                    <td className={`${WIDE} text-nowrap`}>{formatWhen(d.created)}</td>
                    <td className={WIDE}>{d.attempts}</td>
                    <td className="text-end">
                      <Button
                        size="sm"
                        variant="outline-primary"
                        disabled={again.isPending || d.status === 'pending' || d.status === 'sending'}
                        aria-label={`Redeliver ${d.eventType} #${d.id}`}
                        onClick={(e) => {
                          e.stopPropagation();
                          setNotice(null);
                          again.mutate(d);
                        }}
                      >
                        Redeliver
                      </Button>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </ListTable>
        {list.hasNextPage ? (
          <Button
            size="sm"
            variant="outline-primary"
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
          >
            {list.isFetchingNextPage ? 'Loading…' : 'Load More'}
          </Button>
        ) : null}
      </Card.Body>
      <DeliveryDetail endpointId={endpointId} delivery={open} onHide={() => setOpen(null)} />
    </Card>
  );
}
