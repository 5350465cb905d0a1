// GET /api/suggest/global-search/?term= (SPEC §7): the shell's search panel; every signed-in user.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { globalSearchQuery, globalSearchResponse } from '../../../shared/schemas/search.js';
import type { Database } from '../../db/client.js';
import { globalSearch } from './search.service.js';

export function searchRoutes(app: FastifyInstance, database: Database): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/suggest/global-search/',
      { schema: { querystring: globalSearchQuery, response: { 200: globalSearchResponse } } },
      async (request) =>
        // A caller that closed the connection (the panel asked for a newer term) needs no answer.
        globalSearch(
          database,
          request.query.term ?? '',
          request.user?.id ?? request.ip,
          () => request.raw.socket?.destroyed === true,
        ),
    );
}
