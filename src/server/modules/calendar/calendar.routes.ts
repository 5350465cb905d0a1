// The calendar's calls (SPEC §7):
//   GET /api/biller/biller-options/                              -> Option[] (active staff, the user picker)
//   GET /api/manage/slip/weekly-summary/{MMddyyyy}/{userId}      -> { summary: { slips, buckets } }
// The date is the start of the calendar's visible range; the answer covers the Monday..Sunday week holding it.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fromPathDate } from '../../../shared/format/date.js';
import {
  type BillerOption,
  billerOptionsResponse,
  type WeeklySummary,
  weeklySummarySchema,
} from '../../../shared/schemas/calendar.js';
import { recordId } from '../../../shared/schemas/common.js';
import { pathDay } from '../../../shared/schemas/path-date.js';
import type { Database } from '../../db/client.js';
import { authorize, currentUser, registerPolicy } from '../../platform/auth.js';
import { billerOptions } from '../slip/index.js';
import { weeklySummary } from './calendar.service.js';

// SPEC §6: the calendar can show another user's time through its user picker, and no restriction on that is
// shown; so any signed-in user may view any user's week (read-only: slips and bucket minutes, no rates).
registerPolicy('calendar', () => true);

/** The week's day (MMddyyyy): a malformed or impossible day is a 400 saying the format. */
const weekParams = z.object({
  date: pathDay.transform((v) => fromPathDate(v)!),
  userId: recordId(),
});

export function calendarRoutes(app: FastifyInstance, database: Database): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const pool = database.pool;

  api.get(
    '/api/biller/biller-options/',
    { schema: { response: { 200: billerOptionsResponse } } },
    async (request): Promise<BillerOption[]> => {
      authorize(currentUser(request), 'calendar');
      return billerOptions(pool);
    },
  );

  api.get(
    '/api/manage/slip/weekly-summary/:date/:userId',
    { schema: { params: weekParams, response: { 200: weeklySummarySchema } } },
    async (request): Promise<WeeklySummary> => {
      authorize(currentUser(request), 'calendar');
      return weeklySummary(pool, request.params.userId, request.params.date);
    },
  );
}
