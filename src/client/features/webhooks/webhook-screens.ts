// The webhook screens in one chunk: one loader (and one preload list) in the entry instead of three keeps the first
// screens within their budget.
export { WebhookBasicsPage } from './webhook-basics-page';
export { WebhookHistoryPage } from './webhook-history-page';
export { WebhooksListPage } from './webhooks-list-page';
