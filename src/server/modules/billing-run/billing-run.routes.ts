// Month-end billing (administrators, REPORT_ACCESS):
//   GET  /api/report/billing-run                    → { runs }  the latest runs, newest month first
//   POST /api/report/billing-run { period }         → { run }   drafts a month's invoices in a background job
//   GET  /api/report/billing-run/{id}               → { run }   its progress and counts
//   GET  /api/report/billing-run/{id}/invoices      → { items, total }  a page of its invoices
//   POST /api/report/billing-run/{id}/post          → { run, posted, failed }  posts its approved invoices
//   GET  /api/report/invoice/{id}                   → { invoice }  with its lines
//   POST /api/report/invoice/{id}/line, PUT|DELETE …/line/{lineId}, POST …/approve|unapprove|post|void|rebuild
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { companyToday } from '../../../shared/format/company-time.js';
import { allows, REPORT_ACCESS } from '../../../shared/permissions.js';
import {
  addLineBody,
  billingRunResponse,
  billingRunsResponse,
  editLineBody,
  INVOICE_FIELD_LABELS,
  INVOICE_HISTORY_KEY,
  invoiceListQuery,
  invoiceListResponse,
  invoiceResponse,
  lineParams,
  NOTHING_APPROVED,
  PERIOD_NOT_BEGUN,
  postRunResponse,
  RUN_NOT_READY,
  runParams,
  startRunBody,
  versionBody,
  voidBody,
} from '../../../shared/schemas/billing-run.js';
import type { Database } from '../../db/client.js';
import { currentUser } from '../../platform/auth.js';
import {
  badRequest,
  conflict,
  fieldError,
  HttpError,
  notFound,
  requireVersion,
} from '../../platform/errors.js';
import { registerHistoryEntity } from '../../platform/history.js';
import { errorDocs } from '../../platform/openapi.js';
import type { Queryable } from '../../platform/records.js';
import { withTransaction } from '../../platform/transaction.js';
import { loadDefaultRate, refreshWipDays, reportsAllowed } from '../report/index.js';
import { loadVirtualDevices } from '../rmm-settings/index.js';
import { draftInvoices } from './draft-lines.js';
import {
  type InvoiceRow,
  listInvoices,
  loadInvoice,
  lockInvoice,
  numberOf,
  readInvoice,
} from './invoice.service.js';
import {
  type Actor,
  addLine,
  approve,
  editLine,
  post,
  removeLine,
  unapprove,
  voidInvoice,
} from './invoice-actions.js';
import { draftRun, listRuns, loadRun, RUN_JOB, type RunJobData, startRun } from './run.service.js';
import { monthDays } from './terms.js';
import { writeDrafts } from './write-drafts.js';

const RUN = '/api/report/billing-run';
const INVOICE = '/api/report/invoice';
const STALE = {
  409: 'The invoice was changed by someone else, or its state forbids this; current holds it as it is now.',
};

