// The current user's personal API tokens: GET/POST /api/user/api-tokens, DELETE /api/user/api-tokens/:id.
// Session only: a Bearer call may not make or revoke tokens (platform/auth.ts `sessionOnly`).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiTokenCreated, apiTokenForm, apiTokenList } from '../../../shared/schemas/api-token.js';
import { idParam, okResponse } from '../../../shared/schemas/common.js';
import type { Database } from '../../db/client.js';
import { currentUser } from '../../platform/auth.js';
import { withTransaction } from '../../platform/transaction.js';
import { createApiToken, listApiTokens, revokeApiToken } from './api-token.service.js';

export function apiTokenRoutes(app: FastifyInstance, database: Database): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { sessionOnly: true };
  api.get(
    '/api/user/api-tokens',
    {
      config,
      schema: { summary: 'Your personal API tokens (not revoked)', response: { 200: apiTokenList } },
    },
    async (request) => ({ items: await listApiTokens(database.pool, currentUser(request).id) }),
  );
  api.post(
    '/api/user/api-tokens',
    {
      config,
      schema: {
        summary: 'Create a personal API token (the token is in this answer only)',
        body: apiTokenForm,
        response: { 200: apiTokenCreated },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return createApiToken(database, user.id, request.body, user.id);
    },
  );
  api.delete(
    '/api/user/api-tokens/:id',
    {
      config,
      schema: {
        summary: 'Revoke one of your personal API tokens',
        params: idParam,
        response: { 200: okResponse },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await withTransaction(database, ({ client }) =>
        revokeApiToken(client, user.id, request.params.id, user.id),
      );
      return { ok: true as const };
    },
  );
}
