// Webhooks: the administrators' endpoints and delivery log. The events themselves are emitted by the areas whose
// changes they describe (app.webhooks.emit, platform/webhooks).
import { defineArea } from '../../platform/area.js';
import { webhookRoutes } from './webhook.routes.js';

export const webhookArea = defineArea({
  name: 'webhook',
  register(app, { database, config }) {
    webhookRoutes(app, database, config);
  },
});
