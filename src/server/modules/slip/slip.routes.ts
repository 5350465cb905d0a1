// The daily panel's calls (SPEC §7): the signed-in user's day, slip defaults / load / save / delete, bucket time.
//   GET    /api/manage/slip/summary/{MMddyyyy}   -> SlipSummary
//   GET    /api/manage/slip?task=&limit=&after=  -> { items, next, totalMinutes (first page) }  (a task's slips)
//   GET    /api/manage/slip/create?taskId=       -> { slip (defaults), formOptions }
//   GET    /api/manage/slip/create?copyId=       -> { slip (a copy of that slip), formOptions }
//   GET    /api/manage/slip/{id}                 -> { slip, formOptions }
//   POST   /api/manage/slip/{id|create}          -> { slip }   (owner only; the biller never changes)
//   DELETE /api/manage/slip/{id}[?version=]      -> { deleted: true }  (SPEC §7: no payload, or { version })
//   POST   /api/manage/bucket/{categoryId}/{MMddyyyy} -> { bucket }
// The three writes take an optional Idempotency-Key header (platform/idempotency.ts): the offline queue's retries.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { wallClockOf } from '../../../shared/format/company-time.js';
import { idOrCreateParam, idParam, PAGE_SIZE, recordId } from '../../../shared/schemas/common.js';
import { pathDate } from '../../../shared/schemas/path-date.js';
import { deletedResponse } from '../../../shared/schemas/record.js';
import {
  bucketForm,
  bucketSavedResponse,
  type SlipSummary,
  slipForm,
  slipLoadResponse,
  slipSavedResponse,
  slipSummarySchema,
  taskSlipsResponse,
} from '../../../shared/schemas/slip.js';
import type { Database } from '../../db/client.js';
import { signedIn } from '../../platform/auth.js';
import { decodeCursor } from '../../platform/cursor.js';
import { idempotencyHeaders, once } from '../../platform/idempotency.js';
import { deleteBody, deleteQuery, deleteVersion, emptyBodyIsNone } from '../../platform/record-routes.js';
import { withTransaction } from '../../platform/transaction.js';
import { bucketMinutes, saveBucket } from './bucket.service.js';
import {
  billerOptions,
  createSlip,
  dayBuckets,
  daySlips,
  deleteSlip,
  howOptions,
  rateMultiplierOptions,
  requireSlip,
  type SlipValues,
  slipFormOptions,
  taskSlips,
  updateSlip,
  whereOptions,
} from './slip.service.js';
import { slipForViewer } from './slip.visibility.js';
import { blankSlip, copySlip } from './slip-defaults.js';

const createQuery = z.object({
  taskId: recordId().optional().catch(undefined),
  copyId: recordId().optional().catch(undefined),
});
const taskSlipsQuery = z.object({
  task: recordId(),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE),
  after: z.string().max(200).optional(),
});
const slipCursor = z.tuple([z.string(), z.string(), z.number().int()]);

export function slipRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const pool = database.pool;

  api.get(
    '/api/manage/slip',
    { schema: { querystring: taskSlipsQuery, response: { 200: taskSlipsResponse } } },
    async (request) => {
      const user = signedIn(request);
      const { task, limit, after } = request.query;
      const page = await taskSlips(
        pool,
        task,
        limit,
        after ? decodeCursor(after, slipCursor) : null,
        user.id,
      );
      return { ...page, items: page.items.map((slip) => slipForViewer(slip, user)) };
    },
  );

  api.get(
    '/api/manage/slip/summary/:date',
    { schema: { params: z.object({ date: pathDate }), response: { 200: slipSummarySchema } } },
    async (request): Promise<SlipSummary> => {
      const user = signedIn(request);
      const { date } = request.params;
      // Three bounded queries whatever the number of slips: slips with everything they show, the buckets, billers.
      const [slips, buckets, billers] = await Promise.all([
        daySlips(pool, user.id, date),
        dayBuckets(pool, user.id, date),
        billerOptions(pool),
      ]);
      return {
        slips,
        buckets,
        whereOptions: whereOptions(),
        howOptions: howOptions(),
        rateMultiplierOptions: rateMultiplierOptions(),
        billerOptions: billers,
      };
    },
  );

  api.get(
    '/api/manage/slip/:id',
    { schema: { params: idOrCreateParam, querystring: createQuery, response: { 200: slipLoadResponse } } },
    async (request) => {
      const user = signedIn(request);
      const { id } = request.params;
      const { taskId, copyId } = request.query;
      const slip =
        id !== 'create'
          ? slipForViewer(await requireSlip(pool, id, user.id), user)
          : copyId
            ? await copySlip(pool, copyId, user)
            : await blankSlip(pool, taskId ?? null, user, wallClockOf(new Date(), timeZone).date);
      return { slip, formOptions: await slipFormOptions(pool) };
    },
  );

  api.post(
    '/api/manage/slip/:id',
    {
      schema: {
        params: idOrCreateParam,
        body: slipForm,
        headers: idempotencyHeaders,
        response: { 200: slipSavedResponse },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      const values = request.body as SlipValues;
      const { id } = request.params;
      return withTransaction(database, ({ client }) =>
        once(client, request, reply, user.id, async () => ({
          slip:
            id === 'create'
              ? await createSlip(client, values, user.id, app.webhooks)
              : await updateSlip(client, id, values, user.id, timeZone, app.webhooks),
        })),
      );
    },
  );

  api.delete(
    '/api/manage/slip/:id',
    {
      schema: {
        params: idParam,
        querystring: deleteQuery,
        body: deleteBody,
        headers: idempotencyHeaders,
        response: { 200: deletedResponse },
      },
      onRequest: emptyBodyIsNone,
    },
    async (request, reply) => {
      const user = signedIn(request);
      return withTransaction(database, ({ client }) =>
        once(client, request, reply, user.id, async () => {
          await deleteSlip(
            client,
            request.params.id,
            user.id,
            deleteVersion(request),
            timeZone,
            app.webhooks,
          );
          return { deleted: true as const };
        }),
      );
    },
  );

  api.post(
    '/api/manage/bucket/:categoryId/:date',
    {
      schema: {
        params: z.object({ categoryId: recordId(), date: pathDate }),
        body: bucketForm,
        headers: idempotencyHeaders,
        response: { 200: bucketSavedResponse },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      const form = request.body;
      const minutes = bucketMinutes(form.time);
      return withTransaction(database, ({ client }) =>
        once(client, request, reply, user.id, async () => ({
          bucket: await saveBucket(
            client,
            {
              categoryId: request.params.categoryId,
              userId: user.id,
              isoDate: request.params.date,
              minutes,
              comment: form.comment,
              version: form.version,
            },
            timeZone,
          ),
        })),
      );
    },
  );
}
