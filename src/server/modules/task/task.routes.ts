// /api/manage/task (list, basics, save, delete) and the task picker /api/suggest/tasks/: any signed-in user.
// A flat base with the case as a form field and a `case` list filter, rather than /api/manage/case/:caseId/task:
// the generic record routes own the `:id` parameter and its schema, and the slip calls of SPEC §7 live under
// /api/manage/task/… as well. The screens still nest tasks under their case (/manage/case/:caseId/task/:taskId).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { WORK_STATUSES } from '../../../shared/schemas/case.js';
import type { Option } from '../../../shared/schemas/common.js';
import { codeOptions, requiredRef } from '../../../shared/schemas/fields.js';
import { suggestionsResponse } from '../../../shared/schemas/suggest.js';
import { CASE_CLOSED, type TaskListQuery, taskForm, taskListQuery } from '../../../shared/schemas/task.js';
import type { Database } from '../../db/client.js';
import { authorize, currentUser } from '../../platform/auth.js';
import { badRequest } from '../../platform/errors.js';
import { recordRoutes, suggestQuery } from '../../platform/record-routes.js';
import { type ListFilter, likePattern, param, type Queryable, type SortDef } from '../../platform/records.js';
import { departmentOptions } from '../department/index.js';
import { titleCaseTask } from '../language-settings/index.js';
import { TASK } from './task.record.js';

/** Filters and sort: a case's tasks in creation order through tasks_case_idx (case_id, id). */
export function taskList(query: TaskListQuery, filter: ListFilter): SortDef {
  if (query.case) filter.where.push(`t.case_id = ${param(filter, query.case)}`);
  if (query.status !== 'all') filter.where.push(`t.status = ${param(filter, query.status)}`);
  if (query.department) filter.where.push(`t.department_id = ${param(filter, query.department)}`);
  if (query.assignedTo) filter.where.push(`t.assigned_to_id = ${param(filter, query.assignedTo)}`);
  if (query.q) filter.where.push(`t.title ILIKE ${param(filter, likePattern(query.q))}`);
  return { keys: [], dir: query.dir };
}

/** Logged minutes of each task on the page, in one aggregate over slips_task_day_idx (unfinished slips count 0). */
async function withMinutes<T extends { id: number }>(
  db: Queryable,
  items: T[],
): Promise<(T & { minutes: number })[]> {
  if (items.length === 0) return [];
  const { rows } = await db.query<{ task_id: number; minutes: number }>(
    `SELECT task_id, COALESCE(SUM(EXTRACT(EPOCH FROM stop_time - start_time)) / 60, 0)::int AS minutes
       FROM slips WHERE task_id = ANY($1::int[]) AND stop_time IS NOT NULL GROUP BY task_id`,
    [items.map((i) => i.id)],
  );
  const byTask = new Map(rows.map((r) => [r.task_id, r.minutes]));
  return items.map((i) => ({ ...i, minutes: byTask.get(i.id) ?? 0 }));
}

/** The {label, value} of a record named by an address's query value, or null when it names none. */
async function optionOf(db: Queryable, sql: string, id: string | undefined): Promise<Option | null> {
  if (!id || !/^\d{1,9}$/.test(id)) return null;
  const { rows } = await db.query<{ id: number; label: string }>(sql, [Number(id)]);
  return rows[0] ? { value: rows[0].id, label: rows[0].label } : null;
}

export function taskRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  recordRoutes(app, database, timeZone, {
    path: '/api/manage/task',
    key: 'task',
    def: TASK,
    form: taskForm,
    listQuery: taskListQuery,
    list: (query, filter) => taskList(query, filter),
    listed: withMinutes,
    // ?case= names the case of a new task; ?outageId= (SPEC §2 task basics) prefills its outage.
    blank: async (query, db) => ({
      case: await optionOf(
        db,
        `SELECT id, '#' || id || ' ' || title AS label FROM cases WHERE id = $1`,
        query.case,
      ),
      title: query.title?.trim() ?? '',
      department: null,
      assignedTo: null,
      status: { value: 'OPEN', label: 'Open' },
      isProject: false,
      points: null,
      outage: await optionOf(db, 'SELECT id, title AS label FROM outages WHERE id = $1', query.outageId),
      description: null,
    }),
    formOptions: async (db) => ({
      status: codeOptions(WORK_STATUSES),
      department: await departmentOptions(db),
    }),
    hooks: () => ({
      validate: async (tx, values, before) => {
        // SPEC §5: case task titles are title-cased, with the small words and brands of the language settings.
        values.title = await titleCaseTask(tx, String(values.title));
        if (before) {
          // A task stays in its case (moving work between cases is the move-slip dialog's job).
          values.case = before.case.value;
          return;
        }
        // Locks the case against a concurrent close while the task is added.
        const { rows } = await tx.query<{ status: string }>(
          'SELECT status FROM cases WHERE id = $1 FOR SHARE',
          [values.case],
        );
        if (rows[0]?.status === 'CLOSED') throw badRequest({ case: [CASE_CLOSED] });
      },
    }),
  });

  // Open tasks of a case, by title, in creation order.
  const tasksSuggestQuery = suggestQuery.extend({ case: requiredRef() });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/suggest/tasks/',
    {
      schema: {
        querystring: tasksSuggestQuery,
        response: { 200: suggestionsResponse('Open tasks of the case, by title, in creation order.') },
      },
    },
    async (request) => {
      authorize(currentUser(request), `read:${TASK.key}`);
      const { q, limit } = request.query;
      const { rows } = await database.pool.query<{ id: number; title: string }>(
        `SELECT id, title FROM tasks
          WHERE case_id = $1 AND status = 'OPEN' AND ($2::text IS NULL OR title ILIKE $2)
          ORDER BY id LIMIT $3`,
        [request.query.case, q ? likePattern(q) : null, limit],
      );
      return rows.map((r) => ({ value: r.id, label: r.title }));
    },
  );
}
