// Beside an endpoint's form: its signing secret (which one signs, Rotate with an overlap) and Send test event with
// the answer of its first attempt.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button, Card } from 'react-bootstrap';
import {
  DEFAULT_OVERLAP_HOURS,
  ROTATION_OVERLAP_HOURS,
  WEBHOOK_HISTORY_KEY,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../../../shared/schemas/webhook';
import { errorMessages } from '../../api/http';
import { Dialog, Select } from '../../ui';
import { formatWhen, historyKey } from '../history/history-api';
import type { ShownSecret } from './secret-panel';
import { DeliveryBadge } from './webhook-status';
import { rotateSecret, sendTestEvent, WEBHOOKS_KEY, webhookKey } from './webhooks-api';

const OVERLAP_OPTIONS = ROTATION_OVERLAP_HOURS.map((hours) => ({
  value: hours,
  label: hours === 0 ? 'None: the old secret stops now' : `${hours} ${hours === 1 ? 'hour' : 'hours'}`,
}));

export function SecretCard({
  endpoint,
  onRotated,
}: {
  endpoint: WebhookEndpoint;
  onRotated: (shown: ShownSecret) => void;
}) {
  const queryClient = useQueryClient();
  const [overlapHours, setOverlapHours] = useState<number>(DEFAULT_OVERLAP_HOURS);
  const [confirm, setConfirm] = useState(false);
  const rotate = useMutation({
    mutationFn: () => rotateSecret(endpoint.id, overlapHours),
    onSuccess: ({ item, secret }) => {
      queryClient.setQueryData(webhookKey(item.id), item);
      void queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
      void queryClient.invalidateQueries({ queryKey: historyKey(WEBHOOK_HISTORY_KEY, item.id) });
      onRotated({ secret, rotated: true, overlapHours });
    },
    onSettled: () => setConfirm(false),
  });
  const overlapping = endpoint.previousSecretUntil && new Date(endpoint.previousSecretUntil) > new Date();
  return (
    <Card className="sd-card mb-3">
      <Card.Header>
        <h2 className="h6 mb-0">Signing Secret</h2>
      </Card.Header>
      <Card.Body>
        <p className="small mb-2">
          The current secret ends in <code data-testid="secret-hint">…{endpoint.secretHint}</code>.
          {overlapping
            ? ` The previous secret also signs until ${formatWhen(endpoint.previousSecretUntil!)}.`
            : ''}
        </p>
        {rotate.isError ? (
          <Alert variant="danger" className="py-2 small" role="alert">
            {errorMessages(rotate.error).join(' ')}
          </Alert>
        ) : null}
        <Select
          label="Old secret keeps signing for"
          name="overlapHours"
          options={OVERLAP_OPTIONS}
          value={overlapHours}
          onChange={(v) => setOverlapHours(v === null ? DEFAULT_OVERLAP_HOURS : Number(v))}
          hint="During the overlap both the old and the new secret sign each delivery, so the receiver can switch without missing one."
        />
        <Button
          size="sm"
          variant="outline-primary"
          onClick={() => setConfirm(true)}
          disabled={rotate.isPending}
        >
          Rotate secret
        </Button>
      </Card.Body>
      <Dialog
        show={confirm}
        title="Rotate Secret"
        okayLabel="Rotate"
        okayDisabled={rotate.isPending}
        onOkay={() => rotate.mutate()}
        onHide={() => setConfirm(false)}
      >
        {overlapHours > 0
          ? `Make a new signing secret? The old one keeps signing for ${OVERLAP_OPTIONS.find((o) => o.value === overlapHours)?.label} beside it.`
          : 'Make a new signing secret? The old one stops signing now: the receiver refuses deliveries until it has the new one.'}
      </Dialog>
    </Card>
  );
}

/** The first attempt's answer, in words. */
function TestResult({ delivery }: { delivery: WebhookDelivery }) {
  const ok = delivery.status === 'succeeded';
  return (
    <Alert
      variant={ok ? 'success' : 'danger'}
      className="py-2 small mb-0 mt-2 text-break"
      data-testid="test-result"
    >
      <div className="d-flex flex-wrap align-items-center gap-2">
        <DeliveryBadge delivery={delivery} />
        <span>{delivery.responseCode !== null ? `HTTP ${delivery.responseCode}` : 'No answer'}</span>
      </div>
      {delivery.error ? <div className="mt-1">{delivery.error}</div> : null}
      {!ok && delivery.nextAttemptAt ? (
        <div className="mt-1">Next attempt {formatWhen(delivery.nextAttemptAt)}.</div>
      ) : null}
    </Alert>
  );
}

export function TestEventCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const queryClient = useQueryClient();
  const test = useMutation({
    mutationFn: () => sendTestEvent(endpoint.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
  return (
    <Card className="sd-card mb-3">
      <Card.Header>
        <h2 className="h6 mb-0">Test</h2>
      </Card.Header>
      <Card.Body>
        <p className="small mb-2">
          Sends a <code>{WEBHOOK_TEST_EVENT}</code> event now, whatever the endpoint subscribes to, and shows
          the receiver’s answer.
        </p>
        <Button size="sm" variant="outline-primary" onClick={() => test.mutate()} disabled={test.isPending}>
          {test.isPending ? 'Sending…' : 'Send test event'}
        </Button>
        <div role="status" aria-live="polite">
          {test.data ? <TestResult delivery={test.data} /> : null}
          {test.isError ? (
            <Alert variant="danger" className="py-2 small mb-0 mt-2">
              {errorMessages(test.error).join(' ')}
            </Alert>
          ) : null}
        </div>
      </Card.Body>
    </Card>
  );
}
