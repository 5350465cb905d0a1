// Timesheet weeks (issue 17):
//   GET  /api/time/week/{MMddyyyy}/{userId}          -> WeekAnswer (any day of the week; the person, their approver,
//                                                       administrators)
//   POST /api/time/week/{MMddyyyy}/{userId}/{action} { version, comment? } -> WeekAnswer
//        action: submit (the person) | approve | reject (comment required) | reopen (approver; the person withdraws)
//   GET  /api/time/weeks/to-approve                  -> { items } (submitted weeks the signed-in user may approve)
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordId } from '../../../shared/schemas/common.js';
import { pathDate } from '../../../shared/schemas/path-date.js';
import {
  WEEK_ACTIONS,
  type WeekAnswer,
  type WeeksToApprove,
  weekActionBody,
  weekAnswerSchema,
  weeksToApproveSchema,
} from '../../../shared/schemas/timesheet.js';
import type { Database } from '../../db/client.js';
import { authorize, currentUser, registerPolicy } from '../../platform/auth.js';
import { registerHistoryEntity } from '../../platform/history.js';
import { withTransaction } from '../../platform/transaction.js';
import { mondayOf } from '../slip/index.js';
import {
  transition,
  viewableOwner,
  WEEK_FIELD_LABELS,
  WEEK_HISTORY,
  weekAnswer,
  weeksToApprove,
  weekTitle,
} from './timesheet.service.js';

// Every signed-in user has weeks; who may see or decide one is checked against the week's person.
registerPolicy('timesheet', () => true);

const weekParams = z.object({ date: pathDate, userId: recordId() });

export function timesheetRoutes(app: FastifyInstance, database: Database): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const pool = database.pool;
  registerHistoryEntity({
    key: WEEK_HISTORY,
    objectClass: 'TimesheetWeek',
    fieldLabels: WEEK_FIELD_LABELS,
    title: weekTitle,
    // The history route decides synchronously, without the week's person: administrators read it there.
    canRead: (user) => user.isAdmin,
  });

  api.get(
    '/api/time/week/:date/:userId',
    { schema: { params: weekParams, response: { 200: weekAnswerSchema } } },
    async (request): Promise<WeekAnswer> => {
      const user = currentUser(request);
      authorize(user, 'timesheet');
      const owner = await viewableOwner(pool, user, request.params.userId);
      return weekAnswer(pool, user, owner, mondayOf(request.params.date));
    },
  );

  api.post(
    '/api/time/week/:date/:userId/:action',
    {
      schema: {
        params: weekParams.extend({ action: z.enum(WEEK_ACTIONS) }),
        body: weekActionBody,
        response: { 200: weekAnswerSchema },
      },
    },
    async (request): Promise<WeekAnswer> => {
      const user = currentUser(request);
      authorize(user, 'timesheet');
      const { date, userId, action } = request.params;
      return withTransaction(database, async ({ client }) => {
        const owner = await viewableOwner(client, user, userId);
        return transition(client, user, owner, mondayOf(date), action, request.body, app.webhooks);
      });
    },
  );

  api.get(
    '/api/time/weeks/to-approve',
    { schema: { response: { 200: weeksToApproveSchema } } },
    async (request): Promise<WeeksToApprove> => {
      const user = currentUser(request);
      authorize(user, 'timesheet');
      return weeksToApprove(pool, user);
    },
  );
}
