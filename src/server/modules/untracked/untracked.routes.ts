// "Changed today, no time" for the daily panel:
//   GET /api/time/untracked/{MMddyyyy} -> { items: UntrackedItem[] }  (the signed-in user's own changes, ≤ 50)
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fromPathDate, toIsoDate } from '../../../shared/format/date.js';
import { INVALID_DAY, type UntrackedList } from '../../../shared/schemas/untracked.js';
import type { Database } from '../../db/client.js';
import { signedIn } from '../../platform/auth.js';
import { badRequest } from '../../platform/errors.js';
import { untrackedChanges } from './untracked.service.js';

// The day is checked here rather than by the schema: a bad day is a 400 with a clear message.
const params = z.object({ date: z.string().max(20) });

export function untrackedRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/time/untracked/:date', { schema: { params } }, async (request): Promise<UntrackedList> => {
    // Everyone who logs time sees only their own changes: the slip policy.
    const user = signedIn(request);
    const day = /^\d{8}$/.test(request.params.date) ? fromPathDate(request.params.date) : null;
    if (!day) throw badRequest({ date: [INVALID_DAY] }, [INVALID_DAY]);
    return { items: await untrackedChanges(database.pool, user.id, toIsoDate(day), timeZone) };
  });
}
