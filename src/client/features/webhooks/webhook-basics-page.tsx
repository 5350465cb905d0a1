// /admin/webhooks/:id (numeric or create): an endpoint's form, its signing secret (shown once after a create or a
// rotation), Send test event, and its delivery log; a new endpoint's form alone.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Alert, Spinner } from 'react-bootstrap';
import { Navigate, useParams } from 'react-router';
import { pathFor } from '../../../shared/routes';
import { errorPageStatus } from '../../api/entity';
import { loadProblem } from '../../api/query-client';
import { formatWhen } from '../history/history-api';
import { DeliveryLog } from './delivery-log';
import { SecretCard, TestEventCard } from './endpoint-actions';
import { forgetSecret, handedOverSecret, SecretPanel, type ShownSecret } from './secret-panel';
import { WebhookFormCard } from './webhook-form';
import { WebhookTabs } from './webhook-history-page';
import { EndpointStatus } from './webhook-status';
import { listWebhooks, loadWebhook, webhookKey, webhookListKey } from './webhooks-api';

export function WebhookBasicsPage() {
  const id = useParams().id ?? 'create';
  // A new screen for each endpoint: a create that saves moves to the endpoint's own screen with its secret.
  return id === 'create' ? <NewEndpoint /> : <Endpoint key={id} id={id} />;
}

/** Whether this server accepts private receivers (the list's answer; it says so in the address's hint). */
function useAllowPrivate(): boolean {
  const list = useQuery({ queryKey: webhookListKey, queryFn: ({ signal }) => listWebhooks(signal) });
  return list.data?.allowPrivate ?? false;
}

function NewEndpoint() {
  const allowPrivate = useAllowPrivate();
  return (
    <>
      <div className="sd-page-head">
        <h1 className="h4 mb-0">New Endpoint</h1>
      </div>
      <div className="row">
        <div className="col-xl-8">
          <WebhookFormCard endpoint={null} allowPrivate={allowPrivate} />
        </div>
      </div>
    </>
  );
}

function Endpoint({ id }: { id: string }) {
  const allowPrivate = useAllowPrivate();
  const query = useQuery({
    queryKey: webhookKey(id),
    queryFn: ({ signal }) => loadWebhook(id, signal),
    staleTime: 0,
  });
  // The secret of an endpoint just created, handed over by its form: shown here once.
  const [shown, setShown] = useState<ShownSecret | null>(() => {
    const secret = handedOverSecret(Number(id));
    return secret ? { secret, rotated: false, overlapHours: 0 } : null;
  });
  useEffect(() => forgetSecret(Number(id)), [id]);
  const goTo = errorPageStatus(query.error);
  if (goTo) return <Navigate to={pathFor('error', { statusCode: goTo })} replace />;
  const endpoint = query.data;
  const problem = loadProblem(query);
  return (
    <>
      <div className="sd-page-head">
        <div className="text-break" style={{ minWidth: 0 }}>
          <h1 className="h4 mb-1">{endpoint?.url ?? 'Endpoint'}</h1>
          {endpoint && (endpoint.enabled || !endpoint.disabledReason) ? (
            <EndpointStatus endpoint={endpoint} />
          ) : null}
        </div>
      </div>
      <WebhookTabs id={id} />
      {query.isPending ? <Spinner animation="border" size="sm" role="status" aria-label="Loading" /> : null}
      {problem ? <Alert variant="danger">{problem.message}</Alert> : null}
      {endpoint ? (
        <>
          {!endpoint.enabled && endpoint.disabledReason ? (
            <Alert variant="warning" className="text-break" data-testid="disabled-by-sd6">
              <div className="fw-semibold">Disabled by SD6: {endpoint.disabledReason}</div>
              <div className="small mt-1">
                Once the receiver answers again, Send test event, then Edit, switch Enabled on and Save.
              </div>
            </Alert>
          ) : endpoint.failingSince ? (
            <Alert variant="warning" className="small" data-testid="failing-since">
              Every delivery has failed since {formatWhen(endpoint.failingSince)}. SD6 disables the endpoint
              after 24 hours of failures.
            </Alert>
          ) : null}
          {shown ? <SecretPanel shown={shown} onDismiss={() => setShown(null)} /> : null}
          <div className="row">
            <div className="col-lg-7">
              <WebhookFormCard endpoint={endpoint} allowPrivate={allowPrivate} />
            </div>
            <div className="col-lg-5">
              <TestEventCard endpoint={endpoint} />
              <SecretCard endpoint={endpoint} onRotated={setShown} />
            </div>
          </div>
          <DeliveryLog endpointId={endpoint.id} />
        </>
      ) : null}
    </>
  );
}
