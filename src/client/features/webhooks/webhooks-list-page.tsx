// /admin/webhooks: the endpoints with their events, state (SD6's reason when it disabled one), since when they fail
// and their last delivery; New Endpoint.
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'react-bootstrap';
import { Link } from 'react-router';
import { pathFor } from '../../../shared/routes';
import type { WebhookEndpoint } from '../../../shared/schemas/webhook';
import { loadProblem } from '../../api/query-client';
import { ListTable, TableStateRow } from '../../ui';
import {
  DisabledBySd6,
  EndpointStatus,
  eventsCount,
  FailingSince,
  LastDelivery,
  lastDeliveryText,
} from './webhook-status';
import { listWebhooks, webhookListKey } from './webhooks-api';

const WIDE = 'd-none d-md-table-cell';

function EndpointCell({ endpoint }: { endpoint: WebhookEndpoint }) {
  return (
    <>
      <Link to={pathFor('webhook_basics', { id: endpoint.id })} className="text-break">
        {endpoint.url}
      </Link>
      {endpoint.description ? (
        <div className="small text-body-secondary text-break">{endpoint.description}</div>
      ) : null}
      {/* Phones: the columns hidden there, in a line. */}
      <div className="small text-body-secondary d-md-none">
        {eventsCount(endpoint.events.length)} · Last delivery: {lastDeliveryText(endpoint)}
        {endpoint.failingSince ? (
          <span>
            {' · '}Failing since <FailingSince endpoint={endpoint} />
          </span>
        ) : null}
      </div>
      {!endpoint.enabled && endpoint.disabledReason ? (
        <div className="d-md-none mt-1">
          <DisabledBySd6 endpoint={endpoint} />
        </div>
      ) : null}
    </>
  );
}

export function WebhooksListPage() {
  const list = useQuery({
    queryKey: webhookListKey,
    queryFn: ({ signal }) => listWebhooks(signal),
    staleTime: 0,
  });
  const problem = loadProblem(list);
  const items = list.data?.items ?? [];
  return (
    <>
      <div className="sd-page-head">
        <div>
          <h1 className="h4 mb-0">Webhooks</h1>
          <div className="small text-body-secondary">
            SD6 sends signed events (Standard Webhooks) to these endpoints as things happen.
          </div>
        </div>
        <Link to={pathFor('webhook_basics', { id: 'create' })} className="btn btn-sm btn-primary text-nowrap">
          New Endpoint
        </Link>
      </div>
      {problem ? <Alert variant="danger">{problem.message}</Alert> : null}
      <ListTable>
        <table className="table table-sm table-hover align-middle sd-table" aria-busy={list.isFetching}>
          <thead>
            <tr>
              <th scope="col">Endpoint</th>
              <th scope="col" className={WIDE}>
                Events
              </th>
              <th scope="col">Status</th>
              <th scope="col" className={WIDE}>
                Failing Since
              </th>
              <th scope="col" className={WIDE}>
                Last Delivery
              </th>
            </tr>
          </thead>
          <tbody>
            {list.isPending || items.length === 0 ? (
              problem && !list.isPending ? null : (
                <TableStateRow pending={list.isPending} colSpan={5} />
              )
            ) : (
              items.map((e) => (
                <tr key={e.id} className={e.enabled ? undefined : 'sd-row-inactive'}>
                  <td style={{ minWidth: '12rem' }}>
                    <EndpointCell endpoint={e} />
                  </td>
                  <td className={`${WIDE} text-nowrap`}>{eventsCount(e.events.length)}</td>
                  <td style={{ maxWidth: '22rem' }}>
                    <EndpointStatus endpoint={e} />
                  </td>
                  <td className={WIDE}>
                    <FailingSince endpoint={e} />
                  </td>
                  <td className={WIDE}>
                    <LastDelivery endpoint={e} />
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </ListTable>
    </>
  );
}
