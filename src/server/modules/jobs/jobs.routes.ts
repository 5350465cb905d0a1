// /api/admin/jobs (developers only): the background jobs newest first, filtered by queue and state, with Retry
// (failed or cancelled) and Cancel (not yet finished) through pg-boss's own calls; and the hourly session clean-up.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { jobListQuery, jobListSchema, jobParams, jobResponse } from '../../../shared/schemas/jobs.js';
import type { Database } from '../../db/client.js';
import { authorize, currentUser } from '../../platform/auth.js';
import { HttpError, notFound } from '../../platform/errors.js';
import { errorDocs } from '../../platform/openapi.js';
import { CLEANUP_CRON, CLEANUP_JOB, cleanUpSessions } from '../../platform/session-cleanup.js';
import { listJobs, presentJob } from './jobs.service.js';

const PATH = '/api/admin/jobs';
export const NOT_RETRYABLE = 'Only a failed or cancelled job can be retried. Reload the list.';
export const NOT_CANCELLABLE = 'This job has already finished. Reload the list.';

export function jobRoutes(app: FastifyInstance, database: Database, idleMinutes: number): void {
  app.jobs.register(CLEANUP_JOB, () => cleanUpSessions(database.pool, idleMinutes));
  app.jobs.schedule(CLEANUP_JOB, CLEANUP_CRON);

  // Refused before the query is validated: a non-developer learns nothing from validation errors.
  const developer = async (request: FastifyRequest) => {
    authorize(currentUser(request), 'developer');
  };
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    PATH,
    { schema: { querystring: jobListQuery, response: { 200: jobListSchema } }, preValidation: developer },
    async (request) => listJobs(database.pool, app.jobs, request.query),
  );

  const act = (action: 'retry' | 'cancel', refused: string) =>
    api.post(
      `${PATH}/:queue/:id/${action}`,
      {
        schema: {
          responseDocs: errorDocs({
            409: 'The job is not in a state this action applies to; current holds the job.',
          }),
          params: jobParams,
          response: { 200: jobResponse },
        },
        preValidation: developer,
      },
      async (request) => {
        authorize(currentUser(request), 'developer');
        const { queue, id } = request.params;
        if (!(await app.jobs.get(queue, id))) throw notFound();
        const done = await app.jobs[action](queue, id);
        const job = await app.jobs.get(queue, id);
        if (!job) throw notFound();
        const presented = await presentJob(database.pool, job);
        if (!done) throw new HttpError(409, 'CONFLICT', refused, {}, [refused], presented);
        return { job: presented };
      },
    );
  act('retry', NOT_RETRYABLE);
  act('cancel', NOT_CANCELLABLE);
}
