// The webhooks screens: SD6's reason for disabling an endpoint is shown as a warning; a new endpoint's events are
// picked with Select all, the server's refusal of its address shows under the field, and its secret is shown once;
// a stale save is merged; a rotation sends its overlap and explains it; the delivery log says Retrying, opens a
// delivery's payload and attempts, and redelivers.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pathFor, ROUTES } from '../../../shared/routes';
import {
  WEBHOOK_EVENTS,
  type WebhookDelivery,
  type WebhookDeliveryDetail,
  type WebhookEndpoint,
} from '../../../shared/schemas/webhook';
import { pollInterval } from './delivery-log';
import { WebhookBasicsPage } from './webhook-basics-page';
import { WebhooksListPage } from './webhooks-list-page';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const refused = (status: number, message: string, fields: Record<string, string[]> = {}, current?: unknown) =>
  json({ message, code: 'X', form: { errors: [], fields }, ...(current ? { current } : {}) }, status);

const stamp = { at: '2026-03-01T15:00:00.000Z', by: { value: 1, label: 'Ada Admin' } };
const endpoint = (over: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: 7,
  url: 'https://hooks.example.com/sd6',
  description: 'Billing sync',
  events: ['slip.created', 'case.billed'],
  enabled: true,
  disabledReason: null,
  failingSince: null,
  previousSecretUntil: null,
  secretHint: 'Ab3d',
  lastDelivery: { status: 'succeeded', at: '2026-03-01T15:05:00.000Z', responseCode: 200 },
  created: stamp,
  updated: stamp,
  version: 3,
  ...over,
});
const delivery = (over: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: 41,
  messageId: 'msg_2x',
  eventType: 'slip.created',
  entity: 'slip:9',
  status: 'succeeded',
  attempts: 1,
  responseCode: 200,
  error: null,
  created: '2026-03-01T15:05:00.000Z',
  lastAttemptAt: '2026-03-01T15:05:00.000Z',
  nextAttemptAt: null,
  deliveredAt: '2026-03-01T15:05:00.000Z',
  redeliveryOf: null,
  ...over,
});

type Call = { method: string; url: string; body: unknown };
let calls: Call[];
let handle: (call: Call) => Response | undefined;

