// Webhooks (administrators): no kind of record of the permission table (the routes are administrators' only).
// Its history class (beside its routes, routes/webhooks.ts, but not loaded with them).
import type { HistoryLabels } from '../access.js';

/** Field history's class of an endpoint, by the name users know. */
export const historyLabels = {
  WebhookEndpoint: 'Webhook Endpoint',
} as const satisfies HistoryLabels;
