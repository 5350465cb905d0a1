// The webhook calls of /api/admin/webhooks (administrators): endpoints, secrets, the test event and deliveries.
import type {
  DeliveryStatus,
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookForm,
  WebhookList,
  WebhookUpdate,
  WebhookWithSecret,
} from '../../../shared/schemas/webhook';
import { apiDelete, apiGet, apiPost, apiRequest } from '../../api/http';

const API = '/api/admin/webhooks';
const one = (id: number | string) => `${API}/${encodeURIComponent(String(id))}`;

export const WEBHOOKS_KEY = ['webhooks'] as const;
export const webhookListKey = [...WEBHOOKS_KEY, 'list'] as const;
export const webhookKey = (id: number | string) => [...WEBHOOKS_KEY, 'endpoint', String(id)] as const;
export const deliveriesKey = (id: number | string, status?: DeliveryStatus | null) =>
  [...WEBHOOKS_KEY, 'deliveries', String(id), status ?? 'all'] as const;
export const deliveryKey = (id: number | string, deliveryId: number) =>
  [...WEBHOOKS_KEY, 'delivery', String(id), deliveryId] as const;

export const listWebhooks = (signal?: AbortSignal) => apiGet<WebhookList>(API, { signal });

export const createWebhook = (form: WebhookForm) => apiPost<WebhookWithSecret>(API, form);

export async function loadWebhook(id: number | string, signal?: AbortSignal): Promise<WebhookEndpoint> {
  return (await apiGet<{ item: WebhookEndpoint }>(one(id), { signal })).item;
}

export async function updateWebhook(id: number | string, form: WebhookUpdate): Promise<WebhookEndpoint> {
  return (await apiRequest<{ item: WebhookEndpoint }>('PUT', one(id), form)).item;
}

export const deleteWebhook = (endpoint: Pick<WebhookEndpoint, 'id' | 'version'>) =>
  apiDelete<{ ok: true }>(one(endpoint.id), { query: { version: endpoint.version } });

export const rotateSecret = (id: number, overlapHours: number) =>
  apiPost<WebhookWithSecret>(`${one(id)}/rotate-secret`, { overlapHours });

export async function sendTestEvent(id: number): Promise<WebhookDelivery> {
  return (await apiPost<{ item: WebhookDelivery }>(`${one(id)}/test`)).item;
}

export const listDeliveries = (
  id: number | string,
  status: DeliveryStatus | null,
  cursor: string | null,
  signal?: AbortSignal,
) =>
  apiGet<WebhookDeliveryList>(`${one(id)}/deliveries`, {
    signal,
    query: { status: status ?? undefined, cursor: cursor ?? undefined },
  });

export const loadDelivery = (id: number | string, deliveryId: number, signal?: AbortSignal) =>
  apiGet<WebhookDeliveryDetail>(`${one(id)}/deliveries/${deliveryId}`, { signal });

export async function redeliver(id: number | string, deliveryId: number): Promise<WebhookDelivery> {
  return (await apiPost<{ item: WebhookDelivery }>(`${one(id)}/deliveries/${deliveryId}/redeliver`)).item;
}
