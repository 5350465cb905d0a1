// /api/admin/webhooks (administrators): endpoints (create, change, delete, rotate the secret, send a test event),
// their delivery log (with Redeliver) and history. Every address is checked before it is saved (platform/webhooks/
// address.ts); the secret is in the create and rotate answers only.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, okResponse, wholeNumber } from '../../../shared/schemas/common.js';
import {
  deliveryListQuery,
  deliveryParams,
  rotateSecretForm,
  WEBHOOK_EVENT_OPTIONS,
  WEBHOOK_FIELD_LABELS,
  WEBHOOK_HISTORY_KEY,
  webhookDeliveryDetail,
  webhookDeliveryList,
  webhookDeliverySchema,
  webhookForm,
  webhookList,
  webhookResponse,
  webhookUpdate,
  webhookWithSecret,
} from '../../../shared/schemas/webhook.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { administratorsOnly, authorize, currentUser } from '../../platform/auth.js';
import { fieldError, notFound, requireVersion } from '../../platform/errors.js';
import { registerHistoryEntity } from '../../platform/history.js';
import { errorDocs } from '../../platform/openapi.js';
import { afterCommit, withTransaction } from '../../platform/transaction.js';
import { checkEndpointUrl } from '../../platform/webhooks/address.js';
import {
  createEndpoint,
  deleteEndpoint,
  deliveryDetail,
  listDeliveries,
  listEndpoints,
  loadDelivery,
  queueTest,
  redeliver,
  requireEndpoint,
  rotateSecret,
  updateEndpoint,
} from './webhook.service.js';

const PATH = '/api/admin/webhooks';
const STALE = {
  409: 'The endpoint was changed by someone else since it was read; current holds it as it is now.',
};

