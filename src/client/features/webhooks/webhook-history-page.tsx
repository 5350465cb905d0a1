// /admin/webhooks/:id/history: the field history of an endpoint (key WEBHOOK_HISTORY_KEY), and the tabs of an
// endpoint's screens. (The tabs live in this screen's module, which the endpoint's screen loads anyway: a tiny module
// of their own would be merged into a chunk every first screen loads.)
import { useParams } from 'react-router';
import { pathFor } from '../../../shared/routes';
import { WEBHOOK_HISTORY_KEY } from '../../../shared/schemas/webhook';
import { RouteTabs } from '../../ui/route-tabs';
import { HistoryView } from '../history/history-view';

/** The tabs of an endpoint's screens: Endpoint, History. */
export function WebhookTabs({ id }: { id: string }) {
  return (
    <RouteTabs
      label="Webhook endpoint"
      exact
      tabs={[
        { label: 'Endpoint', to: pathFor('webhook_basics', { id }) },
        { label: 'History', to: pathFor('webhook_history', { id }) },
      ]}
    />
  );
}

export function WebhookHistoryPage() {
  const id = useParams().id ?? '';
  return (
    <>
      <WebhookTabs id={id} />
      <HistoryView
        entity={WEBHOOK_HISTORY_KEY}
        id={id}
        backTo={pathFor('webhook_basics', { id })}
        backText="Endpoint"
      />
    </>
  );
}
