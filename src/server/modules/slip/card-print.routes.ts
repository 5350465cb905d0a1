// Task cards (SPEC §4 "Print posts a card-print request for the task"; §8 print failure):
//   POST /api/manage/task/card-print/{taskId}          -> CardPrintResult (no printer is configured: a preview link)
//   GET  /api/manage/task/card-print/{taskId}/preview  -> application/pdf, inline
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordId } from '../../../shared/schemas/common.js';
import {
  type CardPrintResult,
  cardPrintResultSchema,
  PRINT_NOT_SET_UP,
} from '../../../shared/schemas/slip.js';
import type { Database } from '../../db/client.js';
import type { AuthUser } from '../../platform/auth.js';
import { signedIn } from '../../platform/auth.js';
import { HttpError, notFound } from '../../platform/errors.js';
import { errorDocs, fileResponse } from '../../platform/openapi.js';
import type { Queryable } from '../../platform/records.js';
import { formatStamp } from '../../platform/stamp.js';
import { type TaskCard, taskCardPdf } from './pdf.js';
import { seesRate } from './slip.visibility.js';

/** The most slips one card lists (the latest ones); totals always cover every slip of the task. */
export const CARD_SLIP_LIMIT = 500;
export const PRINT_IN_PROGRESS = 'This task card is already being printed. Try again in a moment.';

export async function loadTaskCard(
  db: Queryable,
  taskId: number,
  timeZone: string,
  viewer: Pick<AuthUser, 'id' | 'isAdmin'>,
): Promise<TaskCard> {
  const { rows } = await db.query<{
    id: number;
    title: string;
    status: string;
    case_id: number;
    case_title: string;
    organization: string;
    total_slips: number;
    total_minutes: number;
  }>(
    `SELECT t.id, t.title, t.status, c.id AS case_id, c.title AS case_title, o.name AS organization,
            (SELECT count(*)::int FROM slips s WHERE s.task_id = t.id) AS total_slips,
            (SELECT COALESCE(sum(EXTRACT(EPOCH FROM (s.stop_time - s.start_time)) / 60), 0)::int
               FROM slips s WHERE s.task_id = t.id AND s.stop_time > s.start_time) AS total_minutes
       FROM tasks t JOIN cases c ON c.id = t.case_id JOIN organizations o ON o.id = c.organization_id
      WHERE t.id = $1`,
    [taskId],
  );
  const task = rows[0];
  if (!task) throw notFound();
  // The latest slips (slips_task_day_idx, read backwards), then listed oldest first.
  const slips = await db.query<{
    work_date: string;
    start_time: string;
    stop_time: string | null;
    biller: string;
    user_id: number;
    rate_multiplier: string;
    comment: string | null;
  }>(
    `SELECT to_char(s.work_date, 'YYYY-MM-DD') AS work_date, s.start_time::text AS start_time,
            s.stop_time::text AS stop_time, u.first_name || ' ' || u.last_name AS biller, s.user_id,
            s.rate_multiplier::text AS rate_multiplier, s.comment
       FROM slips s JOIN users u ON u.id = s.user_id
      WHERE s.task_id = $1
      ORDER BY s.work_date DESC, s.start_time DESC, s.id DESC
      LIMIT $2`,
    [taskId, CARD_SLIP_LIMIT],
  );
  return {
    taskId: task.id,
    taskTitle: task.title,
    taskStatus: task.status,
    caseId: task.case_id,
    caseTitle: task.case_title,
    organization: task.organization,
    printedAt: formatStamp(new Date(), timeZone),
    slips: slips.rows.reverse().map((r) => ({
      workDate: r.work_date,
      startTime: r.start_time,
      stopTime: r.stop_time,
      biller: r.biller,
      rateMultiplier: seesRate(viewer, r.user_id) ? r.rate_multiplier : null,
      comment: r.comment,
    })),
    totalSlips: task.total_slips,
    totalMinutes: task.total_minutes,
  };
}

/**
 * Tasks whose card is being built. An in-process guard: it refuses a second print of the same task while the first
 * is in progress on this server process (one process serves the API; several would need a database lock).
 */
export const printsInProgress = new Set<number>();

const taskParam = z.object({ taskId: recordId() });

export function cardPrintRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/manage/task/card-print/:taskId',
    {
      schema: {
        responseDocs: errorDocs({ 409: 'A card of this task is being built already.' }),
        params: taskParam,
        response: { 200: cardPrintResultSchema },
      },
    },
    async (request): Promise<CardPrintResult> => {
      const user = signedIn(request);
      const { taskId } = request.params;
      if (printsInProgress.has(taskId))
        throw new HttpError(409, 'CONFLICT', PRINT_IN_PROGRESS, {}, [PRINT_IN_PROGRESS]);
      printsInProgress.add(taskId);
      try {
        // Built even though nothing prints it: a task that cannot be carded fails here, not in the preview.
        await taskCardPdf(await loadTaskCard(database.pool, taskId, timeZone, user));
      } finally {
        printsInProgress.delete(taskId);
      }
      return {
        printed: false,
        message: PRINT_NOT_SET_UP,
        previewUrl: `/api/manage/task/card-print/${taskId}/preview`,
      };
    },
  );

  api.get(
    '/api/manage/task/card-print/:taskId/preview',
    {
      schema: {
        params: taskParam,
        responseDocs: fileResponse('The task card as a PDF, shown inline (task-card-{taskId}.pdf).', [
          'application/pdf',
        ]),
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      const { taskId } = request.params;
      const pdf = await taskCardPdf(await loadTaskCard(database.pool, taskId, timeZone, user));
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `inline; filename="task-card-${taskId}.pdf"`)
        .header('Cache-Control', 'no-store')
        .send(pdf);
    },
  );
}
