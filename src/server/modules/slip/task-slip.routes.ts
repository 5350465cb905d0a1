// The move-slip dialog (SPEC §2, §5, §7):
//   GET  /api/manage/task/available-for-slip?slipId=&client=&department=&q=&limit= -> AvailableForSlip
//   POST /api/manage/task/{taskId}/move-slip/{slipId}  { targetTask }              -> { caseId, taskId } | 400 { errors }
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordId } from '../../../shared/schemas/common.js';
import {
  type AvailableForSlip,
  type AvailableTask,
  availableForSlipQuery,
  availableForSlipSchema,
  type MoveSlipResult,
  moveSlipBody,
  moveSlipRefusedSchema,
  moveSlipResultSchema,
  NO_TARGET_TASK,
  NOT_OWNER,
} from '../../../shared/schemas/slip.js';
import type { Database } from '../../db/client.js';
import { signedIn } from '../../platform/auth.js';
import { body } from '../../platform/errors.js';
import { likePattern, type Queryable } from '../../platform/records.js';
import { withTransaction } from '../../platform/transaction.js';
import { closedMessage, loadSlipRow, presentSlip, slipRefusals, taskState } from './slip.service.js';
import { weekLockedMessage } from './week-lock.js';

export const SLIP_NOT_ON_TASK = 'This slip is no longer on this task. Refresh and try again.';
export const TARGET_NOT_FOUND = 'The selected task no longer exists. Refresh and try again.';
export const SAME_TASK = 'The slip is already on this task. Choose another task.';

/** A refused move: 400 with the messages both as the dialog's `errors` list and in the platform's error shape. */
class MoveRefused extends Error {
  constructor(readonly errors: string[]) {
    super(errors.join('\n'));
  }
}

async function activeDepartments(db: Queryable): Promise<AvailableForSlip['departments']> {
  const { rows } = await db.query<{ id: number; name: string }>(
    'SELECT id, name FROM departments WHERE active ORDER BY name, id LIMIT 500',
  );
  return rows.map((r) => ({ value: r.id, label: r.name }));
}

export function taskSlipRoutes(app: FastifyInstance, database: Database): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const pool = database.pool;

  api.get(
    '/api/manage/task/available-for-slip',
    { schema: { querystring: availableForSlipQuery, response: { 200: availableForSlipSchema } } },
    async (request): Promise<AvailableForSlip> => {
      signedIn(request);
      const query = request.query;
      const slip = query.slipId ? await loadSlipRow(pool, query.slipId) : null;
      const departments = await activeDepartments(pool);
      let tasks: AvailableTask[] = [];
      // Results load only once a client is chosen (SPEC §5: "Select a Client to see results.").
      if (query.client) {
        const params: unknown[] = [query.client];
        const where = [`c.organization_id = $1`, `c.status = 'OPEN'`, `t.status = 'OPEN'`];
        if (query.department) {
          params.push(query.department);
          where.push(`t.department_id = $${params.length}`);
        }
        if (query.q) {
          params.push(likePattern(query.q));
          where.push(`(t.title ILIKE $${params.length} OR c.title ILIKE $${params.length})`);
        }
        if (slip) {
          params.push(slip.task_id);
          where.push(`t.id <> $${params.length}`);
        }
        params.push(query.limit);
        // Newest cases first: the client's open cases (cases_org_status_idx), then their tasks (tasks_case_idx).
        const { rows } = await pool.query<{
          id: number;
          title: string;
          case_id: number;
          case_title: string;
          organization: string;
          department: string | null;
        }>(
          `SELECT t.id, t.title, c.id AS case_id, c.title AS case_title, o.name AS organization,
                  d.name AS department
             FROM cases c
             JOIN tasks t ON t.case_id = c.id
             JOIN organizations o ON o.id = c.organization_id
             LEFT JOIN departments d ON d.id = t.department_id
            WHERE ${where.join(' AND ')}
            ORDER BY c.id DESC, t.id DESC
            LIMIT $${params.length}`,
          params,
        );
        tasks = rows.map((r) => ({
          id: r.id,
          title: r.title,
          caseId: r.case_id,
          caseTitle: r.case_title,
          organization: r.organization,
          department: r.department,
        }));
      }
      return {
        tasks,
        departments,
        default_department: slip?.task_department_id ?? null,
        default_client: slip ? { value: slip.organization_id, label: slip.organization_name } : null,
      };
    },
  );

  api.post(
    '/api/manage/task/:taskId/move-slip/:slipId',
    {
      schema: {
        params: z.object({
          taskId: recordId(),
          slipId: recordId(),
        }),
        // A malformed target is the same as none: the dialog shows NO_TARGET_TASK.
        body: moveSlipBody.catch({ targetTask: null }).optional(),
        // A refused move answers the error shape with its messages also as `errors` (the dialog's list).
        response: { 200: moveSlipResultSchema, 400: moveSlipRefusedSchema },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      const { taskId, slipId } = request.params;
      const targetTask = request.body?.targetTask ?? null;
      try {
        if (!targetTask) throw new MoveRefused([NO_TARGET_TASK]);
        return await withTransaction(database, async ({ client }) => {
          const slip = await loadSlipRow(client, slipId, true);
          if (!slip) throw new MoveRefused([SLIP_NOT_ON_TASK]);
          if (slip.task_id !== taskId) throw new MoveRefused([SLIP_NOT_ON_TASK]);
          if (slip.user_id !== user.id) throw new MoveRefused([NOT_OWNER]);
          if (targetTask === taskId) throw new MoveRefused([SAME_TASK]);
          // The delete rule every slip's `can.delete` shows: a billed case's time stays where it was billed, an
          // approved week stays as approved (the share locks wait for a billing or an approval in progress).
          const source = await taskState(client, taskId, true);
          const weekLocked = (await weekLockedMessage(client, user.id, [slip.work_date])) !== null;
          const refused = slipRefusals({ owner: true, weekLocked, task: source ?? slip }).delete;
          if (refused) throw new MoveRefused([refused]);
          const target = await taskState(client, targetTask, true);
          if (!target) throw new MoveRefused([TARGET_NOT_FOUND]);
          const closed = closedMessage(target);
          if (closed) throw new MoveRefused([closed]);
          await client.query(
            `UPDATE slips SET task_id = $1, version = version + 1, updated_at = now(), updated_by = $2
              WHERE id = $3`,
            [target.id, user.id, slipId],
          );
          await app.webhooks.emit(client, {
            type: 'slip.updated',
            entity: `slip:${slipId}`,
            data: async () => presentSlip((await loadSlipRow(client, slipId))!, user.id),
          });
          return { caseId: target.case_id, taskId: target.id } satisfies MoveSlipResult;
        });
      } catch (error) {
        if (!(error instanceof MoveRefused)) throw error;
        return reply
          .status(400)
          .send({ ...body('BAD_REQUEST', error.message, {}, error.errors), errors: error.errors });
      }
    },
  );
}
