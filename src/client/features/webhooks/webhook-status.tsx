// How an endpoint's and a delivery's state read: Enabled / Disabled / Disabled by SD6 (with why), and a delivery's
// status, "Retrying" while a failed attempt waits for the next one.
import { Badge } from 'react-bootstrap';
import {
  DELIVERY_STATUS_LABELS,
  DELIVERY_STATUSES,
  type DeliveryStatus,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../../../shared/schemas/webhook';
import { formatWhen } from '../history/history-api';

const isStatus = (value: string): value is DeliveryStatus =>
  (DELIVERY_STATUSES as readonly string[]).includes(value);

/** A delivery's status as shown: a queued delivery that has already been tried is being retried. */
export function deliveryStatusLabel(delivery: Pick<WebhookDelivery, 'status' | 'attempts'>): string {
  if (delivery.status === 'pending' && delivery.attempts > 0) return 'Retrying';
  return DELIVERY_STATUS_LABELS[delivery.status];
}

const DELIVERY_BADGE: Record<DeliveryStatus, string> = {
  pending: 'secondary',
  sending: 'primary',
  succeeded: 'success',
  failed: 'danger',
};

export function DeliveryBadge({ delivery }: { delivery: Pick<WebhookDelivery, 'status' | 'attempts'> }) {
  const retrying = delivery.status === 'pending' && delivery.attempts > 0;
  return (
    <Badge bg={retrying ? 'warning' : DELIVERY_BADGE[delivery.status]} text={retrying ? 'dark' : undefined}>
      {deliveryStatusLabel(delivery)}
    </Badge>
  );
}

/** "Enabled", "Disabled", or "Disabled by SD6" when SD6 switched it off (its reason is shown beside). */
export function endpointStatusLabel(endpoint: Pick<WebhookEndpoint, 'enabled' | 'disabledReason'>): string {
  if (endpoint.enabled) return 'Enabled';
  return endpoint.disabledReason ? 'Disabled by SD6' : 'Disabled';
}

/**
 * The endpoint's state; SD6's reason for switching it off is a warning, not a footnote (on phones a badge, with the
 * reason across the row: see the list).
 */
export function EndpointStatus({ endpoint }: { endpoint: WebhookEndpoint }) {
  if (!endpoint.enabled && endpoint.disabledReason) {
    return (
      <>
        <div className="d-none d-md-block">
          <DisabledBySd6 endpoint={endpoint} testId="disabled-by-sd6" />
        </div>
        <Badge bg="warning" text="dark" className="d-md-none">
          Disabled by SD6
        </Badge>
      </>
    );
  }
  return <Badge bg={endpoint.enabled ? 'success' : 'secondary'}>{endpointStatusLabel(endpoint)}</Badge>;
}

export function DisabledBySd6({ endpoint, testId }: { endpoint: WebhookEndpoint; testId?: string }) {
  return (
    <div className="alert alert-warning py-1 px-2 small mb-0 text-break" data-testid={testId}>
      <strong>Disabled by SD6:</strong> {endpoint.disabledReason}
    </div>
  );
}

/** Since when every delivery has failed; nothing while the endpoint is healthy. */
export function FailingSince({ endpoint }: { endpoint: WebhookEndpoint }) {
  if (!endpoint.failingSince) return null;
  return <span className="text-danger text-nowrap">{formatWhen(endpoint.failingSince)}</span>;
}

/** The last delivery in a line: its status, the receiver's answer and when. */
export function LastDelivery({ endpoint }: { endpoint: WebhookEndpoint }) {
  const last = endpoint.lastDelivery;
  if (!last) return <span className="text-body-secondary">None yet</span>;
  return (
    <span>
      {lastDeliveryText(endpoint)}
      <span className="d-block small text-body-secondary text-nowrap">{formatWhen(last.at)}</span>
    </span>
  );
}

/** "Delivered (200)", "Failed (500)", "None yet". */
export function lastDeliveryText(endpoint: WebhookEndpoint): string {
  const last = endpoint.lastDelivery;
  if (!last) return 'None yet';
  const label = isStatus(last.status) ? DELIVERY_STATUS_LABELS[last.status] : last.status;
  return `${label}${last.responseCode !== null ? ` (${last.responseCode})` : ''}`;
}

/** "3 events" / "1 event". */
export const eventsCount = (count: number) => `${count} ${count === 1 ? 'event' : 'events'}`;
