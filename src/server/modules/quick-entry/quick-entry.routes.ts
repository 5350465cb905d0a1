// The one-line entry box (issue 17):
//   GET /api/time/quick-match?words=<space-separated>&case=<id> -> QuickMatch { consumed, total, matches (≤ 10) }
//   GET /api/time/recent-tasks -> { tasks: QuickCandidate[] }  (the user's recent open tasks, kept for offline use)
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type QuickMatch, quickMatchQuery } from '../../../shared/quick-entry.js';
import {
  quickMatchSchema,
  type RecentTasks,
  recentTasksResponse,
} from '../../../shared/schemas/quick-entry.js';
import type { Database } from '../../db/client.js';
import { signedIn } from '../../platform/auth.js';
import { quickMatch, recentTasks } from './quick-entry.service.js';

export function quickEntryRoutes(app: FastifyInstance, database: Database): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/time/recent-tasks',
    { schema: { response: { 200: recentTasksResponse } } },
    async (request): Promise<RecentTasks> => {
      const user = signedIn(request);
      return { tasks: await recentTasks(database.pool, user.id) };
    },
  );
  api.get(
    '/api/time/quick-match',
    { schema: { querystring: quickMatchQuery, response: { 200: quickMatchSchema } } },
    async (request): Promise<QuickMatch> => {
      // Anyone who logs time may look for a task to log it on.
      const user = signedIn(request);
      return quickMatch(database.pool, user.id, request.query.words, request.query.case ?? null);
    },
  );
}
