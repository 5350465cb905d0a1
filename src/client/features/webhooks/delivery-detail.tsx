// One delivery: what it is about, the payload exactly as sent and signed, and every attempt with its answer.
import { useQuery } from '@tanstack/react-query';
import { Alert, Spinner } from 'react-bootstrap';
import type { WebhookDelivery } from '../../../shared/schemas/webhook';
import { Dialog, ListTable } from '../../ui';
import { formatWhen } from '../history/history-api';
import { DeliveryBadge } from './webhook-status';
import { deliveryKey, loadDelivery } from './webhooks-api';

function Facts({ delivery }: { delivery: WebhookDelivery }) {
  const rows: [string, React.ReactNode][] = [
    ['Status', <DeliveryBadge key="s" delivery={delivery} />],
    ['Event', <code key="e">{delivery.eventType}</code>],
    ['About', delivery.entity],
    ['webhook-id', <code key="m">{delivery.messageId}</code>],
    ['Created', formatWhen(delivery.created)],
    ['Attempts', delivery.attempts],
  ];
  if (delivery.deliveredAt) rows.push(['Delivered', formatWhen(delivery.deliveredAt)]);
  if (delivery.nextAttemptAt) rows.push(['Next attempt', formatWhen(delivery.nextAttemptAt)]);
  if (delivery.redeliveryOf) rows.push(['Redelivery of', `#${delivery.redeliveryOf}`]);
  if (delivery.error) rows.push(['Last error', delivery.error]);
  return (
    <dl className="row small mb-3">
      {rows.map(([term, value]) => (
        <div key={term} className="col-12 d-flex flex-wrap column-gap-2">
          <dt className="fw-semibold" style={{ minWidth: '7rem' }}>
            {term}
          </dt>
          <dd className="mb-1 text-break">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function DeliveryDetail({
  endpointId,
  delivery,
  onHide,
}: {
  endpointId: number;
  /** The row opened; null: closed. */
  delivery: WebhookDelivery | null;
  onHide: () => void;
}) {
  const detail = useQuery({
    queryKey: deliveryKey(endpointId, delivery?.id ?? 0),
    queryFn: ({ signal }) => loadDelivery(endpointId, delivery!.id, signal),
    enabled: delivery !== null,
    staleTime: 0,
  });
  const item = detail.data?.item ?? delivery;
  return (
    <Dialog
      show={delivery !== null}
      title={delivery ? `Delivery #${delivery.id}` : 'Delivery'}
      size="lg"
      scrollable
      panelWidth="full"
      showCancel={false}
      showOkay={false}
      onHide={onHide}
      data-testid="delivery-detail"
    >
      {item ? <Facts delivery={item} /> : null}
      {detail.isPending ? <Spinner animation="border" size="sm" role="status" aria-label="Loading" /> : null}
      {detail.isError ? <Alert variant="danger">{detail.error.message}</Alert> : null}
      {detail.data ? (
        <>
          <h3 className="h6">Payload</h3>
          <pre
            className="bg-body-tertiary border rounded p-2 small mb-3"
            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
            data-testid="delivery-payload"
          >
            {detail.data.payload}
          </pre>
          <h3 className="h6">Attempts</h3>
          {detail.data.history.length === 0 ? (
            <p className="small text-body-secondary mb-0">Not tried yet.</p>
          ) : (
            <ListTable>
              <table className="table table-sm align-middle sd-table mb-0" aria-label="Attempts">
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Answer</th>
                    <th scope="col">Time</th>
                    <th scope="col">Error</th>
                  </tr>
                </thead>
                <tbody>
                  {detail.data.history.map((a) => (
                    <tr key={a.at}>
                      <td className="text-nowrap">{formatWhen(a.at)}</td>
                      <td>{a.responseCode ?? '—'}</td>
                      <td className="text-nowrap">{a.durationMs} ms</td>
                      <td className="text-break">{a.error ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ListTable>
          )}
        </>
      ) : null}
    </Dialog>
  );
}
