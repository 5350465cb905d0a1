// GET /api/manage/charts?from=&to=: every chart of Manage → Charts for a period of whole weeks (administrators).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type ChartsQuery,
  type ChartsResponse,
  chartsQuery,
  chartsResponseSchema,
} from '../../../shared/charts.js';
import { displayOf } from '../../../shared/format/date.js';
import type { Database } from '../../db/client.js';
import type { Queryable } from '../../platform/records.js';
import { companyDay, reportsAllowed } from '../report/index.js';
import { loadDeviceAge, loadTopOrganizations, loadWeeks, loadWipTrend } from './charts.queries.js';
import { chartPeriod } from './charts-period.js';

export async function loadCharts(
  db: Queryable,
  query: ChartsQuery,
  timeZone: string,
): Promise<ChartsResponse> {
  const today = companyDay(timeZone);
  const period = chartPeriod(query, today);
  // One statement per chart; on a server with a pool they run side by side.
  const [weeks, topOrganizations, wipTrend, deviceAge] = await Promise.all([
    loadWeeks(db, period),
    loadTopOrganizations(db, period),
    loadWipTrend(db, period, timeZone),
    loadDeviceAge(db, today),
  ]);
  return {
    period: { from: displayOf(period.from), to: displayOf(period.to) },
    weeks,
    topOrganizations,
    wipTrend,
    deviceAge,
  };
}

export function chartsRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/manage/charts',
    // Refused before the period is read, as the reports are.
    {
      schema: { querystring: chartsQuery, response: { 200: chartsResponseSchema } },
      preValidation: reportsAllowed,
    },
    async (request) => loadCharts(database.pool, request.query, timeZone),
  );
}