beforeEach(() => {
  calls = [];
  handle = () => undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        url,
        body: init?.body ? JSON.parse(String(init.body)) : null,
      };
      calls.push(call);
      const answer = handle(call);
      if (answer) return answer;
      if (url === '/api/admin/webhooks')
        return json({ items: [endpoint()], events: [], allowPrivate: false });
      if (url.startsWith('/api/history/')) return json({ history: { items: [], next: null } });
      throw new Error(`unexpected ${call.method} ${url}`);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function show(at: string) {
  const router = createMemoryRouter(
    [
      { path: ROUTES.webhooks!.path, element: <WebhooksListPage /> },
      { path: ROUTES.webhook_basics!.path, element: <WebhookBasicsPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [at] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the endpoint list', () => {
  it('shows each state, and why SD6 disabled an endpoint as a warning', async () => {
    handle = ({ url }) =>
      url === '/api/admin/webhooks'
        ? json({
            items: [
              endpoint(),
              endpoint({ id: 8, url: 'https://off.example.com/h', enabled: false, lastDelivery: null }),
              endpoint({
                id: 9,
                url: 'https://gone.example.com/h',
                enabled: false,
                disabledReason: 'The receiver answered 410 Gone.',
                failingSince: '2026-02-28T10:00:00.000Z',
              }),
            ],
            events: [],
            allowPrivate: false,
          })
        : undefined;
    show('/admin/webhooks');
    const warning = await screen.findByTestId('disabled-by-sd6');
    expect(warning.textContent).toBe('Disabled by SD6: The receiver answered 410 Gone.');
    expect(warning).toHaveClass('alert-warning');
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('link', { name: 'https://hooks.example.com/sd6' })).toHaveAttribute(
      'href',
      '/admin/webhooks/7',
    );
    expect(rows[0]!.textContent).toContain('Enabled');
    expect(rows[0]!.textContent).toContain('2 events');
    expect(rows[0]!.textContent).toContain('Delivered (200)');
    expect(rows[1]!.textContent).toContain('Disabled');
    expect(rows[1]!.textContent).toContain('None yet');
    expect(screen.getByRole('link', { name: 'New Endpoint' })).toHaveAttribute(
      'href',
      '/admin/webhooks/create',
    );
  });
});

describe('a new endpoint', () => {
  it('picks every event, shows the refused address under its field, then shows the secret once', async () => {
    let tries = 0;
    handle = ({ method, url }) => {
      if (method === 'POST' && url === '/api/admin/webhooks') {
        tries += 1;
        return tries === 1
          ? refused(400, 'Please review the page for field entry errors, shown in red.', {
              url: [
                'The address must start with https:// (a webhook carries your data and is sent encrypted only).',
              ],
            })
          : json({ item: endpoint({ id: 12, events: [...WEBHOOK_EVENTS] }), secret: 'whsec_c2VjcmV0' });
      }
      if (url === '/api/admin/webhooks/12') return json({ item: endpoint({ id: 12 }) });
      if (url.startsWith('/api/admin/webhooks/12/deliveries')) return json({ items: [], next: null });
      return undefined;
    };
    const router = show(pathFor('webhook_basics', { id: 'create' }));
    await screen.findByRole('heading', { name: 'New Endpoint' });
    await userEvent.type(screen.getByLabelText(/Endpoint URL/), 'http://example.com/hook');
    await userEvent.click(screen.getByLabelText('Select all'));
    expect(screen.getByLabelText('A case was billed')).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const field = await waitFor(() => {
      const f = document.querySelector('[data-field="url"] .invalid-feedback');
      expect(f).not.toBeNull();
      return f!;
    });
    expect(field.textContent).toContain('The address must start with https://');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      url: 'http://example.com/hook',
      description: '',
      events: [...WEBHOOK_EVENTS],
      enabled: true,
    });

    await userEvent.clear(screen.getByLabelText(/Endpoint URL/));
    await userEvent.type(screen.getByLabelText(/Endpoint URL/), 'https://hooks.example.com/sd6');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const panel = await screen.findByTestId('webhook-secret-panel');
    expect(router.state.location.pathname).toBe('/admin/webhooks/12');
    expect(panel.textContent).toContain('it will not be shown again');
    expect(screen.getByLabelText('Signing secret')).toHaveValue('whsec_c2VjcmV0');
    await userEvent.click(within(panel).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('webhook-secret-panel')).toBeNull();
    expect(document.body.textContent).not.toContain('whsec_c2VjcmV0');
  });

  it('checks the events before asking the server', async () => {
    show(pathFor('webhook_basics', { id: 'create' }));
    await userEvent.type(await screen.findByLabelText(/Endpoint URL/), 'https://hooks.example.com/sd6');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Please review the page for field entry errors, shown in red.');
    expect(document.querySelector('[data-field="events"] .invalid-feedback')).not.toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('an endpoint', () => {
  const detail: WebhookDeliveryDetail = {
    item: delivery({ id: 42, status: 'pending', attempts: 2, responseCode: 500, error: 'HTTP 500' }),
    payload: '{"type":"slip.created","timestamp":"2026-03-01T15:05:00.000Z","data":{"id":9}}',
    history: [
      { at: '2026-03-01T15:05:00.000Z', durationMs: 31, responseCode: 500, error: 'HTTP 500' },
      { at: '2026-03-01T15:06:00.000Z', durationMs: 12, responseCode: null, error: 'Connection refused' },
    ],
  };
  beforeEach(() => {
    handle = ({ method, url }) => {
      if (url === '/api/admin/webhooks/7' && method === 'GET') return json({ item: endpoint() });
      if (url.startsWith('/api/admin/webhooks/7/deliveries?') || url === '/api/admin/webhooks/7/deliveries')
        return json({
          items: [detail.item, delivery({ id: 41, status: 'failed', responseCode: 500 })],
          next: null,
        });
      if (url === '/api/admin/webhooks/7/deliveries/42') return json(detail);
      if (url === '/api/admin/webhooks/7/deliveries/41/redeliver')
        return json({ item: delivery({ id: 43, redeliveryOf: 41 }) });
      return undefined;
    };
  });

  it('lists deliveries (Retrying while a tried one waits), opens one, and redelivers a failed one', async () => {
    show('/admin/webhooks/7');
    const log = await screen.findByRole('table', { name: 'Deliveries' });
    const rows = await within(log).findAllByTestId('delivery-row');
    expect(within(rows[0]!).getByText('Retrying')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Failed')).toBeInTheDocument();
    // Queued deliveries cannot be redelivered yet.
    expect(within(rows[0]!).getByRole('button', { name: /Redeliver/ })).toBeDisabled();

    await userEvent.click(rows[0]!);
    expect((await screen.findByTestId('delivery-payload')).textContent).toBe(detail.payload);
    const attempts = screen.getByRole('table', { name: 'Attempts' });
    expect(attempts.textContent).toContain('Connection refused');
    expect(attempts.textContent).toContain('31 ms');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));

    await userEvent.click(within(rows[1]!).getByRole('button', { name: /Redeliver/ }));
    expect((await screen.findByTestId('redeliver-result')).textContent).toContain(
      'Redelivered as #43: Delivered (200)',
    );
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/deliveries/41/redeliver'))).toBe(true);
  });

  it('rotates the secret with the overlap chosen and explains that both secrets sign meanwhile', async () => {
    const rotated = endpoint({ version: 4, secretHint: 'Zz9q' });
    handle = ((base) => (call: Call) => {
      if (call.url === '/api/admin/webhooks/7/rotate-secret')
        return json({ item: rotated, secret: 'whsec_bmV3' });
      if (call.url === '/api/admin/webhooks/7' && calls.some((c) => c.url.endsWith('/rotate-secret')))
        return json({ item: rotated });
      return base(call);
    })(handle);
    show('/admin/webhooks/7');
    await screen.findByText('…Ab3d');
    await userEvent.selectOptions(screen.getByLabelText('Old secret keeps signing for'), '1 hour');
    await userEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Rotate' }));
    const panel = await screen.findByTestId('webhook-secret-panel');
    expect(calls.find((c) => c.url.endsWith('/rotate-secret'))!.body).toEqual({ overlapHours: 1 });
    expect(panel.textContent).toContain(
      'For the next 1 hour both the old and the new secret sign each delivery',
    );
    expect(screen.getByLabelText('Signing secret')).toHaveValue('whsec_bmV3');
    expect(await screen.findByText('…Zz9q')).toBeInTheDocument();
  });

  it('merges a stale save by field, then saves with their version', async () => {
    const theirs = endpoint({ version: 4, description: 'Changed elsewhere' });
    let puts = 0;
    handle = ((base) => (call: Call) => {
      if (call.method === 'PUT') {
        puts += 1;
        return puts === 1
          ? refused(409, 'Changed by Bea Admin at 03/01/2026 4:00 PM', {}, theirs)
          : json({ item: { ...theirs, version: 5, url: 'https://new.example.com/h' } });
      }
      return base(call);
    })(handle);
    show('/admin/webhooks/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const url = screen.getByLabelText(/Endpoint URL/);
    await userEvent.clear(url);
    await userEvent.type(url, 'https://new.example.com/h');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const notice = await screen.findByTestId('conflict');
    expect(notice.textContent).toContain('Changed by Bea Admin');
    expect(notice.textContent).toContain('Their changes are now in the form: Description.');
    expect(notice.textContent).toContain('Your changes are kept: Endpoint URL.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: 'Edit' });
    const put = calls.filter((c) => c.method === 'PUT');
    expect(put[0]!.body).toMatchObject({ version: 3 });
    expect(put[1]!.body).toEqual({
      url: 'https://new.example.com/h',
      description: 'Changed elsewhere',
      events: ['slip.created', 'case.billed'],
      enabled: true,
      version: 4,
    });
  });
});

describe('the delivery log asks again by itself', () => {
  const now = Date.parse('2026-03-01T15:00:00.000Z');
  const page = (...items: WebhookDelivery[]) => [{ items, next: null }];
  it('often while a delivery is being sent or retried within a minute, rarely for later retries, never when done', () => {
    expect(pollInterval(page(delivery()), now)).toBe(false);
    expect(pollInterval(page(delivery({ status: 'sending' })), now)).toBe(3000);
    const soon = delivery({ status: 'pending', attempts: 1, nextAttemptAt: '2026-03-01T15:00:05.000Z' });
    expect(pollInterval(page(delivery(), soon), now)).toBe(3000);
    const later = delivery({ status: 'pending', attempts: 2, nextAttemptAt: '2026-03-01T15:05:00.000Z' });
    expect(pollInterval(page(later), now)).toBe(30_000);
  });
});