export function billingRunRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  const db = database.pool;
  const jobState = (id: string) => app.jobs.state(RUN_JOB, id);
  registerHistoryEntity({
    key: INVOICE_HISTORY_KEY,
    objectClass: 'Invoice',
    fieldLabels: INVOICE_FIELD_LABELS,
    title: async (q, id) => {
      const row = await readInvoice(q, id);
      return row ? `${numberOf(row) ?? 'Draft invoice'}: ${row.organization}` : null;
    },
    canRead: (user) => allows(user, REPORT_ACCESS),
  });
  app.jobs.register<RunJobData>(RUN_JOB, (data) => draftRun(database, data, timeZone));

  const api = app.withTypeProvider<ZodTypeProvider>();
  const actorOf = (request: Parameters<typeof currentUser>[0]): Actor => ({
    id: currentUser(request).id,
    timeZone,
  });

  api.get(
    RUN,
    { schema: { response: { 200: billingRunsResponse } }, preValidation: reportsAllowed },
    async () => ({ runs: await listRuns(db, jobState) }),
  );

  api.post(
    RUN,
    {
      schema: { body: startRunBody, response: { 200: billingRunResponse } },
      preValidation: reportsAllowed,
    },
    async (request) => {
      const { period } = request.body;
      if (period > companyToday(timeZone).iso.slice(0, 7)) throw fieldError('period', PERIOD_NOT_BEGUN);
      // The job is queued in the run's transaction (a run exists only with its job): the queue must be running
      // before, as the embedded database's one connection is the transaction's.
      await app.jobs.start();
      const id = await startRun(database, period, actorOf(request).id, (tx, data) =>
        app.jobs.send(RUN_JOB, data, { retryLimit: 0, db: tx }),
      );
      return { run: await loadRun(db, id, jobState) };
    },
  );

  api.get(
    `${RUN}/:id`,
    { schema: { params: runParams, response: { 200: billingRunResponse } }, preValidation: reportsAllowed },
    async (request) => ({ run: await loadRun(db, request.params.id, jobState) }),
  );

  api.get(
    `${RUN}/:id/invoices`,
    {
      schema: { params: runParams, querystring: invoiceListQuery, response: { 200: invoiceListResponse } },
      preValidation: reportsAllowed,
    },
    async (request) => {
      // Only whether the run exists: its figures are not needed for a page of its invoices.
      const found = await db.query('SELECT 1 FROM billing_runs WHERE id = $1', [request.params.id]);
      if (found.rowCount === 0) throw notFound();
      return listInvoices(db, request.params.id, request.query);
    },
  );

  api.post(
    `${RUN}/:id/post`,
    {
      schema: {
        responseDocs: errorDocs({ 409: 'The run is still drafting.' }),
        params: runParams,
        response: { 200: postRunResponse },
      },
      preValidation: reportsAllowed,
    },
    async (request) => {
      const actor = actorOf(request);
      const run = await loadRun(db, request.params.id, jobState);
      if (run.status.value !== 'READY') throw conflict(RUN_NOT_READY, { run });
      // Numbered in the order of the clients' names; each invoice in its own transaction, so one that cannot be
      // posted (its time changed) is reported and leaves the others posted.
      const { rows } = await db.query<{ id: number }>(
        `SELECT i.id FROM invoices i JOIN organizations o ON o.id = i.organization_id
          WHERE i.run_id = $1 AND i.kind = 'INVOICE' AND i.status = 'APPROVED' ORDER BY o.name, i.id`,
        [run.id],
      );
      if (rows.length === 0) throw badRequest({}, [NOTHING_APPROVED]);
      let posted = 0;
      const failed: { invoice: { value: number; label: string }; message: string }[] = [];
      for (const { id } of rows) {
        try {
          await withTransaction(database, async ({ client }) => {
            const row = await readInvoice(client, id, true);
            if (row?.status !== 'APPROVED') return;
            await post(client, row, actor, app.webhooks);
            posted += 1;
          });
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          const row = await readInvoice(db, id);
          failed.push({
            invoice: { value: id, label: row?.organization ?? `#${id}` },
            message: error.message,
          });
        }
      }
      return { run: await loadRun(db, run.id, jobState), posted, failed };
    },
  );

  api.get(
    `${INVOICE}/:id`,
    { schema: { params: runParams, response: { 200: invoiceResponse } }, preValidation: reportsAllowed },
    async (request) => ({ invoice: await loadInvoice(db, request.params.id) }),
  );

  /** A change to one invoice: locked at the version the biller saw, done, answered as it is now. */
  const change = <B extends { version?: number | undefined }, P extends { id: number }>(
    path: string,
    method: 'POST' | 'PUT' | 'DELETE',
    schemas: { body?: z.ZodType<B>; params: z.ZodType<P> },
    work: (tx: Queryable, row: InvoiceRow, input: { body: B; params: P; actor: Actor }) => Promise<unknown>,
    before?: () => Promise<void>,
  ) =>
    api.route({
      method,
      url: `${INVOICE}/:id${path}`,
      schema: {
        responseDocs: errorDocs(STALE),
        params: schemas.params,
        ...(method === 'DELETE' ? { querystring: versionBody } : { body: schemas.body ?? versionBody }),
        response: { 200: invoiceResponse },
      },
      preValidation: reportsAllowed,
      handler: async (request) => {
        const body = (method === 'DELETE' ? request.query : request.body) as B;
        const params = request.params as P;
        const version = requireVersion(body.version);
        await before?.();
        await withTransaction(database, async ({ client }) => {
          const row = await lockInvoice(client, params.id, version, timeZone);
          await work(client, row, { body, params, actor: actorOf(request) });
        });
        return { invoice: await loadInvoice(db, params.id) };
      },
    });

  change('/line', 'POST', { body: addLineBody, params: runParams }, (tx, row, { body, actor }) =>
    addLine(tx, row, body, actor),
  );
  change(
    '/line/:lineId',
    'PUT',
    { body: editLineBody, params: lineParams },
    (tx, row, { body, params, actor }) => editLine(tx, row, params.lineId, body, actor),
  );
  change('/line/:lineId', 'DELETE', { params: lineParams }, (tx, row, { params, actor }) =>
    removeLine(tx, row, params.lineId, actor),
  );
  change('/approve', 'POST', { params: runParams }, (tx, row, { actor }) => approve(tx, row, actor));
  change('/unapprove', 'POST', { params: runParams }, (tx, row, { actor }) => unapprove(tx, row, actor));
  change('/post', 'POST', { params: runParams }, (tx, row, { actor }) => post(tx, row, actor, app.webhooks));
  change('/void', 'POST', { body: voidBody, params: runParams }, (tx, row, { body, actor }) =>
    voidInvoice(tx, row, body.reason, actor, app.webhooks),
  );
  // Drafted again from what is there now; the kept figures of time are brought up to date before the transaction.
  change(
    '/rebuild',
    'POST',
    { params: runParams },
    async (tx, row, { actor }) => {
      if (!row.run_id || row.run_status !== 'READY' || !['DRAFT', 'APPROVED'].includes(row.status))
        throw conflict(RUN_NOT_READY, null);
      const period = row.run_period!;
      const { from, to } = monthDays(period);
      const drafted = await draftInvoices(tx, [row.organization_id], {
        period,
        timeZone,
        virtual: await loadVirtualDevices(tx),
      });
      await writeDrafts(
        tx,
        { id: row.run_id, from, to, actorId: actor.id },
        [row.organization_id],
        drafted.invoices,
        {
          keepEmpty: true,
        },
      );
    },
    async () => refreshWipDays(db, await loadDefaultRate(db)),
  );
}
