// GET /api/report/{key}: a report's summary and one page of its rows (administrators only).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allows, REPORT_ACCESS } from '../../../../shared/permissions.js';
import { REPORT_KEYS, reportQuery, reportResponseSchema } from '../../../../shared/reports.js';
import type { Database } from '../../../db/client.js';
import { asBulk } from '../../../db/priority.js';
import { currentUser } from '../../../platform/auth.js';
import { forbidden } from '../../../platform/errors.js';
import { loadReport } from './report-source.js';

/** preValidation: refused before the filters are read, so a refusal tells nothing about them. */
export async function reportsAllowed(request: FastifyRequest): Promise<void> {
  if (!allows(currentUser(request), REPORT_ACCESS)) throw forbidden();
}

// An unknown key fails the params schema: 404, as for any path naming nothing.
const reportParams = z.object({ key: z.enum(REPORT_KEYS) });

export function reportRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/report/:key',
    {
      schema: { params: reportParams, querystring: reportQuery, response: { 200: reportResponseSchema } },
      preValidation: reportsAllowed,
    },
    // A report is bulk work: on the embedded database, other users' calls go between its statements.
    async (request) =>
      asBulk(() =>
        loadReport(database.pool, request.params.key, request.query, timeZone, {
          cut: database.kind === 'embedded',
        }),
      ),
  );
}
