// The signed-in user's timer (issue 17 "Timer from anywhere"):
//   GET    /api/time/timer                 -> { timer: Timer | null, serverNow }
//   POST   /api/time/timer  {task, comment?, where?, how?} -> { timer, stopped: Slip[], serverNow } (switches when running)
//   POST   /api/time/timer/stop  {version, comment?}      -> { slips: Slip[] }  (404 none running, 409 stale version)
//   DELETE /api/time/timer?version=        -> { discarded: true }
//   GET    /api/time/timer/tasks?q=&limit= -> TimerTaskOption[]  (open tasks to time, for the typeahead)
// Writes take an optional Idempotency-Key header, as slip saves do (a retried stop never makes slips twice).

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  discardTimerQuery,
  discardTimerResultSchema,
  startTimerBody,
  startTimerResultSchema,
  stopTimerBody,
  stopTimerResultSchema,
  type TimerState,
  timerStateSchema,
  timerTasksQuery,
  timerTasksResponse,
} from '../../../shared/schemas/timer.js';
import type { Database } from '../../db/client.js';
import { authorize, currentUser, registerPolicy } from '../../platform/auth.js';
import { idempotencyHeaders, once } from '../../platform/idempotency.js';
import { errorDocs } from '../../platform/openapi.js';
import { withTransaction } from '../../platform/transaction.js';
import {
  discardTimer,
  loadTimerRow,
  presentTimer,
  startTimer,
  stopTimer,
  timerTasks,
} from './timer.service.js';

// Every signed-in user times their own work; a timer is only ever the caller's own (no id in any path).
registerPolicy('timer', () => true);

function signedIn(request: FastifyRequest) {
  const user = currentUser(request);
  authorize(user, 'timer');
  return user;
}

export function timerRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/time/timer',
    { schema: { response: { 200: timerStateSchema } } },
    async (request): Promise<TimerState> => {
      const user = signedIn(request);
      const row = await loadTimerRow(database.pool, user.id);
      return { timer: row ? presentTimer(row) : null, serverNow: new Date().toISOString() };
    },
  );

  api.get(
    '/api/time/timer/tasks',
    { schema: { querystring: timerTasksQuery, response: { 200: timerTasksResponse } } },
    async (request) => {
      signedIn(request);
      return timerTasks(database.pool, request.query.q, request.query.limit);
    },
  );

  api.post(
    '/api/time/timer',
    {
      schema: {
        body: startTimerBody,
        headers: idempotencyHeaders,
        response: { 200: startTimerResultSchema },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      const now = new Date();
      return withTransaction(database, ({ client }) =>
        once(client, request, reply, user.id, async () => ({
          ...(await startTimer(client, user.id, request.body, now, timeZone, app.webhooks)),
          serverNow: now.toISOString(),
        })),
      );
    },
  );

  api.post(
    '/api/time/timer/stop',
    {
      schema: {
        responseDocs: errorDocs({ 404: 'No timer is running.' }),
        body: stopTimerBody,
        headers: idempotencyHeaders,
        response: { 200: stopTimerResultSchema },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      const { version, comment } = request.body;
      return withTransaction(database, ({ client }) =>
        once(client, request, reply, user.id, async () => ({
          slips: await stopTimer(client, user.id, version, comment, new Date(), timeZone, app.webhooks),
        })),
      );
    },
  );

  api.delete(
    '/api/time/timer',
    {
      schema: {
        responseDocs: errorDocs({ 404: 'No timer is running.' }),
        querystring: discardTimerQuery,
        headers: idempotencyHeaders,
        response: { 200: discardTimerResultSchema },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      return withTransaction(database, ({ client }) =>
        once(client, request, reply, user.id, async () => {
          await discardTimer(client, user.id, request.query.version);
          return { discarded: true as const };
        }),
      );
    },
  );
}