export function webhookRoutes(
  app: FastifyInstance,
  database: Database,
  config: Pick<Config, 'timeZone' | 'webhookAllowPrivate'>,
): void {
  registerHistoryEntity({
    key: WEBHOOK_HISTORY_KEY,
    objectClass: 'WebhookEndpoint',
    fieldLabels: WEBHOOK_FIELD_LABELS,
    title: async (db, id) => {
      const { rows } = await db.query<{ url: string }>('SELECT url FROM webhook_endpoints WHERE id = $1', [
        id,
      ]);
      return rows[0]?.url ?? null;
    },
    canRead: (user) => user.isAdmin,
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = administratorsOnly;
  const wake = () => app.webhooks.wake();
  const checkedUrl = async (url: string) => {
    const checked = await checkEndpointUrl(url, config.webhookAllowPrivate);
    if (!checked.ok) throw fieldError('url', checked.message);
    return checked.url.href;
  };

  api.get(
    PATH,
    { schema: { summary: 'Webhook endpoints', response: { 200: webhookList } }, preValidation: admin },
    async () => ({
      items: await listEndpoints(database.pool),
      events: WEBHOOK_EVENT_OPTIONS.map((o) => ({ value: String(o.value), label: o.label })),
      allowPrivate: config.webhookAllowPrivate,
    }),
  );

  api.post(
    PATH,
    {
      schema: {
        summary: 'Add a webhook endpoint (its signing secret is in this answer only)',
        body: webhookForm,
        response: { 200: webhookWithSecret },
      },
      preValidation: admin,
    },
    async (request) => {
      const user = currentUser(request);
      authorize(user, 'admin');
      const url = await checkedUrl(request.body.url);
      return withTransaction(database, ({ client }) =>
        createEndpoint(client, app.secrets, { ...request.body, url }, user.id),
      );
    },
  );

  api.get(
    `${PATH}/:id`,
    { schema: { params: idParam, response: { 200: webhookResponse } }, preValidation: admin },
    async (request) => ({ item: await requireEndpoint(database.pool, request.params.id) }),
  );

  api.put(
    `${PATH}/:id`,
    {
      schema: {
        summary: 'Change a webhook endpoint (enabling it again sends the deliveries that waited)',
        params: idParam,
        body: webhookUpdate,
        response: { 200: webhookResponse },
        responseDocs: errorDocs(STALE),
      },
      preValidation: admin,
    },
    async (request) => {
      const user = currentUser(request);
      authorize(user, 'admin');
      const { version, ...values } = request.body;
      const url = await checkedUrl(values.url);
      return withTransaction(database, async ({ client }) => {
        const saved = await updateEndpoint(
          client,
          request.params.id,
          { ...values, url },
          version,
          user.id,
          config.timeZone,
        );
        // The deliveries that waited while it was disabled are sent now.
        if (saved.resumed) afterCommit(client, wake);
        return { item: saved.item };
      });
    },
  );

  api.delete(
    `${PATH}/:id`,
    {
      schema: {
        summary: 'Delete a webhook endpoint and its delivery log',
        params: idParam,
        querystring: z.object({ version: wholeNumber().optional() }),
        response: { 200: okResponse },
        responseDocs: errorDocs(STALE),
      },
      preValidation: admin,
    },
    async (request) => {
      const user = currentUser(request);
      authorize(user, 'admin');
      const version = requireVersion(request.query.version);
      await withTransaction(database, ({ client }) =>
        deleteEndpoint(client, request.params.id, version, user.id, config.timeZone),
      );
      return { ok: true as const };
    },
  );

  api.post(
    `${PATH}/:id/rotate-secret`,
    {
      schema: {
        summary:
          'Rotate the signing secret (the new one is in this answer only; the old one signs during the overlap)',
        params: idParam,
        body: rotateSecretForm,
        response: { 200: webhookWithSecret },
      },
      preValidation: admin,
    },
    async (request) => {
      const user = currentUser(request);
      authorize(user, 'admin');
      return withTransaction(database, ({ client }) =>
        rotateSecret(client, app.secrets, request.params.id, request.body.overlapHours, user.id),
      );
    },
  );

  api.post(
    `${PATH}/:id/test`,
    {
      schema: {
        summary:
          'Send a webhook.test event to this endpoint now; answers its delivery after the first attempt',
        params: idParam,
        response: { 200: z.object({ item: webhookDeliverySchema }) },
      },
      preValidation: admin,
    },
    async (request) => {
      const user = currentUser(request);
      authorize(user, 'admin');
      const endpoint = await requireEndpoint(database.pool, request.params.id);
      const deliveryId = await withTransaction(database, ({ client }) =>
        queueTest(client, endpoint, `${user.firstName} ${user.lastName}`.trim()),
      );
      await app.webhooks.attempt(deliveryId);
      const item = await loadDelivery(database.pool, endpoint.id, deliveryId);
      if (!item) throw notFound();
      return { item };
    },
  );

  api.get(
    `${PATH}/:id/deliveries`,
    {
      schema: {
        summary: 'The delivery log of an endpoint, newest first',
        params: idParam,
        querystring: deliveryListQuery,
        response: { 200: webhookDeliveryList },
      },
      preValidation: admin,
    },
    async (request) => {
      await requireEndpoint(database.pool, request.params.id);
      return listDeliveries(database.pool, request.params.id, request.query);
    },
  );

  api.get(
    `${PATH}/:id/deliveries/:deliveryId`,
    {
      schema: {
        summary: 'One delivery: the body exactly as signed and every attempt',
        params: deliveryParams,
        response: { 200: webhookDeliveryDetail },
      },
      preValidation: admin,
    },
    async (request) => deliveryDetail(database.pool, request.params.id, request.params.deliveryId),
  );

  api.post(
    `${PATH}/:id/deliveries/:deliveryId/redeliver`,
    {
      schema: {
        summary: 'Send a delivered or failed message again (same webhook-id), as a new delivery',
        params: deliveryParams,
        response: { 200: z.object({ item: webhookDeliverySchema }) },
        responseDocs: errorDocs({ 409: 'The delivery is still queued; current holds it.' }),
      },
      preValidation: admin,
    },
    async (request) => {
      authorize(currentUser(request), 'admin');
      const item = await withTransaction(database, ({ client }) =>
        redeliver(client, request.params.id, request.params.deliveryId, wake),
      );
      return { item };
    },
  );
}
