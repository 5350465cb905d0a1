// The webhook screens (administrators), loaded together (webhook-screens.ts).
import { type AreaScreens, screen } from '../screen';

const load = () => import('./webhook-screens');

export const screens = {
  webhooks: screen(load, 'WebhooksListPage'),
  webhook_basics: screen(load, 'WebhookBasicsPage'),
  webhook_history: screen(load, 'WebhookHistoryPage'),
} satisfies AreaScreens;
