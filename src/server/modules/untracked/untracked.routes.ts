// "Changed today, no time" for the daily panel:
//   GET /api/time/untracked/{MMddyyyy} -> { items: UntrackedItem[] }  (the signed-in user's own changes, ≤ 50)
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathDate } from '../../../shared/schemas/path-date.js';
import { type UntrackedList, untrackedListSchema } from '../../../shared/schemas/untracked.js';
import type { Database } from '../../db/client.js';
import { signedIn } from '../../platform/auth.js';
import { untrackedChanges } from './untracked.service.js';

const params = z.object({ date: pathDate });

export function untrackedRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/time/untracked/:date',
    { schema: { params, response: { 200: untrackedListSchema } } },
    async (request): Promise<UntrackedList> => {
      // Everyone who logs time sees only their own changes: the slip policy.
      const user = signedIn(request);
      return { items: await untrackedChanges(database.pool, user.id, request.params.date, timeZone) };
    },
  );
}
